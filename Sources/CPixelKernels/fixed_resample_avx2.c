// The AVX2 form of LentaRender's FixedPointResampler (see its comments for the layout): sixteen
// source rows per horizontal step and one sixteen-column stripe row per vertical step, with the
// same integer operations in the same order, so both kernels give the same bytes.
#include "fixed_resample.h"

#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

enum { lanes = 16 };

int lenta_fixed_resample_avx2_available(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    // The operating system must save the YMM registers (XCR0 bits 1 and 2).
    unsigned lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & bit_AVX2) != 0;
}

static long blocks_of(const lenta_fixed_resample_plane *p) { return (p->rowCount + lanes - 1) / lanes; }

long lenta_fixed_resample_avx2_scratch_bytes(const lenta_fixed_resample_plane *p) {
    // The stripe's sixteen filtered columns, then the same turned into rows.
    return 2 * lanes * blocks_of(p) * (long)sizeof(__m256i);
}

/// Sixteen samples down a column, widened to 8.7 fixed point.
AVX2 static inline __m256i load_samples(const uint8_t *p) {
    return _mm256_slli_epi16(_mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)p)), 7);
}

/// Output column `first + l` filtered horizontally for every source row the stripe needs:
/// `columns[l * blocks + b]` holds rows rowMin + 16b …, in 1/64 steps.
AVX2 static void horizontal(const lenta_fixed_resample_plane *p, __m256i *columns, long blocks, long first) {
    const long height = p->height, taps = p->xTaps;
    for (long l = 0; l < lanes; l++) {
        // Past the last column the stripe repeats it (those lanes are not stored).
        long i = first + l < p->xCount - 1 ? first + l : p->xCount - 1;
        __m256i *out = columns + l * blocks;
        const uint8_t *column = p->source + (long)p->xStarts[i] * height + p->rowMin;
        const int16_t *w = p->xWeights + i * taps;
        if (taps == 4) {
            const __m256i w0 = _mm256_set1_epi16(w[0]), w1 = _mm256_set1_epi16(w[1]);
            const __m256i w2 = _mm256_set1_epi16(w[2]), w3 = _mm256_set1_epi16(w[3]);
            const uint8_t *c0 = column, *c1 = c0 + height, *c2 = c1 + height, *c3 = c2 + height;
            for (long b = 0; b < blocks; b++) {
                const long o = b * lanes;
                // The plane mostly comes from memory: asking for the column two ahead of the
                // newest tap while this one is summed hides most of the wait (−20 % on a cold plane).
                _mm_prefetch((const char *)(c3 + 2 * height + o), _MM_HINT_T0);
                __m256i sum = _mm256_mulhi_epi16(load_samples(c0 + o), w0);
                sum = _mm256_add_epi16(sum, _mm256_mulhi_epi16(load_samples(c1 + o), w1));
                sum = _mm256_add_epi16(sum, _mm256_mulhi_epi16(load_samples(c2 + o), w2));
                sum = _mm256_add_epi16(sum, _mm256_mulhi_epi16(load_samples(c3 + o), w3));
                _mm256_store_si256(out + b, _mm256_slli_epi16(sum, 1));
            }
        } else {
            for (long b = 0; b < blocks; b++) out[b] = _mm256_setzero_si256();
            for (long k = 0; k < taps; k++) {
                const uint8_t *ck = column + k * height;
                const __m256i wk = _mm256_set1_epi16(w[k]);
                for (long b = 0; b < blocks; b++) {
                    __m256i product = _mm256_mulhi_epi16(load_samples(ck + b * lanes), wk);
                    out[b] = _mm256_add_epi16(out[b], product);
                }
            }
            for (long b = 0; b < blocks; b++) out[b] = _mm256_slli_epi16(out[b], 1);
        }
    }
}

