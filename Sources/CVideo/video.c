#include "CVideo.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/log.h>
#include <libswscale/swscale.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(char *error, size_t size, const char *message) {
    if (error && size > 0) snprintf(error, size, "%s", message);
    return -1;
}

// The libraries of the FFmpeg these headers come from (their major versions name the ABI): opening another
// major version would read its structures with this version's layout.
#define STR2(x) #x
#define STR(x) STR2(x)
#define LIB(name, major) "lib" name ".so." STR(major)

#define FF_FORMAT(X) X(avformat_alloc_context) X(avformat_open_input) X(avformat_find_stream_info) X(av_find_best_stream) \
    X(av_read_frame) X(av_seek_frame) X(avformat_close_input) X(avio_alloc_context) X(avio_context_free)
#define FF_CODEC(X) X(avcodec_find_decoder) X(avcodec_alloc_context3) X(avcodec_parameters_to_context) X(avcodec_open2) \
    X(avcodec_send_packet) X(avcodec_receive_frame) X(avcodec_free_context) X(av_packet_alloc) X(av_packet_free) X(av_packet_unref)
#define FF_UTIL(X) X(av_frame_alloc) X(av_frame_free) X(av_frame_unref) X(av_frame_ref) X(av_malloc) X(av_free) X(av_log_set_level) X(av_dict_set) X(av_dict_free) X(av_strdup)
#define FF_SCALE(X) X(sws_getContext) X(sws_scale) X(sws_freeContext)

static struct {
#define FF_POINTER(name) __typeof__(&name) name;
    FF_FORMAT(FF_POINTER) FF_CODEC(FF_POINTER) FF_UTIL(FF_POINTER) FF_SCALE(FF_POINTER)
} ff;
static int ff_loaded = 0;
static pthread_once_t ff_once = PTHREAD_ONCE_INIT;

