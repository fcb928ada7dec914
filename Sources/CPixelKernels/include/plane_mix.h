#ifndef LENTA_PLANE_MIX_H
#define LENTA_PLANE_MIX_H

#include <stdint.h>

/// `a[i] = (a[i] * (256 - w) + b[i] * w + 128) >> 8` for `count` samples, `w` in 0 … 256: the
/// crossfade's mix in 1/256 steps (exact, the same on every machine).
void lenta_plane_mix(uint8_t *a, const uint8_t *b, long count, int w);

#endif
