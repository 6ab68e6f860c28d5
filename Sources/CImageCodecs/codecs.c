#include "CImageCodecs.h"
#include "CFirstUse.h"

#include <png.h>
#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <libheif/heif.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *error, size_t size, const char *message) {
    if (error && size > 0) snprintf(error, size, "%s", message);
    return -1;
}

// Every codec library is opened on first use (dlopen), not linked: only a command that shows a picture needs
// one, and each would otherwise be loaded (and its dependencies mapped) at every command's start-up. The
// sonames are those of the headers compiled against: another major version would be another ABI.
#define STR2(x) #x
#define STR(x) STR2(x)

#define PNG_SONAME "libpng" STR(PNG_LIBPNG_VER_DLLNUM) ".so." STR(PNG_LIBPNG_VER_SONUM)
#define PNG_FUNCTIONS(X) X(png_image_begin_read_from_memory) X(png_image_finish_read) X(png_image_free) X(png_image_write_to_memory)
static struct { PNG_FUNCTIONS(PS_FIRST_USE_POINTER) } png;
static int png_loaded = 0;
static char png_why[256] = "";
static pthread_once_t png_once = PTHREAD_ONCE_INIT;
static void png_load(void) {
    static const char *const names[] = { PNG_FUNCTIONS(PS_FIRST_USE_NAME) };
    png_loaded = ps_open_library(PNG_SONAME, "libpng16-16", names, (void **)&png, (int)(sizeof names / sizeof *names), png_why, sizeof png_why);
}
static int png_available(char *error, size_t error_size) {
    pthread_once(&png_once, png_load);
    if (!png_loaded) fail(error, error_size, png_why);
    return png_loaded;
}

#define JPEG_SONAME "libjpeg.so." STR(JPEG_LIB_VERSION)
#define JPEG_FUNCTIONS(X) X(jpeg_std_error) X(jpeg_CreateDecompress) X(jpeg_destroy_decompress) X(jpeg_mem_src) \
    X(jpeg_read_header) X(jpeg_start_decompress) X(jpeg_read_scanlines) X(jpeg_finish_decompress)
static struct { JPEG_FUNCTIONS(PS_FIRST_USE_POINTER) } jpeg;
static int jpeg_loaded = 0;
static char jpeg_why[256] = "";
static pthread_once_t jpeg_once = PTHREAD_ONCE_INIT;
static void jpeg_load(void) {
    static const char *const names[] = { JPEG_FUNCTIONS(PS_FIRST_USE_NAME) };
    jpeg_loaded = ps_open_library(JPEG_SONAME, "libjpeg62-turbo", names, (void **)&jpeg, (int)(sizeof names / sizeof *names), jpeg_why, sizeof jpeg_why);
}

// MARK: PNG (libpng's simplified API: no longjmp to handle)

static int png_size(const uint8_t *data, size_t size, int *w, int *h, char *error, size_t error_size) {
    // The size from IHDR (bytes 16-23), before libpng reads anything: a header that claims gigapixels is
    // refused whatever follows it.
    if (size < 24 || memcmp(data + 12, "IHDR", 4) != 0) return fail(error, error_size, "not a PNG image (no IHDR)");
    uint32_t pw = (uint32_t)data[16] << 24 | (uint32_t)data[17] << 16 | (uint32_t)data[18] << 8 | data[19];
    uint32_t ph = (uint32_t)data[20] << 24 | (uint32_t)data[21] << 16 | (uint32_t)data[22] << 8 | data[23];
    if (pw == 0 || ph == 0 || pw > 0x7FFFFFFF || ph > 0x7FFFFFFF) return fail(error, error_size, "the PNG header gives no size");
    *w = (int)pw;
    *h = (int)ph;
    return 0;
}

static int png_decode(const uint8_t *data, size_t size, uint8_t *pixels, int w, int h, char *error, size_t error_size) {
    if (!png_available(error, error_size)) return -1;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png.png_image_begin_read_from_memory(&image, data, size)) {
        int r = fail(error, error_size, image.message[0] ? image.message : "not a PNG image");
        png.png_image_free(&image);
        return r;
    }
    if ((int)image.width != w || (int)image.height != h) {
        png.png_image_free(&image);
        return fail(error, error_size, "the PNG header changed between reads");
    }
    image.format = PNG_FORMAT_RGBA;
    if (!png.png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        int r = fail(error, error_size, image.message[0] ? image.message : "the PNG data is corrupt");
        png.png_image_free(&image);
        return r;
    }
    return 0;
}

// MARK: JPEG (libjpeg reports errors by longjmp: it never leaves this file)

struct ps_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    char message[JMSG_LENGTH_MAX];
};

static void ps_jpeg_error_exit(j_common_ptr cinfo) {
    struct ps_jpeg_error *e = (struct ps_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, e->message);
    longjmp(e->escape, 1);
}