/// Turns the stripe's columns into rows: row r (source row rowMin + r) of all sixteen columns at
/// `stripe + 16 r`. Each group of eight columns is an 8 × 8 transpose in each 128-bit half (the
/// unpacks work per half): the low half holds rows 16b … 16b + 7, the high half the next eight.
AVX2 static void transpose(const __m256i *columns, int16_t *stripe, long blocks) {
    for (long b = 0; b < blocks; b++) {
        for (long g = 0; g < 2; g++) {
            const __m256i *c = columns + 8 * g * blocks + b;
            const __m256i r0 = c[0], r1 = c[blocks], r2 = c[2 * blocks], r3 = c[3 * blocks];
            const __m256i r4 = c[4 * blocks], r5 = c[5 * blocks], r6 = c[6 * blocks], r7 = c[7 * blocks];
            const __m256i a0 = _mm256_unpacklo_epi16(r0, r1), a1 = _mm256_unpackhi_epi16(r0, r1);
            const __m256i a2 = _mm256_unpacklo_epi16(r2, r3), a3 = _mm256_unpackhi_epi16(r2, r3);
            const __m256i a4 = _mm256_unpacklo_epi16(r4, r5), a5 = _mm256_unpackhi_epi16(r4, r5);
            const __m256i a6 = _mm256_unpacklo_epi16(r6, r7), a7 = _mm256_unpackhi_epi16(r6, r7);
            const __m256i b0 = _mm256_unpacklo_epi32(a0, a2), b1 = _mm256_unpackhi_epi32(a0, a2);
            const __m256i b2 = _mm256_unpacklo_epi32(a1, a3), b3 = _mm256_unpackhi_epi32(a1, a3);
            const __m256i b4 = _mm256_unpacklo_epi32(a4, a6), b5 = _mm256_unpackhi_epi32(a4, a6);
            const __m256i b6 = _mm256_unpacklo_epi32(a5, a7), b7 = _mm256_unpackhi_epi32(a5, a7);
            const __m256i rows[8] = {
                _mm256_unpacklo_epi64(b0, b4), _mm256_unpackhi_epi64(b0, b4),
                _mm256_unpacklo_epi64(b1, b5), _mm256_unpackhi_epi64(b1, b5),
                _mm256_unpacklo_epi64(b2, b6), _mm256_unpackhi_epi64(b2, b6),
                _mm256_unpacklo_epi64(b3, b7), _mm256_unpackhi_epi64(b3, b7),
            };
            int16_t *low = stripe + (b * lanes) * lanes + 8 * g, *high = low + 8 * lanes;
            for (long k = 0; k < 8; k++) {
                _mm_store_si128((__m128i *)(low + k * lanes), _mm256_castsi256_si128(rows[k]));
                _mm_store_si128((__m128i *)(high + k * lanes), _mm256_extracti128_si256(rows[k], 1));
            }
        }
    }
}

/// Every output row of the stripe: the vertical taps down its rows, rounded to 8 bits.
AVX2 static void vertical(const lenta_fixed_resample_plane *p, const int16_t *stripe, long column, long valid) {
    const long taps = p->yTaps;
    const __m256i rounding = _mm256_set1_epi16(p->rounding);
    for (long r = 0; r < p->yCount; r++) {
        const int16_t *s = stripe + ((long)p->yStarts[r] - p->rowMin) * lanes;
        const int16_t *w = p->yWeights + r * taps;
        __m256i sum;
        if (taps == 4) {
            sum = _mm256_mulhi_epi16(_mm256_load_si256((const __m256i *)s), _mm256_set1_epi16(w[0]));
            sum = _mm256_add_epi16(sum, _mm256_mulhi_epi16(_mm256_load_si256((const __m256i *)(s + lanes)), _mm256_set1_epi16(w[1])));
            sum = _mm256_add_epi16(sum, _mm256_mulhi_epi16(_mm256_load_si256((const __m256i *)(s + 2 * lanes)), _mm256_set1_epi16(w[2])));
            sum = _mm256_add_epi16(sum, _mm256_mulhi_epi16(_mm256_load_si256((const __m256i *)(s + 3 * lanes)), _mm256_set1_epi16(w[3])));
        } else {
            sum = _mm256_setzero_si256();
            for (long k = 0; k < taps; k++) {
                const __m256i product = _mm256_mulhi_epi16(_mm256_load_si256((const __m256i *)(s + k * lanes)), _mm256_set1_epi16(w[k]));
                sum = _mm256_add_epi16(sum, product);
            }
        }
        // The clamp to 0…255 of the portable loop is the saturation of `packuswb`.
        const __m256i shifted = _mm256_srai_epi16(_mm256_add_epi16(sum, rounding), 4);
        const __m128i bytes = _mm_packus_epi16(_mm256_castsi256_si128(shifted), _mm256_extracti128_si256(shifted, 1));
        uint8_t *out = p->target + (p->yOutputStart + r) * p->targetWidth + column;
        if (valid == lanes) {
            _mm_storeu_si128((__m128i *)out, bytes);
        } else {
            uint8_t row[lanes];
            _mm_storeu_si128((__m128i *)row, bytes);
            memcpy(out, row, (size_t)valid);
        }
    }
}

AVX2 void lenta_fixed_resample_avx2_stripes(const lenta_fixed_resample_plane *p, long firstStripe, long endStripe,
                                            void *scratch) {
    const long blocks = blocks_of(p);
    __m256i *columns = (__m256i *)scratch;
    int16_t *stripe = (int16_t *)(columns + lanes * blocks);
    for (long s = firstStripe; s < endStripe; s++) {
        const long first = s * lanes;
        horizontal(p, columns, blocks, first);
        transpose(columns, stripe, blocks);
        const long left = p->xCount - first;
        vertical(p, stripe, p->xOutputStart + first, left < lanes ? left : lanes);
    }
}

#else

int lenta_fixed_resample_avx2_available(void) { return 0; }
long lenta_fixed_resample_avx2_scratch_bytes(const lenta_fixed_resample_plane *plane) { (void)plane; return 0; }
void lenta_fixed_resample_avx2_stripes(const lenta_fixed_resample_plane *plane, long firstStripe, long endStripe, void *scratch) {
    (void)plane; (void)firstStripe; (void)endStripe; (void)scratch;
}

#endif
