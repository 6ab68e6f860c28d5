#include "CChafa.h"

#include "CFirstUse.h"

#include <chafa.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The sonames of the chafa and GLib these headers describe (both keep their ABI under these names).
#define CHAFA_SONAME "libchafa.so.0"
#define GLIB_SONAME "libglib-2.0.so.0"

#define CHAFA_FUNCTIONS(X) X(chafa_symbol_map_new) X(chafa_symbol_map_unref) X(chafa_symbol_map_add_by_tags) \
    X(chafa_canvas_config_new) X(chafa_canvas_config_unref) X(chafa_canvas_config_set_geometry) \
    X(chafa_canvas_config_set_cell_geometry) X(chafa_canvas_config_set_symbol_map) \
    X(chafa_canvas_config_set_pixel_mode) X(chafa_canvas_config_set_canvas_mode) X(chafa_canvas_new) \
    X(chafa_canvas_unref) X(chafa_canvas_draw_all_pixels) X(chafa_canvas_get_char_at) X(chafa_canvas_get_colors_at) \
    X(chafa_canvas_get_raw_colors_at) X(chafa_canvas_print) X(chafa_term_db_get_default) \
    X(chafa_term_db_get_fallback_info) X(chafa_term_info_unref)
#define GLIB_FUNCTIONS(X) X(g_string_free)

static struct { CHAFA_FUNCTIONS(PS_FIRST_USE_POINTER) } c;
static struct { GLIB_FUNCTIONS(PS_FIRST_USE_POINTER) } g;
static int loaded = 0;
static char load_error[256] = "";
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *const chafa[] = { CHAFA_FUNCTIONS(PS_FIRST_USE_NAME) };
    static const char *const glib[] = { GLIB_FUNCTIONS(PS_FIRST_USE_NAME) };
    loaded = ps_open_library(CHAFA_SONAME, "libchafa0", chafa, (void **)&c, (int)(sizeof chafa / sizeof *chafa), load_error, sizeof load_error)
          && ps_open_library(GLIB_SONAME, "libglib2.0-0", glib, (void **)&g, (int)(sizeof glib / sizeof *glib), load_error, sizeof load_error);
}

int ps_chafa_available(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *ps_chafa_load_error(void) {
    pthread_once(&once, load);
    return load_error;
}

static ChafaCanvasMode canvas_mode(int mode) {
    switch (mode) {
    case PS_CHAFA_TRUECOLOR: return CHAFA_CANVAS_MODE_TRUECOLOR;
    case PS_CHAFA_INDEXED_240: return CHAFA_CANVAS_MODE_INDEXED_240;
    case PS_CHAFA_INDEXED_16: return CHAFA_CANVAS_MODE_INDEXED_16;
    case PS_CHAFA_INDEXED_8: return CHAFA_CANVAS_MODE_INDEXED_8;
    default: return CHAFA_CANVAS_MODE_FGBG;
    }
}

int ps_chafa_cells(const uint8_t *pixels, int width, int height, int stride, int columns, int rows, int mode,
                   uint32_t *symbols, int32_t *foreground, int32_t *background) {
    if (!ps_chafa_available()) return -1;
    ChafaSymbolMap *map = c.chafa_symbol_map_new();
    ChafaSymbolTags tags = CHAFA_SYMBOL_TAG_HALF | CHAFA_SYMBOL_TAG_QUAD | CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_SOLID;
    if (mode == PS_CHAFA_FGBG) tags |= CHAFA_SYMBOL_TAG_BLOCK;
    c.chafa_symbol_map_add_by_tags(map, tags);
    ChafaCanvasConfig *config = c.chafa_canvas_config_new();
    c.chafa_canvas_config_set_geometry(config, columns, rows);
    c.chafa_canvas_config_set_symbol_map(config, map);
    c.chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SYMBOLS);
    c.chafa_canvas_config_set_canvas_mode(config, canvas_mode(mode));
    ChafaCanvas *canvas = c.chafa_canvas_new(config);
    c.chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels, width, height, stride);
    for (int y = 0; y < rows; y++) {
        for (int x = 0; x < columns; x++) {
            size_t i = (size_t)y * (size_t)columns + (size_t)x;
            gint fg = -1, bg = -1;
            symbols[i] = (uint32_t)c.chafa_canvas_get_char_at(canvas, x, y);
            if (mode == PS_CHAFA_TRUECOLOR) c.chafa_canvas_get_colors_at(canvas, x, y, &fg, &bg);
            else if (mode != PS_CHAFA_FGBG) c.chafa_canvas_get_raw_colors_at(canvas, x, y, &fg, &bg);
            foreground[i] = fg;
            background[i] = bg;
        }
    }
    c.chafa_canvas_unref(canvas);
    c.chafa_canvas_config_unref(config);
    c.chafa_symbol_map_unref(map);
    return 0;
}

int ps_chafa_graphics(const uint8_t *pixels, int width, int height, int stride, int columns, int rows, int cell_width,
                      int cell_height, int protocol, uint8_t **out, size_t *out_size) {
    *out = NULL;
    *out_size = 0;
    if (!ps_chafa_available()) return -1;
    ChafaCanvasConfig *config = c.chafa_canvas_config_new();
    c.chafa_canvas_config_set_geometry(config, columns, rows);
    c.chafa_canvas_config_set_cell_geometry(config, cell_width, cell_height);
    c.chafa_canvas_config_set_pixel_mode(config, protocol == PS_CHAFA_SIXEL ? CHAFA_PIXEL_MODE_SIXELS
                                               : protocol == PS_CHAFA_KITTY ? CHAFA_PIXEL_MODE_KITTY : CHAFA_PIXEL_MODE_ITERM2);
    c.chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR);
    ChafaCanvas *canvas = c.chafa_canvas_new(config);
    c.chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels, width, height, stride);
    int rc = -1;
    // The fallback sequences hold every protocol's: the choice is ours (by the terminal's answers), not the
    // term database's.
    ChafaTermInfo *info = c.chafa_term_db_get_fallback_info(c.chafa_term_db_get_default());
    if (info) {
        GString *printed = c.chafa_canvas_print(canvas, info);
        if (printed) {
            *out = malloc(printed->len ? printed->len : 1);
            if (*out) {
                memcpy(*out, printed->str, printed->len);
                *out_size = printed->len;
                rc = 0;
            }
            g.g_string_free(printed, TRUE);
        }
        c.chafa_term_info_unref(info);
    }
    c.chafa_canvas_unref(canvas);
    c.chafa_canvas_config_unref(config);
    return rc;
}

void ps_chafa_free(uint8_t *bytes) { free(bytes); }