static void ps_jpeg_silent(j_common_ptr cinfo) { (void)cinfo; }

// A progressive JPEG may hold any number of scans, each a pass over the whole picture: a few kilobytes of
// repeated scans cost minutes of CPU (a "progressive CPU bomb"). Real screenshots have about ten; past this
// many the decode stops, as djpeg's -maxscans does.
#define PS_JPEG_MAX_SCANS 100

static void ps_jpeg_progress(j_common_ptr cinfo) {
    if (cinfo->is_decompressor && ((j_decompress_ptr)cinfo)->input_scan_number > PS_JPEG_MAX_SCANS) {
        struct ps_jpeg_error *e = (struct ps_jpeg_error *)cinfo->err;
        snprintf(e->message, sizeof e->message, "the JPEG holds more than %d scans (a progressive picture never needs that many)", PS_JPEG_MAX_SCANS);
        longjmp(e->escape, 1);
    }
}

// Reads the header; with `pixels`, decodes into them (RGBA, straight into the rows: no second pass).
static int jpeg_run(const uint8_t *data, size_t size, int *w, int *h, uint8_t *pixels, char *error, size_t error_size) {
    pthread_once(&jpeg_once, jpeg_load);
    if (!jpeg_loaded) return fail(error, error_size, jpeg_why);
    struct jpeg_decompress_struct cinfo;
    struct ps_jpeg_error jerr;
    memset(&jerr, 0, sizeof jerr);
    cinfo.err = jpeg.jpeg_std_error(&jerr.base);
    jerr.base.error_exit = ps_jpeg_error_exit;
    jerr.base.output_message = ps_jpeg_silent;
    if (setjmp(jerr.escape)) {
        jpeg.jpeg_destroy_decompress(&cinfo);
        return fail(error, error_size, jerr.message[0] ? jerr.message : "the JPEG data is corrupt");
    }
    // jpeg_create_decompress, a macro, names the library version and structure size the headers describe.
    jpeg.jpeg_CreateDecompress(&cinfo, JPEG_LIB_VERSION, sizeof cinfo);
    struct jpeg_progress_mgr progress;
    memset(&progress, 0, sizeof progress);
    progress.progress_monitor = ps_jpeg_progress;
    cinfo.progress = &progress;
    jpeg.jpeg_mem_src(&cinfo, data, (unsigned long)size);
    if (jpeg.jpeg_read_header(&cinfo, TRUE) != JPEG_HEADER_OK || cinfo.image_width == 0 || cinfo.image_height == 0) {
        jpeg.jpeg_destroy_decompress(&cinfo);
        return fail(error, error_size, "not a JPEG image");
    }
    if (!pixels) {
        *w = (int)cinfo.image_width;
        *h = (int)cinfo.image_height;
        jpeg.jpeg_destroy_decompress(&cinfo);
        return 0;
    }
    cinfo.out_color_space = JCS_EXT_RGBA;
    jpeg.jpeg_start_decompress(&cinfo);
    if ((int)cinfo.output_width != *w || (int)cinfo.output_height != *h) {
        jpeg.jpeg_destroy_decompress(&cinfo);
        return fail(error, error_size, "the JPEG header changed between reads");
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW rows[16];
        int first = (int)cinfo.output_scanline, n = 0;
        for (; n < 16 && first + n < *h; n++) rows[n] = pixels + (size_t)(first + n) * (size_t)*w * 4;
        if (jpeg.jpeg_read_scanlines(&cinfo, rows, (JDIMENSION)n) == 0) break;
    }
    jpeg.jpeg_finish_decompress(&cinfo);
    jpeg.jpeg_destroy_decompress(&cinfo);
    return 0;
}

// MARK: HEIC (libheif)

// libheif is opened when the first HEIC image is decoded, not linked: it brings x265, libde265, dav1d and aom,
// whose loading and static initialisers were over half of every command's start-up (docs/performance.md).
#define HEIF_FUNCTIONS(X) X(heif_context_alloc) X(heif_context_free) X(heif_context_read_from_memory_without_copy) \
    X(heif_context_get_primary_image_handle) X(heif_image_handle_get_width) X(heif_image_handle_get_height) \
    X(heif_image_handle_release) X(heif_decode_image) X(heif_image_get_plane_readonly) X(heif_image_get_width) \
    X(heif_image_get_height) X(heif_image_release)
static struct {
#define HEIF_POINTER(name) __typeof__(&name) name;
    HEIF_FUNCTIONS(HEIF_POINTER)
} heif;
static int heif_loaded = 0;
static pthread_once_t heif_once = PTHREAD_ONCE_INIT;

static void heif_load(void) {
    void *lib = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) lib = dlopen("libheif.so", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return;
#define HEIF_SYMBOL(name) heif.name = (__typeof__(&name))dlsym(lib, #name); if (!heif.name) return;
    HEIF_FUNCTIONS(HEIF_SYMBOL)
    heif_loaded = 1;
}

