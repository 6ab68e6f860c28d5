#ifndef CZSTD_SHIM_H
#define CZSTD_SHIM_H
// Debian's libzstd-dev: decompression of .xcresult Data/ objects (docs/xcresult.md).
#include <zstd.h>
#endif
