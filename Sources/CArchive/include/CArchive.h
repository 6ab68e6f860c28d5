#ifndef CARCHIVE_H
#define CARCHIVE_H
// Zip files (.ipa, a zipped .app or bundle) read in place with libarchive (Debian's libarchive-dev), which is opened
// on first use (dlopen): only `audit` of a zipped product needs it. Nothing is ever extracted to disk: the caller
// walks the entries and reads the ones it wants into memory, counting what it reads against its own limits.
// libarchive's headers stay in archive.c.
#include <stddef.h>
#include <stdint.h>

typedef struct ps_zip ps_zip;

// Opens the zip at `path` for reading. NULL, and why in `why` (at most `why_size` bytes), when libarchive cannot
// be opened or the file is not a zip it can read.
ps_zip *_Nullable ps_zip_open(const char *_Nonnull path, char *_Nonnull why, size_t why_size);

// The next entry: 1 and its name (as stored, bytes), its size (-1 when the archive does not say) and its kind
// ('f' file, 'd' folder, 'l' symbolic link, with its target in `link`, 'o' anything else); 0 after the last
// entry; -1 on an error (ps_zip_error says which). Names stay valid until the next call.
int ps_zip_next(ps_zip *_Nonnull zip, const char *_Nullable *_Nonnull name, int64_t *_Nonnull size, char *_Nonnull kind,
                const char *_Nullable *_Nonnull link);

// Reads at most `size` bytes of the current entry into `buffer`: how many, 0 at its end, -1 on an error.
long ps_zip_read(ps_zip *_Nonnull zip, void *_Nonnull buffer, size_t size);

// libarchive's words for the last error.
const char *_Nonnull ps_zip_error(ps_zip *_Nonnull zip);

void ps_zip_close(ps_zip *_Nonnull zip);

#endif
