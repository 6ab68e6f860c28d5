#include "CArchive.h"
#include "CFirstUse.h"

#include <archive.h>
#include <archive_entry.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

// The soname of the libarchive these headers describe (libarchive13 on Debian).
#define PS_ARCHIVE_SONAME "libarchive.so.13"

#define PS_ARCHIVE_FUNCTIONS(X) X(archive_read_new) X(archive_read_support_format_zip) X(archive_read_open_filename) \
    X(archive_read_next_header) X(archive_read_data) X(archive_read_free) X(archive_error_string) \
    X(archive_entry_pathname) X(archive_entry_size) X(archive_entry_size_is_set) X(archive_entry_filetype) \
    X(archive_entry_symlink)

static struct {
    PS_ARCHIVE_FUNCTIONS(PS_FIRST_USE_POINTER)
} api;
static int loaded = 0;
static char load_error[256] = "";
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *const names[] = { PS_ARCHIVE_FUNCTIONS(PS_FIRST_USE_NAME) };
    loaded = ps_open_library(PS_ARCHIVE_SONAME, "libarchive13", names, (void **)&api, (int)(sizeof names / sizeof *names),
                             load_error, sizeof load_error);
}

struct ps_zip {
    struct archive *archive;
};

ps_zip *ps_zip_open(const char *path, char *why, size_t why_size) {
    pthread_once(&once, load);
    if (!loaded) {
        snprintf(why, why_size, "%s", load_error);
        return NULL;
    }
    struct archive *a = api.archive_read_new();
    if (!a) {
        snprintf(why, why_size, "libarchive could not start a reader");
        return NULL;
    }
    // Zip only: an .ipa or a zipped product is nothing else, and every other format libarchive knows is code
    // that a stranger's file could reach for nothing.
    api.archive_read_support_format_zip(a);
    if (api.archive_read_open_filename(a, path, 64 * 1024) != ARCHIVE_OK) {
        const char *e = api.archive_error_string(a);
        snprintf(why, why_size, "%s", e ? e : "not a zip file");
        api.archive_read_free(a);
        return NULL;
    }
    ps_zip *z = calloc(1, sizeof *z);
    if (!z) {
        api.archive_read_free(a);
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    z->archive = a;
    return z;
}

int ps_zip_next(ps_zip *z, const char **name, int64_t *size, char *kind, const char **link) {
    struct archive_entry *e = NULL;
    int rc = api.archive_read_next_header(z->archive, &e);
    if (rc == ARCHIVE_EOF) return 0;
    if (rc < ARCHIVE_WARN || !e) return -1;
    *name = api.archive_entry_pathname(e);
    *size = api.archive_entry_size_is_set(e) ? (int64_t)api.archive_entry_size(e) : -1;
    *link = NULL;
    switch (api.archive_entry_filetype(e)) {
    case AE_IFREG: *kind = 'f'; break;
    case AE_IFDIR: *kind = 'd'; break;
    case AE_IFLNK: *kind = 'l'; *link = api.archive_entry_symlink(e); break;
    default: *kind = 'o'; break;
    }
    return 1;
}

long ps_zip_read(ps_zip *z, void *buffer, size_t size) {
    la_ssize_t n = api.archive_read_data(z->archive, buffer, size);
    return n < 0 ? -1 : (long)n;
}

const char *ps_zip_error(ps_zip *z) {
    const char *e = api.archive_error_string(z->archive);
    return e ? e : "the zip cannot be read";
}

void ps_zip_close(ps_zip *z) {
    api.archive_read_free(z->archive);
    free(z);
}
