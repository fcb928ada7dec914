#ifndef LENTA_CAUBIO_SHIM_H
#define LENTA_CAUBIO_SHIM_H
// aubio: beat tracking (aubio_tempo). Debian builds it with float samples (smpl_t = float).
#include <aubio/aubio.h>

// aubio (and the FFmpeg it links) is opened with dlopen when one of its functions is first called
// (aubio_functions.c, made by scripts/library-stubs), not linked. A call then answers NULL or 0
// if it cannot be opened; this says why (the file and dlerror's text), or NULL when it has not failed.
const char *lenta_aubio_load_failure(void);
#endif
