#ifndef CVIDEO_H
#define CVIDEO_H
// One frame of a screen recording (Xcode 15+ attaches an H.264 or HEVC MP4 to a UI test instead of
// screenshots), decoded with FFmpeg's libraries, which are opened on first use (dlopen) as libheif is: they
// bring dozens of codecs whose loading would otherwise weigh on every command's start-up.
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint8_t *pixels;   // RGBA, rows top to bottom, width * height * 4 bytes (free with ps_video_frame_free)
    int width;
    int height;
    double time;       // seconds from the recording's start of the frame decoded
    double duration;   // the recording's length in seconds (0 when it does not say)
    int stopped_at_limit; // 1 when decoding stopped at max_frames or max_packets before reaching the moment
} ps_video_frame;

// The frame on screen at `seconds` (the last one whose time is at or before it; the first when `seconds` is
// before every frame) of the first H.264 or HEVC video stream in the MP4/QuickTime bytes `data`. Work is
// bounded: pictures over `max_pixels`, more than `max_frames` frames decoded or `max_packets` read are refused.
// 0 on success; otherwise -1 and a message in `error` (at most `error_size` bytes, terminated).
int ps_video_frame_at(const uint8_t *data, size_t size, double seconds, long max_pixels, int max_frames, int max_packets,
                      ps_video_frame *frame, char *error, size_t error_size);
void ps_video_frame_free(ps_video_frame *frame);
// 1 when FFmpeg's libraries could be opened.
int ps_video_available(void);

#endif
