// Study variant (session 20, pix20; not built into lenta): CPixelKernels' fixed_resample_avx2.c with
// each source column widened once per step of 256 rows into L1 (the taps then read it as memory
// operands of `vpmulhw`), the columns turned from L1, and four stripes filtered vertically per row
// (weights spread once for 64 columns, the pairs laid out so `packuswb` needs no `vpermq`). The
// same bytes, 11 % fewer instructions (32.1 against 36.1 M a 2160p frame), but 1.07x the time at
// 2160p (0.98x at 1080p):
// the stepped reads of ~20 columns wait on memory where the kernel's streams down whole columns
// did not. Measured with bench/render-study/resample-kernel.sh (resample-kernel.md).
#include "fixed_resample.h"

#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))
#ifndef CHUNK
#define CHUNK 16
#endif
#ifndef PREFETCH_STEPS
#define PREFETCH_STEPS 2
#endif

enum {
    lanes = 16,
    /// Blocks of sixteen source rows filtered per step of the horizontal pass: 256 rows, so a
    /// step's widened source columns and filtered columns stay in L1 (≈ 10 + 8 KB at scale 1).
    chunk = CHUNK,
    /// Stripes filtered vertically together: each output row's weights are spread once for 64
    /// columns (two 32-byte stores).
    group = 4,
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

/// The source columns one stripe reads: `*first` and how many from there (its lanes past the
/// last output column repeat that column, as `horizontal` filters them).
static long stripe_columns(const lenta_fixed_resample_plane *p, long stripe, long *first) {
    long low = p->xStarts[stripe * lanes], high = low;
    for (long l = 1; l < lanes; l++) {
        const long i = stripe * lanes + l < p->xCount - 1 ? stripe * lanes + l : p->xCount - 1;
        const long start = p->xStarts[i];
        low = start < low ? start : low;
        high = start > high ? start : high;
    }
    *first = low;
    return high - low + p->xTaps;
}

static long widest_stripe(const lenta_fixed_resample_plane *p) {
    long widest = 0, first;
    for (long s = 0; s * lanes < p->xCount; s++) {
        const long n = stripe_columns(p, s, &first);
        widest = n > widest ? n : widest;
    }
    return widest;
}

long lenta_fixed_resample_avx2_scratch_bytes(const lenta_fixed_resample_plane *p) {
    // Two pairs of stripes turned into rows (64 bytes a row each), a step's sixteen filtered
    // columns, then its widened source columns (last: their count varies by stripe).
    return (group * lanes * blocks_of(p) + lanes * chunk + widest_stripe(p) * chunk) * (long)sizeof(__m256i);
}

/// Sixteen samples down a column, widened to 8.7 fixed point.
AVX2 static inline __m256i load_samples(const uint8_t *p) {
    return _mm256_slli_epi16(_mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)p)), 7);
}

/// `count` source columns from `column` (rows rowMin + 16 firstBlock … of `blocks` blocks) widened
/// once into `wide` (column c's block b at `wide[c * chunk + b]`), where each of the horizontal
/// taps that use it (about four at scale 1) reads it as a memory operand of its multiply.
AVX2 static void widen(const lenta_fixed_resample_plane *p, __m256i *restrict wide, long column, long count, long firstBlock,
                       long blocks) {
    const long height = p->height;
    const uint8_t *source = p->source + column * height + p->rowMin + firstBlock * lanes;
    for (long c = 0; c < count; c++, source += height) {
        __m256i *out = wide + c * chunk;
        // The plane mostly comes from memory: asking for this column's rows of a later step while
        // this one is widened hides the wait (a 64-byte line is four blocks).
        long b = 0;
        for (; b + 4 <= blocks; b += 4) {
            _mm_prefetch((const char *)(source + (PREFETCH_STEPS * chunk + b) * lanes), _MM_HINT_T0);
            out[b] = load_samples(source + b * lanes);
            out[b + 1] = load_samples(source + (b + 1) * lanes);
            out[b + 2] = load_samples(source + (b + 2) * lanes);
            out[b + 3] = load_samples(source + (b + 3) * lanes);
        }
        for (; b < blocks; b++) out[b] = load_samples(source + b * lanes);
    }
}

