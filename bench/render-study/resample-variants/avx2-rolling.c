// Study variant (session 20, pix20; not built into lenta): CPixelKernels' fixed_resample_avx2.c
// 256 source rows at a time, the vertical pass following each step so the stripes' rows are used
// while they are still in L1 (LAG: blocks it stays behind; PREFETCH: how far ahead of the newest
// tap the source is asked for). The same bytes, but 1.13x the instructions (each step sets up
// sixteen columns again) and 1.11x the time hot, 1.28x at 2160p: the plane read in steps of rows
// waits on memory. Measured with bench/render-study/resample-kernel.sh (resample-kernel.md).
#include "fixed_resample.h"

#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))
#ifndef LAG
#define LAG 1
#endif
#ifndef PREFETCH
#define PREFETCH (chunk * lanes)
#endif

enum {
    lanes = 16,
    /// Blocks of sixteen source rows filtered and turned per step: 256 rows, so a step's filtered
    /// columns (8 KB), its rows of the two stripes (16 KB) and the source they read stay in L1
    /// until the vertical pass has used them.
    chunk = 16,
};

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
    // A step's sixteen filtered columns, then two stripes' turned into rows.
    return (lanes * chunk + 2 * lanes * blocks_of(p)) * (long)sizeof(__m256i);
}

/// Sixteen samples down a column, widened to 8.7 fixed point.
AVX2 static inline __m256i load_samples(const uint8_t *p) {
    return _mm256_slli_epi16(_mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)p)), 7);
}

