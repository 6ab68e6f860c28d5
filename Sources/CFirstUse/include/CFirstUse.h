#ifndef CFIRSTUSE_H
#define CFIRSTUSE_H
// The one way a C target opens a system library on first use (docs/architecture.md, "Libraries opened on first
// use"): by the soname of the headers it was compiled against, its functions resolved into a table.
#include <stddef.h>

// Opens `soname` (RTLD_NOW | RTLD_LOCAL) and resolves each of `names` into `slots` (a struct of nothing but function
// pointers, in the same order, seen as an array). 1 on success; otherwise 0 and why in `why` (at most `why_size`
// bytes, terminated): the soname could not be opened (with the Debian package that holds it), or lacks a function.
int ps_open_library(const char *soname, const char *package, const char *const *names, void **slots, int count,
                    char *why, size_t why_size);

// For a table's X-macro: a function pointer of the declared type, and the function's name.
#define PS_FIRST_USE_POINTER(name) __typeof__(&name) name;
#define PS_FIRST_USE_NAME(name) #name,

#endif
