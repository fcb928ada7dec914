#ifndef LENTA_PLANE_MIX_H
#define LENTA_PLANE_MIX_H

#include <stdint.h>

/// `a[i] = (a[i] * (256 - w) + b[i] * w + 128) >> 8` for `count` samples, `w` in 0 … 256: the
/// crossfade's mix in 1/256 steps (exact, the same on every machine).
void lenta_plane_mix(uint8_t *a, const uint8_t *b, long count, int w);

/// The same mix, the same bytes, in AVX2 instructions: only to be called when the CPU has AVX2
/// (`lenta_fixed_resample_avx2_available()`); the plain loop on other architectures.
void lenta_plane_mix_avx2(uint8_t *a, const uint8_t *b, long count, int w);

#endif
