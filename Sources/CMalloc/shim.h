#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H
// glibc's allocator settings (mallopt), which Swift's Glibc module leaves out: the executable tunes them once
// at start (Sources/pseudoscope/main.swift).
#include <malloc.h>
#endif