static int heif_run(const uint8_t *data, size_t size, int *w, int *h, uint8_t *pixels, char *error, size_t error_size) {
    pthread_once(&heif_once, heif_load);
    if (!heif_loaded) return fail(error, error_size, "HEIC needs libheif, which is not installed (libheif1)");
    struct heif_context *ctx = heif.heif_context_alloc();
    if (!ctx) return fail(error, error_size, "out of memory");
    struct heif_error err = heif.heif_context_read_from_memory_without_copy(ctx, data, size, NULL);
    struct heif_image_handle *handle = NULL;
    if (err.code == heif_error_Ok) err = heif.heif_context_get_primary_image_handle(ctx, &handle);
    if (err.code != heif_error_Ok) {
        int r = fail(error, error_size, err.message ? err.message : "not a HEIF image");
        heif.heif_context_free(ctx);
        return r;
    }
    int hw = heif.heif_image_handle_get_width(handle), hh = heif.heif_image_handle_get_height(handle);
    if (!pixels) {
        heif.heif_image_handle_release(handle);
        heif.heif_context_free(ctx);
        if (hw <= 0 || hh <= 0) return fail(error, error_size, "the HEIF image has no size");
        *w = hw;
        *h = hh;
        return 0;
    }
    struct heif_image *img = NULL;
    err = heif.heif_decode_image(handle, &img, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, NULL);
    int r = 0;
    if (err.code != heif_error_Ok) {
        r = fail(error, error_size, err.message ? err.message : "the HEIF data is corrupt");
    } else {
        int stride = 0;
        const uint8_t *plane = heif.heif_image_get_plane_readonly(img, heif_channel_interleaved, &stride);
        int iw = heif.heif_image_get_width(img, heif_channel_interleaved), ih = heif.heif_image_get_height(img, heif_channel_interleaved);
        if (!plane || iw != *w || ih != *h || stride < iw * 4) {
            r = fail(error, error_size, "the HEIF image is not the size its header gives");
        } else {
            for (int y = 0; y < ih; y++) memcpy(pixels + (size_t)y * iw * 4, plane + (size_t)y * stride, (size_t)iw * 4);
        }
        heif.heif_image_release(img);
    }
    heif.heif_image_handle_release(handle);
    heif.heif_context_free(ctx);
    return r;
}

// MARK: The two steps

int ps_image_size(int kind, const uint8_t *data, size_t size, int *width, int *height, char *error, size_t error_size) {
    switch (kind) {
    case PS_IMAGE_PNG: return png_size(data, size, width, height, error, error_size);
    case PS_IMAGE_JPEG: return jpeg_run(data, size, width, height, NULL, error, error_size);
    case PS_IMAGE_HEIF: return heif_run(data, size, width, height, NULL, error, error_size);
    default: return fail(error, error_size, "not a PNG, JPEG or HEIC image");
    }
}

int ps_image_decode(int kind, const uint8_t *data, size_t size, uint8_t *pixels, int width, int height, char *error, size_t error_size) {
    if (!pixels || width <= 0 || height <= 0) return fail(error, error_size, "no room for the pixels");
    switch (kind) {
    case PS_IMAGE_PNG: return png_decode(data, size, pixels, width, height, error, error_size);
    case PS_IMAGE_JPEG: return jpeg_run(data, size, &width, &height, pixels, error, error_size);
    case PS_IMAGE_HEIF: return heif_run(data, size, &width, &height, pixels, error, error_size);
    default: return fail(error, error_size, "not a PNG, JPEG or HEIC image");
    }
}

// MARK: Writing PNG (a frame of a screen recording, for `import -o`)

int ps_png_encode(const uint8_t *pixels, int width, int height, uint8_t **out, size_t *out_size, char *error, size_t error_size) {
    *out = NULL;
    *out_size = 0;
    if (!pixels || width <= 0 || height <= 0) return fail(error, error_size, "no pixels to write");
    if (!png_available(error, error_size)) return -1;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    image.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = 0;
    // First the size, then the bytes.
    if (!png.png_image_write_to_memory(&image, NULL, &size, 0, pixels, 0, NULL) || size == 0) {
        int r = fail(error, error_size, image.message[0] ? image.message : "the PNG cannot be written");
        png.png_image_free(&image);
        return r;
    }
    uint8_t *buffer = malloc(size);
    if (!buffer) return fail(error, error_size, "out of memory");
    if (!png.png_image_write_to_memory(&image, buffer, &size, 0, pixels, 0, NULL)) {
        free(buffer);
        int r = fail(error, error_size, image.message[0] ? image.message : "the PNG cannot be written");
        png.png_image_free(&image);
        return r;
    }
    *out = buffer;
    *out_size = size;
    return 0;
}

void ps_png_free(uint8_t *bytes) { free(bytes); }
