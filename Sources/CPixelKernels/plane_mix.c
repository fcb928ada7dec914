// The crossfade's mix, in C so that the compiler's vectoriser makes it sixteen-bit lanes (Swift's
// generic SIMD conversions were left as calls, one per sixteen samples).
#include "plane_mix.h"

void lenta_plane_mix(uint8_t *a, const uint8_t *b, long count, int w) {
    // a·v + b·w + 128 ≤ 255·256 + 128 fits 16 bits.
    const uint16_t v16 = (uint16_t)(256 - w), w16 = (uint16_t)w;
    for (long i = 0; i < count; i++) {
        a[i] = (uint8_t)(((uint16_t)(a[i] * v16) + (uint16_t)(b[i] * w16) + 128) >> 8);
    }
}
