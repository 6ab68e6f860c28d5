#include "CText.h"

#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define HB_FUNCS(X) X(hb_blob_create_from_file_or_fail) X(hb_blob_destroy) X(hb_face_create) X(hb_face_destroy) \
    X(hb_face_get_upem) X(hb_font_create) X(hb_font_set_scale) X(hb_buffer_create) X(hb_buffer_destroy) \
    X(hb_buffer_add_utf8) X(hb_buffer_set_direction) X(hb_buffer_set_script) X(hb_buffer_guess_segment_properties) \
    X(hb_buffer_get_glyph_positions) X(hb_buffer_get_length) X(hb_shape) X(hb_script_from_string) \
    X(hb_font_get_nominal_glyph) X(hb_font_get_glyph_h_advance) X(hb_buffer_set_cluster_level)
#define FC_FUNCS(X) X(FcInitLoadConfigAndFonts) X(FcNameParse) X(FcConfigSubstitute) X(FcDefaultSubstitute) \
    X(FcFontMatch) X(FcPatternGetString) X(FcPatternGetInteger) X(FcPatternDestroy)
// For the default directories' configuration (fontconfig 2.13 and later); without them the system's is used.
#define FC_QUICK_FUNCS(X) X(FcConfigCreate) X(FcConfigParseAndLoadFromMemory) X(FcConfigBuildFonts) X(FcConfigDestroy)

static struct {
#define T_POINTER(name) __typeof__(&name) name;
    HB_FUNCS(T_POINTER) FC_FUNCS(T_POINTER) FC_QUICK_FUNCS(T_POINTER)
} t;
static int loaded = 0;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

// Two configurations, asked in turn. The measurer asks for a font by its exact family and style and takes no
// other family (`ps_text_font_open`), so of the system's configuration only its font directories decide what it
// gets: the rest (aliases, hinting, fallbacks; 47 files on Debian) is about fonts it refuses, and parsing it costs
// about 30 M instructions, a fifth of listing a bundle. `quick` is fontconfig's default directories and caches
// (those every distribution's fonts.conf names, in its order); `system` is the system's whole configuration, built
// only when `quick` finds no font of the family asked for (fonts installed elsewhere, a family not installed) or
// when the user points fontconfig at another configuration (FONTCONFIG_FILE, FONTCONFIG_PATH, FONTCONFIG_SYSROOT).
static FcConfig *quick = NULL;
static FcConfig *system_config = NULL;
static int system_tried = 0;

static const char quick_configuration[] =
    "<?xml version=\"1.0\"?><fontconfig>"
    "<dir>/usr/share/fonts</dir><dir>/usr/local/share/fonts</dir><dir prefix=\"xdg\">fonts</dir><dir>~/.fonts</dir>"
    "<cachedir>/var/cache/fontconfig</cachedir><cachedir prefix=\"xdg\">fontconfig</cachedir><cachedir>~/.fontconfig</cachedir>"
    "</fontconfig>";

static FcConfig *system_configuration(void) {
    if (!system_tried) {
        system_tried = 1;
        system_config = t.FcInitLoadConfigAndFonts();
    }
    return system_config;
}

