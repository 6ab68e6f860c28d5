#ifndef CCHAFA_H
#define CCHAFA_H
// chafa, which turns pixels into terminal cells (symbol mosaics) or graphics (sixel, kitty, iTerm2), opened on
// first use (dlopen): only a command that draws a picture needs it and GLib, which it brings, so that every
// other command starts without loading either. chafa's own headers stay in chafa.c.
#include <stddef.h>
#include <stdint.h>

// 1 when chafa (and GLib) could be opened; otherwise 0, and ps_chafa_load_error says why.
int ps_chafa_available(void);
const char *ps_chafa_load_error(void);

// How many colours the cells may use.
enum { PS_CHAFA_TRUECOLOR = 0, PS_CHAFA_INDEXED_240 = 1, PS_CHAFA_INDEXED_16 = 2, PS_CHAFA_INDEXED_8 = 3, PS_CHAFA_FGBG = 4 };

// RGBA pixels (unassociated alpha, `stride` bytes a row) as `columns` × `rows` cells of half blocks, quadrants,
// spaces and solid blocks (and whole blocks when `mode` is PS_CHAFA_FGBG): for each cell, row by row, its
// symbol in `symbols` and its colours in `foreground` and `background` (0xRRGGBB for PS_CHAFA_TRUECOLOR,
// palette indices otherwise, -1 for none), each columns × rows long. 0 on success, -1 when chafa is missing.
int ps_chafa_cells(const uint8_t *pixels, int width, int height, int stride, int columns, int rows, int mode,
                   uint32_t *symbols, int32_t *foreground, int32_t *background);

// Graphics protocols.
enum { PS_CHAFA_SIXEL = 0, PS_CHAFA_KITTY = 1, PS_CHAFA_ITERM2 = 2 };

// The escape sequences that draw the pixels in `columns` × `rows` cells of `cell_width` × `cell_height` pixels
// with `protocol`, in `*out` (`*out_size` bytes; free with ps_chafa_free). 0 on success.
int ps_chafa_graphics(const uint8_t *pixels, int width, int height, int stride, int columns, int rows, int cell_width,
                      int cell_height, int protocol, uint8_t **out, size_t *out_size);
void ps_chafa_free(uint8_t *bytes);

#endif