/// Output column `first + l` filtered horizontally over the step's blocks: `columns[l * chunk + b]`,
/// in 1/64 steps, from the widened columns (`wide` starts at source column `column`).
AVX2 static void horizontal(const lenta_fixed_resample_plane *p, __m256i *restrict columns, const __m256i *restrict wide,
                            long column, long blocks, long first) {
    const long taps = p->xTaps;
    for (long l = 0; l < lanes; l++) {
        // Past the last column the stripe repeats it (those lanes are not stored).
        const long i = first + l < p->xCount - 1 ? first + l : p->xCount - 1;
        __m256i *restrict out = columns + l * chunk;
        const __m256i *c0 = wide + (p->xStarts[i] - column) * chunk;
        const int16_t *w = p->xWeights + i * taps;
        if (taps == 4) {
            const __m256i w0 = _mm256_set1_epi16(w[0]), w1 = _mm256_set1_epi16(w[1]);
            const __m256i w2 = _mm256_set1_epi16(w[2]), w3 = _mm256_set1_epi16(w[3]);
            const __m256i *c1 = c0 + chunk, *c2 = c1 + chunk, *c3 = c2 + chunk;
            for (long b = 0; b < blocks; b++) {
                const __m256i sum = _mm256_add_epi16(_mm256_add_epi16(_mm256_mulhi_epi16(c0[b], w0), _mm256_mulhi_epi16(c1[b], w1)),
                                                     _mm256_add_epi16(_mm256_mulhi_epi16(c2[b], w2), _mm256_mulhi_epi16(c3[b], w3)));
                out[b] = _mm256_slli_epi16(sum, 1);
            }
        } else {
            for (long b = 0; b < blocks; b++) out[b] = _mm256_setzero_si256();
            for (long k = 0; k < taps; k++) {
                const __m256i wk = _mm256_set1_epi16(w[k]), *ck = c0 + k * chunk;
                for (long b = 0; b < blocks; b++) out[b] = _mm256_add_epi16(out[b], _mm256_mulhi_epi16(ck[b], wk));
            }
            for (long b = 0; b < blocks; b++) out[b] = _mm256_slli_epi16(out[b], 1);
        }
    }
}

/// Turns the step's columns into rows of a pair of stripes (`rows`, 64 bytes a row from the step's
/// first row; `half`: 0 the pair's first stripe, 1 its second). A row is two vectors, its eight-
/// column quarters in the order first stripe's 0–7, second's 0–7, first's 8–15, second's 8–15: so
/// `packuswb` of the two (it packs within 128-bit halves) gives the pair's 32 bytes in order.
/// Each group of eight columns is an 8 × 8 transpose in each 128-bit half (the unpacks work per
/// half): the low half holds rows 16b … 16b + 7, the high half the next eight.
AVX2 static void transpose(const __m256i *columns, __m128i *rows, long half, long blocks) {
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
            const __m256i turned[8] = {
                _mm256_unpacklo_epi64(b0, b4), _mm256_unpackhi_epi64(b0, b4),
                _mm256_unpacklo_epi64(b1, b5), _mm256_unpackhi_epi64(b1, b5),
                _mm256_unpacklo_epi64(b2, b6), _mm256_unpackhi_epi64(b2, b6),
                _mm256_unpacklo_epi64(b3, b7), _mm256_unpackhi_epi64(b3, b7),
            };
            __m128i *low = rows + 4 * lanes * b + 2 * g + half, *high = low + 4 * 8;
            for (long k = 0; k < 8; k++) {
                _mm_store_si128(low + 4 * k, _mm256_castsi256_si128(turned[k]));
                _mm_store_si128(high + 4 * k, _mm256_extracti128_si256(turned[k], 1));
            }
        }
    }
}

/// The vertical taps of one output row down a pair's rows (`s`: the pair's rows from the first of
/// the row's window; `v` 0 or 1, which of each row's two vectors), before rounding.
AVX2 static inline __m256i vertical_sum(const __m256i *s, long v, const int16_t *w, long taps) {
    __m256i sum = _mm256_setzero_si256();
    for (long k = 0; k < taps; k++) sum = _mm256_add_epi16(sum, _mm256_mulhi_epi16(s[2 * k + v], _mm256_set1_epi16(w[k])));
    return sum;
}

/// Four taps, the usual case, with the weights spread once for the row.
AVX2 static inline __m256i vertical_sum4(const __m256i *s, __m256i w0, __m256i w1, __m256i w2, __m256i w3) {
    return _mm256_add_epi16(_mm256_add_epi16(_mm256_mulhi_epi16(s[0], w0), _mm256_mulhi_epi16(s[2], w1)),
                            _mm256_add_epi16(_mm256_mulhi_epi16(s[4], w2), _mm256_mulhi_epi16(s[6], w3)));
}

/// A pair's two sums of one row rounded to 8 bits: the clamp to 0…255 of the portable loop is
/// `packuswb`'s saturation, and the layout of the pair's rows (`transpose`) puts the bytes in order.
AVX2 static inline __m256i rounded(__m256i low, __m256i high, __m256i rounding) {
    low = _mm256_srai_epi16(_mm256_add_epi16(low, rounding), 4);
    high = _mm256_srai_epi16(_mm256_add_epi16(high, rounding), 4);
    return _mm256_packus_epi16(low, high);
}

