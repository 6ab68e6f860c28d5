#ifndef CTEXT_H
#define CTEXT_H
// Text set as a device sets it: a font found by fontconfig, the text shaped by HarfBuzz (kerning, ligatures,
// Arabic joining), the advances summed. Both libraries are opened on first use (dlopen), as FFmpeg's and
// libheif are: only an archive without recorded intrinsic sizes needs them, and never at start-up.
#include <stddef.h>

typedef struct ps_text_font ps_text_font;

// 1 when HarfBuzz and fontconfig could be opened.
int ps_text_available(void);

// The font fontconfig gives for `pattern` (`Inter:style=SemiBold`, `Noto Sans Arabic`), or NULL when it gives
// none or one of another family than `family` (fontconfig always answers with something: a stand-in font
// would measure another typeface). Asked of fontconfig's default font directories first, then of the system's
// whole configuration (text.c says why). Fonts are kept for the process; thread-safe.
ps_text_font *ps_text_font_open(const char *pattern, const char *family);

// The file the system's whole fontconfig configuration matches for `pattern` when it is of `family` (1), into
// `file`; 0 otherwise. `ps_text_font_open` asks the default font directories first: this is what it must agree with.
int ps_text_system_font_file(const char *pattern, const char *family, char *file, int size);

// The font's file, for saying which font measured.
const char *ps_text_font_file(const ps_text_font *font);

// The advance width, in points at `points`, of the UTF-8 text shaped with the font: `script` an ISO 15924 tag
// (`Latn`, `Arab`, `Hani`) or NULL to guess, `rtl` for right-to-left runs. -1 when the text cannot be shaped.
double ps_text_width(const ps_text_font *font, const char *utf8, int length, double points, const char *script, int rtl);

// The advance of one code point with no shaping (for the advance tables generated from the same fonts), in
// font units per em; `units_per_em` gets the font's em. -1 when the font has no glyph for it.
int ps_text_advance(const ps_text_font *font, unsigned int codepoint, int *units_per_em);

#endif
