// A plane turned about its diagonal: 8 × 8 blocks transposed in registers by three rounds of
// interleaves (bytes, then pairs, then quads), so each block costs eight 8-byte loads and stores
// instead of 64 single-byte moves; the ragged edges byte by byte.
#include "plane_transpose.h"

#if defined(__SSE2__)
#include <emmintrin.h>

static void transpose_block(const uint8_t *s, long ss, uint8_t *t, long ts) {
    const __m128i r0 = _mm_loadl_epi64((const __m128i *)s), r1 = _mm_loadl_epi64((const __m128i *)(s + ss));
    const __m128i r2 = _mm_loadl_epi64((const __m128i *)(s + 2 * ss)), r3 = _mm_loadl_epi64((const __m128i *)(s + 3 * ss));
    const __m128i r4 = _mm_loadl_epi64((const __m128i *)(s + 4 * ss)), r5 = _mm_loadl_epi64((const __m128i *)(s + 5 * ss));
    const __m128i r6 = _mm_loadl_epi64((const __m128i *)(s + 6 * ss)), r7 = _mm_loadl_epi64((const __m128i *)(s + 7 * ss));
    const __m128i a0 = _mm_unpacklo_epi8(r0, r1), a1 = _mm_unpacklo_epi8(r2, r3);
    const __m128i a2 = _mm_unpacklo_epi8(r4, r5), a3 = _mm_unpacklo_epi8(r6, r7);
    const __m128i b0 = _mm_unpacklo_epi16(a0, a1), b1 = _mm_unpackhi_epi16(a0, a1);
    const __m128i b2 = _mm_unpacklo_epi16(a2, a3), b3 = _mm_unpackhi_epi16(a2, a3);
    // Each holds two target rows: columns 0–1, 2–3, 4–5 and 6–7 of the block.
    const __m128i c[4] = {_mm_unpacklo_epi32(b0, b2), _mm_unpackhi_epi32(b0, b2), _mm_unpacklo_epi32(b1, b3),
                          _mm_unpackhi_epi32(b1, b3)};
    for (int k = 0; k < 4; k++) {
        _mm_storel_epi64((__m128i *)(t + 2 * k * ts), c[k]);
        _mm_storel_epi64((__m128i *)(t + (2 * k + 1) * ts), _mm_srli_si128(c[k], 8));
    }
}
#else
static void transpose_block(const uint8_t *s, long ss, uint8_t *t, long ts) {
    for (long x = 0; x < 8; x++)
        for (long y = 0; y < 8; y++) t[x * ts + y] = s[y * ss + x];
}
#endif

void lenta_plane_transpose(const uint8_t *source, long sourceStride, long height, long firstColumn, long endColumn,
                           uint8_t *target, long targetStride) {
    const long fullRows = height & ~7L;
    long x = firstColumn;
    for (; x + 8 <= endColumn; x += 8) {
        for (long y = 0; y < fullRows; y += 8) transpose_block(source + y * sourceStride + x, sourceStride, target + x * targetStride + y, targetStride);
        for (long y = fullRows; y < height; y++)
            for (long k = 0; k < 8; k++) target[(x + k) * targetStride + y] = source[y * sourceStride + x + k];
    }
    for (; x < endColumn; x++)
        for (long y = 0; y < height; y++) target[x * targetStride + y] = source[y * sourceStride + x];
}