static void ff_load(void) {
    void *util = dlopen(LIB("avutil", LIBAVUTIL_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    void *codec = dlopen(LIB("avcodec", LIBAVCODEC_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    void *format = dlopen(LIB("avformat", LIBAVFORMAT_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    void *scale = dlopen(LIB("swscale", LIBSWSCALE_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    if (!util || !codec || !format || !scale) return;
#define FF_SYM(lib, name) ff.name = (__typeof__(&name))dlsym(lib, #name); if (!ff.name) return;
#define FF_SYM_FORMAT(name) FF_SYM(format, name)
#define FF_SYM_CODEC(name) FF_SYM(codec, name)
#define FF_SYM_UTIL(name) FF_SYM(util, name)
#define FF_SYM_SCALE(name) FF_SYM(scale, name)
    FF_FORMAT(FF_SYM_FORMAT) FF_CODEC(FF_SYM_CODEC) FF_UTIL(FF_SYM_UTIL) FF_SCALE(FF_SYM_SCALE)
    // FFmpeg writes its warnings to stderr, which is the user's terminal: never.
    ff.av_log_set_level(AV_LOG_QUIET);
    ff_loaded = 1;
}

int ps_video_available(void) {
    pthread_once(&ff_once, ff_load);
    return ff_loaded;
}

// The bytes, read through FFmpeg's I/O callbacks: the recording is already in memory (decompressed from the
// bundle), and nothing is read from a path.
typedef struct {
    const uint8_t *data;
    size_t size;
    size_t position;
} memory_source;

static int memory_read(void *opaque, uint8_t *buf, int n) {
    memory_source *m = opaque;
    if (m->position >= m->size) return AVERROR_EOF;
    size_t left = m->size - m->position;
    size_t take = (size_t)n < left ? (size_t)n : left;
    memcpy(buf, m->data + m->position, take);
    m->position += take;
    return (int)take;
}

static int64_t memory_seek(void *opaque, int64_t offset, int whence) {
    memory_source *m = opaque;
    int64_t base;
    switch (whence & ~AVSEEK_FORCE) {
    case SEEK_SET: base = 0; break;
    case SEEK_CUR: base = (int64_t)m->position; break;
    case SEEK_END: base = (int64_t)m->size; break;
    case AVSEEK_SIZE: return (int64_t)m->size;
    default: return -1;
    }
    if (offset > INT64_MAX - base) return -1;
    int64_t to = base + offset;
    if (to < 0 || (uint64_t)to > m->size) return -1;
    m->position = (size_t)to;
    return to;
}

static double seconds_of(int64_t ts, AVRational base) {
    return ts == AV_NOPTS_VALUE ? 0 : (double)ts * base.num / (base.den ? base.den : 1);
}

int ps_video_frame_at(const uint8_t *data, size_t size, double seconds, long max_pixels, int max_frames, int max_packets,
                      ps_video_frame *out, char *error, size_t error_size) {
    memset(out, 0, sizeof *out);
    if (!ps_video_available()) return fail(error, error_size, "a screen recording needs FFmpeg's libraries, which are not installed (libavformat59, libavcodec59, libswscale6)");
    if (!data || size == 0) return fail(error, error_size, "the recording is empty");
    int result = -1;
    memory_source source = {data, size, 0};
    AVFormatContext *fmt = NULL;
    AVIOContext *io = NULL;
    AVCodecContext *codec = NULL;
    AVPacket *packet = NULL;
    AVFrame *frame = NULL, *kept = NULL;
    struct SwsContext *sws = NULL;
    AVDictionary *options = NULL;
    const int buffer_size = 1 << 16;
    uint8_t *buffer = ff.av_malloc(buffer_size);
    if (!buffer) { fail(error, error_size, "out of memory"); goto done; }
    io = ff.avio_alloc_context(buffer, buffer_size, 0, &source, memory_read, NULL, memory_seek);
    if (!io) { ff.av_free(buffer); fail(error, error_size, "out of memory"); goto done; }
    fmt = ff.avformat_alloc_context();
    if (!fmt) { fail(error, error_size, "out of memory"); goto done; }
    fmt->pb = io;
    fmt->flags |= AVFMT_FLAG_CUSTOM_IO;
    // Only the containers and codecs a recording uses: every other demuxer and decoder is code a stranger's
    // bytes must not reach.
    fmt->format_whitelist = ff.av_strdup("mov,mp4,m4a,3gp,3g2,mj2");
    fmt->codec_whitelist = ff.av_strdup("h264,hevc");
    ff.av_dict_set(&options, "probesize", "1048576", 0);
    if (ff.avformat_open_input(&fmt, NULL, NULL, &options) < 0) {
        fmt = NULL;  // freed by avformat_open_input on failure
        fail(error, error_size, "not an MP4 or QuickTime recording, or cut off");
        goto done;
    }
    int stream = ff.av_find_best_stream(fmt, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    if (stream < 0) { fail(error, error_size, "the recording holds no video stream"); goto done; }
    AVStream *st = fmt->streams[stream];
    AVCodecParameters *par = st->codecpar;
    if (par->codec_id != AV_CODEC_ID_H264 && par->codec_id != AV_CODEC_ID_HEVC) {
        fail(error, error_size, "the recording's video is neither H.264 nor HEVC: not decoded");
        goto done;
    }
    if (par->width <= 0 || par->height <= 0) { fail(error, error_size, "the recording's video gives no size"); goto done; }
    if ((long)par->width * (long)par->height > max_pixels) {
        snprintf(error, error_size, "the recording is %d x %d pixels, over the limit of %ld pixels (raise it with PSEUDOSCOPE_MAX_IMAGE_PIXELS)",
                 par->width, par->height, max_pixels);
        goto done;
    }
    const AVCodec *decoder = ff.avcodec_find_decoder(par->codec_id);
    if (!decoder) { fail(error, error_size, "this FFmpeg has no H.264 or HEVC decoder"); goto done; }
    codec = ff.avcodec_alloc_context3(decoder);
    if (!codec || ff.avcodec_parameters_to_context(codec, par) < 0) { fail(error, error_size, "out of memory"); goto done; }
    codec->thread_count = 1;
    // The decoder itself refuses a picture over the limit (an in-band parameter set may grow a 390x844 recording
    // to 8192x8192 mid-stream): nothing that size is allocated or decoded.
    codec->max_pixels = max_pixels;
    if (ff.avcodec_open2(codec, decoder, NULL) < 0) { fail(error, error_size, "the recording's video cannot be decoded"); goto done; }
    out->duration = fmt->duration > 0 ? (double)fmt->duration / AV_TIME_BASE : 0;

    // From the key frame at or before the moment, forward: keep the last frame at or before it.
    AVRational base = st->time_base;
    if (base.num <= 0 || base.den <= 0) { fail(error, error_size, "the recording's time base is not valid"); goto done; }
    double target = seconds > 0 ? seconds : 0;
    int64_t ts = (int64_t)(target * base.den / base.num);
    if (target > 0) ff.av_seek_frame(fmt, stream, ts, AVSEEK_FLAG_BACKWARD);
    packet = ff.av_packet_alloc();
    frame = ff.av_frame_alloc();
    kept = ff.av_frame_alloc();
    if (!packet || !frame || !kept) { fail(error, error_size, "out of memory"); goto done; }
    int have = 0, decoded = 0, packets = 0, finished = 0, draining = 0;
    while (!finished) {
        if (!draining) {
            int r = ff.av_read_frame(fmt, packet);
            if (r < 0) {
                draining = 1;
                ff.avcodec_send_packet(codec, NULL);
            } else {
                if (++packets > max_packets) { ff.av_packet_unref(packet); out->stopped_at_limit = 1; break; }
                if (packet->stream_index == stream) ff.avcodec_send_packet(codec, packet);
                ff.av_packet_unref(packet);
            }
        }
        for (;;) {
            int r = ff.avcodec_receive_frame(codec, frame);
            if (r == AVERROR(EAGAIN)) break;
            if (r < 0) { finished = 1; break; }
            decoded++;
            int64_t pts = frame->best_effort_timestamp != AV_NOPTS_VALUE ? frame->best_effort_timestamp : frame->pts;
            double t = seconds_of(pts, base) - (st->start_time != AV_NOPTS_VALUE ? seconds_of(st->start_time, base) : 0);
            if (frame->width != par->width || frame->height != par->height) {
                // A frame that grew past the limit ends the search at once (it was decoding every frame first).
                if ((long)frame->width * (long)frame->height > max_pixels) {
                    fail(error, error_size, "a frame of the recording is larger than the pixel limit (PSEUDOSCOPE_MAX_IMAGE_PIXELS)");
                    ff.av_frame_unref(frame);
                    goto done;
                }
                ff.av_frame_unref(frame);
                continue;
            }
            if (have && t > target + 1e-6) { finished = 1; ff.av_frame_unref(frame); break; }
            ff.av_frame_unref(kept);
            if (ff.av_frame_ref(kept, frame) < 0) { ff.av_frame_unref(frame); finished = 1; break; }
            have = 1;
            out->time = t;
            ff.av_frame_unref(frame);
            if (t > target + 1e-6) { finished = 1; break; }
            if (decoded >= max_frames) { out->stopped_at_limit = 1; finished = 1; break; }
        }
    }
    if (!have) { fail(error, error_size, decoded ? "no frame of the recording could be decoded whole" : "no frame of the recording could be decoded"); goto done; }
    sws = ff.sws_getContext(kept->width, kept->height, kept->format, kept->width, kept->height, AV_PIX_FMT_RGBA, SWS_POINT, NULL, NULL, NULL);
    if (!sws) { fail(error, error_size, "the recording's pixel format cannot be converted"); goto done; }
    // swscale writes in whole SIMD blocks: into rows padded to 64 bytes, with a spare row, then packed.
    size_t row = (size_t)kept->width * 4;
    size_t stride = (row + 63) & ~(size_t)63;
    uint8_t *scaled = ff.av_malloc(stride * ((size_t)kept->height + 1));
    out->pixels = malloc(row * (size_t)kept->height);
    if (!scaled || !out->pixels) {
        if (scaled) ff.av_free(scaled);
        free(out->pixels);
        out->pixels = NULL;
        fail(error, error_size, "out of memory");
        goto done;
    }
    uint8_t *planes[4] = {scaled, NULL, NULL, NULL};
    int strides[4] = {(int)stride, 0, 0, 0};
    int rows = ff.sws_scale(sws, (const uint8_t *const *)kept->data, kept->linesize, 0, kept->height, planes, strides);
    if (rows == kept->height) {
        for (int y = 0; y < kept->height; y++) memcpy(out->pixels + (size_t)y * row, scaled + (size_t)y * stride, row);
    }
    ff.av_free(scaled);
    if (rows != kept->height) {
        free(out->pixels);
        out->pixels = NULL;
        fail(error, error_size, "the frame could not be converted");
        goto done;
    }
    out->width = kept->width;
    out->height = kept->height;
    result = 0;
done:
    if (sws) ff.sws_freeContext(sws);
    if (kept) ff.av_frame_free(&kept);
    if (frame) ff.av_frame_free(&frame);
    if (packet) ff.av_packet_free(&packet);
    if (codec) ff.avcodec_free_context(&codec);
    if (fmt) ff.avformat_close_input(&fmt);
    if (io) {
        ff.av_free(io->buffer);
        ff.avio_context_free(&io);
    }
    if (options) ff.av_dict_free(&options);
    return result;
}

void ps_video_frame_free(ps_video_frame *frame) {
    if (frame && frame->pixels) {
        free(frame->pixels);
        frame->pixels = NULL;
    }
}
