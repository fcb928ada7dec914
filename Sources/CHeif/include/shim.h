#ifndef LENTA_CHEIF_SHIM_H
#define LENTA_CHEIF_SHIM_H

#include <libheif/heif.h>

// libheif (and the codecs it links: libde265, x265, aom, dav1d) is opened with dlopen when one of
// its functions is first called (heif_functions.c, made by scripts/library-stubs), not linked. If
// it cannot be, calls returning a heif_error give heif_error_Plugin_loading_error with the reason,
// others NULL or 0; this says why (the file and dlerror's text), or NULL when it has not failed.
const char *lenta_heif_load_failure(void);

#endif
