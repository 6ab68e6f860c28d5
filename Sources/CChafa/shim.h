#ifndef CCHAFA_SHIM_H
#define CCHAFA_SHIM_H
// Debian's libchafa-dev (and libglib2.0-dev, which chafa's headers include): pictures as terminal cells.
#include <chafa.h>
#endif
