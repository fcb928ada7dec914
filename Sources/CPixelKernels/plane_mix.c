// The crossfade's mix, in C so that the compiler's vectoriser makes it sixteen-bit lanes (Swift's
// generic SIMD conversions were left as calls, one per sixteen samples).
#include "plane_mix.h"

/// The one loop of both entry points: integer arithmetic, exact, so whichever instructions the
/// vectoriser picks give the same bytes.
static inline __attribute__((always_inline)) void mix(uint8_t *a, const uint8_t *b, long count, int w) {
    // a·v + b·w + 128 ≤ 255·256 + 128 fits 16 bits.
    const uint16_t v16 = (uint16_t)(256 - w), w16 = (uint16_t)w;
    for (long i = 0; i < count; i++) {
        a[i] = (uint8_t)(((uint16_t)(a[i] * v16) + (uint16_t)(b[i] * w16) + 128) >> 8);
    }
}

void lenta_plane_mix(uint8_t *a, const uint8_t *b, long count, int w) { mix(a, b, count, w); }

#if defined(__x86_64__)
// Built for the baseline x86-64 (SSE2) the loop widens bytes with unpacks and ran at 1.34 ms a
// 1080p frame; with AVX2's 32-byte lanes and pmovzx, 0.31 ms.
__attribute__((target("avx2"))) void lenta_plane_mix_avx2(uint8_t *a, const uint8_t *b, long count, int w) {
    mix(a, b, count, w);
}
#else
void lenta_plane_mix_avx2(uint8_t *a, const uint8_t *b, long count, int w) { mix(a, b, count, w); }
#endif