static void load(void) {
    void *hb = dlopen("libharfbuzz.so.0", RTLD_NOW | RTLD_LOCAL);
    void *fc = dlopen("libfontconfig.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!hb || !fc) return;
#define T_SYM_HB(name) t.name = (__typeof__(&name))dlsym(hb, #name); if (!t.name) return;
#define T_SYM_FC(name) t.name = (__typeof__(&name))dlsym(fc, #name); if (!t.name) return;
    HB_FUNCS(T_SYM_HB) FC_FUNCS(T_SYM_FC)
    int can_quick = !getenv("FONTCONFIG_FILE") && !getenv("FONTCONFIG_PATH") && !getenv("FONTCONFIG_SYSROOT");
#define T_SYM_QUICK(name) t.name = (__typeof__(&name))dlsym(fc, #name); if (!t.name) can_quick = 0;
    FC_QUICK_FUNCS(T_SYM_QUICK)
    if (can_quick) {
        quick = t.FcConfigCreate();
        if (quick && !(t.FcConfigParseAndLoadFromMemory(quick, (const FcChar8 *)quick_configuration, FcFalse) && t.FcConfigBuildFonts(quick))) {
            t.FcConfigDestroy(quick);
            quick = NULL;
        }
    }
    if (quick || system_configuration()) loaded = 1;
}

int ps_text_available(void) {
    pthread_once(&once, load);
    return loaded;
}

struct ps_text_font {
    char pattern[128];
    char file[1024];
    hb_font_t *font;
    unsigned int upem;
};

// Every font asked for, opened once (a handful per process: one per script and weight).
#define MAX_FONTS 64
static ps_text_font fonts[MAX_FONTS];
static int font_count = 0;

// The file and face `config` matches for `pattern`, when the match is of the family `family` and its name fits.
static int match_file(FcConfig *config, const char *pattern, const char *family, char file[1024], int *index) {
    FcPattern *p = t.FcNameParse((const FcChar8 *)pattern);
    if (!p) return 0;
    t.FcConfigSubstitute(config, p, FcMatchPattern);
    t.FcDefaultSubstitute(p);
    FcResult result;
    FcPattern *m = t.FcFontMatch(config, p, &result);
    FcChar8 *matched_file = NULL, *matched = NULL;
    int ok = 0;
    *index = 0;
    if (m && t.FcPatternGetString(m, FC_FILE, 0, &matched_file) == FcResultMatch && t.FcPatternGetString(m, FC_FAMILY, 0, &matched) == FcResultMatch
        && (!family || strcasecmp((const char *)matched, family) == 0) && strlen((const char *)matched_file) < 1024) {
        t.FcPatternGetInteger(m, FC_INDEX, 0, index);
        strcpy(file, (const char *)matched_file);
        ok = 1;
    }
    if (m) t.FcPatternDestroy(m);
    t.FcPatternDestroy(p);
    return ok;
}

// The font `config` matches for `pattern`, opened and kept, or NULL when it is of another family than `family`.
static ps_text_font *open_with(FcConfig *config, const char *pattern, const char *family) {
    char file[1024];
    int index = 0;
    if (!match_file(config, pattern, family, file, &index)) return NULL;
    hb_blob_t *blob = t.hb_blob_create_from_file_or_fail(file);
    if (!blob) return NULL;
    hb_face_t *face = t.hb_face_create(blob, (unsigned int)index);
    t.hb_blob_destroy(blob);
    unsigned int upem = t.hb_face_get_upem(face);
    hb_font_t *font = t.hb_font_create(face);
    t.hb_face_destroy(face);
    if (!font || upem == 0) return NULL;
    t.hb_font_set_scale(font, (int)upem, (int)upem);
    ps_text_font *f = &fonts[font_count++];
    strcpy(f->pattern, pattern);
    strcpy(f->file, file);
    f->font = font;
    f->upem = upem;
    return f;
}

// Patterns no configuration had a font of their family for, not matched again (a text in a script whose font is
// not installed asks for it at every run of that script).
static char missing[MAX_FONTS][128];
static int missing_count = 0;

ps_text_font *ps_text_font_open(const char *pattern, const char *family) {
    if (!ps_text_available() || !pattern) return NULL;
    pthread_mutex_lock(&lock);
    ps_text_font *found = NULL;
    for (int k = 0; k < font_count; k++) {
        if (strcmp(fonts[k].pattern, pattern) == 0) { found = &fonts[k]; break; }
    }
    int known_missing = 0;
    for (int k = 0; k < missing_count && !found; k++) {
        if (strcmp(missing[k], pattern) == 0) known_missing = 1;
    }
    if (!found && !known_missing && font_count < MAX_FONTS && strlen(pattern) < sizeof fonts[0].pattern) {
        if (quick) found = open_with(quick, pattern, family);
        if (!found && system_configuration()) found = open_with(system_config, pattern, family);
        if (!found && missing_count < MAX_FONTS) strcpy(missing[missing_count++], pattern);
    }
    pthread_mutex_unlock(&lock);
    return found;
}

int ps_text_system_font_file(const char *pattern, const char *family, char *file, int size) {
    if (!ps_text_available() || !pattern || !file || size < 1) return 0;
    pthread_mutex_lock(&lock);
    char found[1024];
    int index = 0;
    int ok = system_configuration() && match_file(system_config, pattern, family, found, &index) && (int)strlen(found) < size;
    if (ok) strcpy(file, found);
    pthread_mutex_unlock(&lock);
    return ok;
}

const char *ps_text_font_file(const ps_text_font *font) { return font ? font->file : ""; }

double ps_text_width(const ps_text_font *font, const char *utf8, int length, double points, const char *script, int rtl) {
    if (!font || !utf8 || length < 0 || !(points > 0)) return -1;
    hb_buffer_t *buffer = t.hb_buffer_create();
    if (!buffer) return -1;
    t.hb_buffer_add_utf8(buffer, utf8, length, 0, length);
    t.hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    if (script) t.hb_buffer_set_script(buffer, t.hb_script_from_string(script, -1));
    t.hb_buffer_guess_segment_properties(buffer);
    t.hb_shape(font->font, buffer, NULL, 0);
    unsigned int n = 0;
    hb_glyph_position_t *positions = t.hb_buffer_get_glyph_positions(buffer, &n);
    long long total = 0;
    for (unsigned int k = 0; k < n; k++) total += positions[k].x_advance;
    t.hb_buffer_destroy(buffer);
    return (double)total * points / (double)font->upem;
}

int ps_text_advance(const ps_text_font *font, unsigned int codepoint, int *units_per_em) {
    if (!font) return -1;
    if (units_per_em) *units_per_em = (int)font->upem;
    hb_codepoint_t glyph = 0;
    if (!t.hb_font_get_nominal_glyph(font->font, codepoint, &glyph)) return -1;
    return (int)t.hb_font_get_glyph_h_advance(font->font, glyph);
}