/// Output column `first + l` filtered horizontally for the step's `blocks` blocks from `firstBlock`:
/// `columns[l * chunk + b]` holds rows rowMin + 16 (firstBlock + b) …, in 1/64 steps.
AVX2 static void horizontal(const lenta_fixed_resample_plane *p, __m256i *columns, long firstBlock, long blocks, long first) {
    const long height = p->height, taps = p->xTaps;
    for (long l = 0; l < lanes; l++) {
        // Past the last column the stripe repeats it (those lanes are not stored).
        long i = first + l < p->xCount - 1 ? first + l : p->xCount - 1;
        __m256i *out = columns + l * chunk;
        const uint8_t *column = p->source + (long)p->xStarts[i] * height + p->rowMin + firstBlock * lanes;
        const int16_t *w = p->xWeights + i * taps;
        if (taps == 4) {
            const __m256i w0 = _mm256_set1_epi16(w[0]), w1 = _mm256_set1_epi16(w[1]);
            const __m256i w2 = _mm256_set1_epi16(w[2]), w3 = _mm256_set1_epi16(w[3]);
            const uint8_t *c0 = column, *c1 = c0 + height, *c2 = c1 + height, *c3 = c2 + height;
            for (long b = 0; b < blocks; b++) {
                const long o = b * lanes;
                // The plane mostly comes from memory: asking for the newest tap's rows of the next
                // step while this one is summed hides the wait.
                _mm_prefetch((const char *)(c3 + PREFETCH + o), _MM_HINT_T0);
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

/// Turns the step's columns into rows: row r (source row rowMin + 16 firstBlock + r) of all sixteen
/// columns at `stripe + 16 r`. Each group of eight columns is an 8 × 8 transpose in each 128-bit
/// half (the unpacks work per half): the low half holds rows 16b … 16b + 7, the high half the next eight.
AVX2 static void transpose(const __m256i *columns, int16_t *stripe, long blocks) {
    for (long b = 0; b < blocks; b++) {
        for (long g = 0; g < 2; g++) {
            const __m256i *c = columns + 8 * g * chunk + b;
            const __m256i r0 = c[0], r1 = c[chunk], r2 = c[2 * chunk], r3 = c[3 * chunk];
            const __m256i r4 = c[4 * chunk], r5 = c[5 * chunk], r6 = c[6 * chunk], r7 = c[7 * chunk];
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

/// The vertical taps of one output row down one stripe's rows (`s`: its rows from the first of
/// the row's window), before rounding.
AVX2 static inline __m256i vertical_sum(const int16_t *s, const int16_t *w, long taps) {
    __m256i sum = _mm256_setzero_si256();
    for (long k = 0; k < taps; k++) {
        sum = _mm256_add_epi16(sum, _mm256_mulhi_epi16(_mm256_load_si256((const __m256i *)(s + k * lanes)), _mm256_set1_epi16(w[k])));
    }
    return sum;
}

/// Four taps, the usual case, with the weights spread once for both stripes.
AVX2 static inline __m256i vertical_sum4(const int16_t *s, __m256i w0, __m256i w1, __m256i w2, __m256i w3) {
    __m256i sum = _mm256_mulhi_epi16(_mm256_load_si256((const __m256i *)s), w0);
    sum = _mm256_add_epi16(sum, _mm256_mulhi_epi16(_mm256_load_si256((const __m256i *)(s + lanes)), w1));
    sum = _mm256_add_epi16(sum, _mm256_mulhi_epi16(_mm256_load_si256((const __m256i *)(s + 2 * lanes)), w2));
    return _mm256_add_epi16(sum, _mm256_mulhi_epi16(_mm256_load_si256((const __m256i *)(s + 3 * lanes)), w3));
}

/// Rounded to 8 bits and stored: `low` (and `high`, the second stripe, unless `single`) as
/// `valid` bytes from `out`. The clamp to 0…255 of the portable loop is `packuswb`'s saturation.
AVX2 static inline void store_row(uint8_t *out, __m256i low, __m256i high, int single, long valid, __m256i rounding) {
    low = _mm256_srai_epi16(_mm256_add_epi16(low, rounding), 4);
    uint8_t row[2 * lanes];
    if (single) {
        const __m128i bytes = _mm_packus_epi16(_mm256_castsi256_si128(low), _mm256_extracti128_si256(low, 1));
        if (valid == lanes) { _mm_storeu_si128((__m128i *)out, bytes); return; }
        _mm_storeu_si128((__m128i *)row, bytes);
    } else {
        high = _mm256_srai_epi16(_mm256_add_epi16(high, rounding), 4);
        // `packuswb` packs within 128-bit halves: its quarters come out in the order 0 2 1 3.
        const __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(low, high), 0xD8);
        if (valid == 2 * lanes) { _mm256_storeu_si256((__m256i *)out, bytes); return; }
        _mm256_storeu_si256((__m256i *)row, bytes);
    }
    memcpy(out, row, (size_t)valid);
}

/// Output rows [firstRow, endRow) of one or two stripes side by side (`pair`: the second's rows, or
/// null): two stripes share each row's weights and make one 32-byte store.
AVX2 static void vertical(const lenta_fixed_resample_plane *p, const int16_t *restrict stripe, const int16_t *restrict pair,
                          long column, long valid, long firstRow, long endRow) {
    const long taps = p->yTaps, rowMin = p->rowMin, width = p->targetWidth;
    const int32_t *restrict starts = p->yStarts;
    const int16_t *restrict weights = p->yWeights;
    uint8_t *restrict target = p->target + p->yOutputStart * width + column;
    const __m256i rounding = _mm256_set1_epi16(p->rounding), zero = _mm256_setzero_si256();
    const int single = pair == 0;
    const int16_t *second = single ? stripe : pair;
    for (long r = firstRow; r < endRow; r++) {
        const long offset = ((long)starts[r] - rowMin) * lanes;
        const int16_t *w = weights + r * taps;
        __m256i low, high = zero;
        if (taps == 4) {
            const __m256i w0 = _mm256_set1_epi16(w[0]), w1 = _mm256_set1_epi16(w[1]);
            const __m256i w2 = _mm256_set1_epi16(w[2]), w3 = _mm256_set1_epi16(w[3]);
            low = vertical_sum4(stripe + offset, w0, w1, w2, w3);
            if (!single) high = vertical_sum4(second + offset, w0, w1, w2, w3);
        } else {
            low = vertical_sum(stripe + offset, w, taps);
            if (!single) high = vertical_sum(second + offset, w, taps);
        }
        store_row(target + r * width, low, high, single, valid, rounding);
    }
}

/// `vertical` for the usual case, two whole stripes and four taps, as one branch-free loop.
AVX2 static void vertical_pair4(const lenta_fixed_resample_plane *p, const int16_t *restrict stripe,
                                const int16_t *restrict pair, long column, long firstRow, long endRow) {
    const long rowMin = p->rowMin, width = p->targetWidth;
    const int32_t *restrict starts = p->yStarts;
    const int16_t *restrict w = p->yWeights + firstRow * 4;
    uint8_t *restrict out = p->target + (p->yOutputStart + firstRow) * width + column;
    const __m256i rounding = _mm256_set1_epi16(p->rounding);
    for (long r = firstRow; r < endRow; r++, w += 4, out += width) {
        const long offset = ((long)starts[r] - rowMin) * lanes;
        const __m256i w0 = _mm256_set1_epi16(w[0]), w1 = _mm256_set1_epi16(w[1]);
        const __m256i w2 = _mm256_set1_epi16(w[2]), w3 = _mm256_set1_epi16(w[3]);
        const __m256i low = _mm256_srai_epi16(_mm256_add_epi16(vertical_sum4(stripe + offset, w0, w1, w2, w3), rounding), 4);
        const __m256i high = _mm256_srai_epi16(_mm256_add_epi16(vertical_sum4(pair + offset, w0, w1, w2, w3), rounding), 4);
        // `packuswb` packs within 128-bit halves: its quarters come out in the order 0 2 1 3.
        _mm256_storeu_si256((__m256i *)out, _mm256_permute4x64_epi64(_mm256_packus_epi16(low, high), 0xD8));
    }
}

AVX2 void lenta_fixed_resample_avx2_stripes(const lenta_fixed_resample_plane *p, long firstStripe, long endStripe,
                                            void *scratch) {
    const long blocks = blocks_of(p);
    __m256i *columns = (__m256i *)scratch;
    int16_t *stripe = (int16_t *)(columns + lanes * chunk), *pair = stripe + lanes * lanes * blocks;
    // Two stripes at a time, a step of rows at a time: filtered and turned one after the other,
    // then down both together for every output row whose window the rows so far cover, so each
    // step's rows are used while they are still in L1 (whole stripes went through L2 twice).
    for (long s = firstStripe; s < endStripe; s += 2) {
        const long first = s * lanes, left = p->xCount - first;
        const int both = s + 1 < endStripe;
        const long most = both ? 2 * lanes : lanes;
        const int usual = both && p->yTaps == 4 && left >= most;
        const long column = p->xOutputStart + first, valid = left < most ? left : most;
        long row = 0;
        for (long b = 0; b < blocks; b += chunk) {
            const long n = blocks - b < chunk ? blocks - b : chunk;
            horizontal(p, columns, b, n, first);
            transpose(columns, stripe + b * lanes * lanes, n);
            if (both) {
                horizontal(p, columns, b, n, first + lanes);
                transpose(columns, pair + b * lanes * lanes, n);
            }
            // The output rows whose taps lie within the rows turned so far (all of them at the end).
            const long done = b + n == blocks ? p->rowCount : (b + n - LAG) * lanes;
            long end = row;
            while (end < p->yCount && (long)p->yStarts[end] - p->rowMin + p->yTaps <= done) end++;
            if (usual) {
                vertical_pair4(p, stripe, pair, column, row, end);
            } else {
                vertical(p, stripe, both ? pair : 0, column, valid, row, end);
            }
            row = end;
        }
    }
}

#else

int lenta_fixed_resample_avx2_available(void) { return 0; }
long lenta_fixed_resample_avx2_scratch_bytes(const lenta_fixed_resample_plane *plane) { (void)plane; return 0; }
void lenta_fixed_resample_avx2_stripes(const lenta_fixed_resample_plane *plane, long firstStripe, long endStripe, void *scratch) {
    (void)plane; (void)firstStripe; (void)endStripe; (void)scratch;
}

#endif
