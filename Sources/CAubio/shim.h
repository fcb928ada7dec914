#ifndef LENTA_CAUBIO_SHIM_H
#define LENTA_CAUBIO_SHIM_H
// aubio: beat tracking (aubio_tempo). Debian builds it with float samples (smpl_t = float).
#include <aubio/aubio.h>
#endif