/// Every output row of the group's pairs of stripes (`pairs` of them, `rows` the first's, the
/// second's `pairStride` vectors on), `valid` columns of them stored from `column`.
AVX2 static void vertical(const lenta_fixed_resample_plane *p, const __m256i *restrict rows, long pairStride, long pairs,
                          long column, long valid) {
    const long taps = p->yTaps, count = p->yCount, rowMin = p->rowMin, width = p->targetWidth;
    const int32_t *restrict starts = p->yStarts;
    const int16_t *restrict weights = p->yWeights;
    uint8_t *restrict target = p->target + p->yOutputStart * width + column;
    const __m256i rounding = _mm256_set1_epi16(p->rounding);
    for (long r = 0; r < count; r++) {
        const __m256i *s = rows + ((long)starts[r] - rowMin) * 2;
        const int16_t *w = weights + r * taps;
        uint8_t *out = target + r * width;
        for (long q = 0; q < pairs; q++, s += pairStride, out += 2 * lanes) {
            __m256i bytes;
            if (taps == 4) {
                const __m256i w0 = _mm256_set1_epi16(w[0]), w1 = _mm256_set1_epi16(w[1]);
                const __m256i w2 = _mm256_set1_epi16(w[2]), w3 = _mm256_set1_epi16(w[3]);
                bytes = rounded(vertical_sum4(s, w0, w1, w2, w3), vertical_sum4(s + 1, w0, w1, w2, w3), rounding);
            } else {
                bytes = rounded(vertical_sum(s, 0, w, taps), vertical_sum(s, 1, w, taps), rounding);
            }
            const long left = valid - q * 2 * lanes;
            if (left >= 2 * lanes) {
                _mm256_storeu_si256((__m256i *)out, bytes);
            } else {
                uint8_t row[2 * lanes];
                _mm256_storeu_si256((__m256i *)row, bytes);
                memcpy(out, row, (size_t)left);
            }
        }
    }
}

/// `vertical` for the usual case, two whole pairs and four taps, as one branch-free loop.
AVX2 static void vertical_group4(const lenta_fixed_resample_plane *p, const __m256i *restrict rows, long pairStride, long column) {
    const long count = p->yCount, rowMin = p->rowMin, width = p->targetWidth;
    const int32_t *restrict starts = p->yStarts;
    const int16_t *restrict w = p->yWeights;
    uint8_t *restrict out = p->target + p->yOutputStart * width + column;
    const __m256i rounding = _mm256_set1_epi16(p->rounding);
    for (long r = 0; r < count; r++, w += 4, out += width) {
        const __m256i *s = rows + ((long)starts[r] - rowMin) * 2, *t = s + pairStride;
        const __m256i w0 = _mm256_set1_epi16(w[0]), w1 = _mm256_set1_epi16(w[1]);
        const __m256i w2 = _mm256_set1_epi16(w[2]), w3 = _mm256_set1_epi16(w[3]);
        _mm256_storeu_si256((__m256i *)out,
                            rounded(vertical_sum4(s, w0, w1, w2, w3), vertical_sum4(s + 1, w0, w1, w2, w3), rounding));
        _mm256_storeu_si256((__m256i *)(out + 2 * lanes),
                            rounded(vertical_sum4(t, w0, w1, w2, w3), vertical_sum4(t + 1, w0, w1, w2, w3), rounding));
    }
}

AVX2 void lenta_fixed_resample_avx2_stripes(const lenta_fixed_resample_plane *p, long firstStripe, long endStripe,
                                            void *scratch) {
    const long blocks = blocks_of(p);
    __m256i *rows = (__m256i *)scratch, *columns = rows + group * lanes * blocks, *wide = columns + lanes * chunk;
    // A pair's rows: 2 vectors a row, 16 rows a block.
    const long pairStride = 2 * lanes * blocks;
    // Up to four stripes at a time: each filtered and turned a step of rows at a time (the step's
    // source, widened, and its columns stay in L1), then down all of them together.
    for (long s0 = firstStripe; s0 < endStripe; s0 += group) {
        const long end = s0 + group < endStripe ? s0 + group : endStripe;
        for (long s = s0; s < end; s++) {
            long column;
            const long count = stripe_columns(p, s, &column);
            __m128i *pair = (__m128i *)(rows + ((s - s0) / 2) * pairStride);
            for (long b = 0; b < blocks; b += chunk) {
                const long n = blocks - b < chunk ? blocks - b : chunk;
                widen(p, wide, column, count, b, n);
                horizontal(p, columns, wide, column, n, s * lanes);
                transpose(columns, pair + 4 * lanes * b, (s - s0) % 2, n);
            }
        }
        const long first = s0 * lanes, left = p->xCount - first, most = (end - s0) * lanes;
        if (p->yTaps == 4 && most == group * lanes && left >= most) {
            vertical_group4(p, rows, pairStride, p->xOutputStart + first);
        } else {
            vertical(p, rows, pairStride, (end - s0 + 1) / 2, p->xOutputStart + first, left < most ? left : most);
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
