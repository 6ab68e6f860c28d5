#include "CFirstUse.h"

#include <dlfcn.h>
#include <stdio.h>

int ps_open_library(const char *soname, const char *package, const char *const *names, void **slots, int count,
                    char *why, size_t why_size) {
    void *lib = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(why, why_size, "%s could not be opened (Debian: apt-get install %s)", soname, package);
        return 0;
    }
    for (int i = 0; i < count; i++) {
        slots[i] = dlsym(lib, names[i]);
        if (!slots[i]) {
            snprintf(why, why_size, "%s has no %s", soname, names[i]);
            return 0;
        }
    }
    return 1;
}
