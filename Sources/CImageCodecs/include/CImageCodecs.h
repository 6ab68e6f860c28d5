#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H
// Decoding screenshots (PNG through libpng, JPEG through libjpeg-turbo, HEIC through libheif) into RGBA8, in
// two steps: the size from the header first (so the caller can refuse an image over its pixel limit before
// anything is decoded, and allocate the result itself), then the pixels straight into the caller's buffer.
// The libraries' own error paths (libjpeg's longjmp among them) stay in C.
#include <stddef.h>
#include <stdint.h>

enum { PS_IMAGE_PNG = 1, PS_IMAGE_JPEG = 2, PS_IMAGE_HEIF = 3 };

// 0 on success; otherwise -1 and a message in `error` (at most `error_size` bytes, terminated).
int ps_image_size(int kind, const uint8_t *data, size_t size, int *width, int *height, char *error, size_t error_size);
// Decodes into `pixels` (width * height * 4 bytes, RGBA, rows top to bottom); width and height from ps_image_size.
int ps_image_decode(int kind, const uint8_t *data, size_t size, uint8_t *pixels, int width, int height, char *error, size_t error_size);

// RGBA pixels as a PNG file in memory (free it with ps_png_free). 0 on success.
int ps_png_encode(const uint8_t *pixels, int width, int height, uint8_t **out, size_t *out_size, char *error, size_t error_size);
void ps_png_free(uint8_t *bytes);

#endif
