// Study variant (session 20, pix20; not built into lenta): CPixelKernels' fixed_resample_avx2.c in
// AVX-512, its memory pattern kept (each stripe's columns streamed from the source as they are
// filtered): the same integer operations per pixel in 32 lanes, the same bytes. Thirty-two source
// rows per horizontal step, four sixteen-column stripes per vertical step (one 64-byte store a
// row). Zen 5 issues two 512-bit `vpmulhw` a cycle, as many as 256-bit ones: about half the
// vector instructions of the AVX2 kernel, 0.90x its time on a frame whose planes stay in the
// caches, 1.00-1.04x on a 2160p frame (bound by the plane's reads and the target's writes).
// Measured with bench/render-study/resample-kernel.sh (resample-kernel.md).
#include "fixed_resample.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

#define AVX512 __attribute__((target("avx512f,avx512bw,avx512vl")))

enum {
    /// Columns in a stripe (the horizontal pass's output columns per step).
    width = 16,
    /// Rows in a block (a vector down a column).
    rows = 32,
    /// Stripes filtered vertically together: a row of them is two vectors, one 64-byte store.
    group = 4,
};

int lenta_fixed_resample_avx512_available(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    // The operating system must save the YMM and ZMM registers and the mask registers
    // (XCR0 bits 1, 2 and 5–7).
    unsigned lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 0xE6) != 0xE6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & bit_AVX2) && (b & bit_AVX512F) && (b & bit_AVX512BW) && (b & bit_AVX512VL);
}

static long blocks_of(const lenta_fixed_resample_plane *p) { return (p->rowCount + rows - 1) / rows; }

long lenta_fixed_resample_avx512_scratch_bytes(const lenta_fixed_resample_plane *p) {
    // The group's rows (two vectors a row), then a stripe's sixteen filtered columns.
    return (2 * rows + width) * blocks_of(p) * (long)sizeof(__m512i);
}

/// Thirty-two samples down a column, widened to 8.7 fixed point (`mask`: the rows to read; the
/// plane ends 16 bytes past its last sample).
AVX512 static inline __m512i load_samples(const uint8_t *p, __mmask32 mask) {
    return _mm512_slli_epi16(_mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(mask, p)), 7);
}

/// Output column `first + l` filtered horizontally for every source row the stripe needs:
/// `columns[l * blocks + b]` holds rows rowMin + 32b …, in 1/64 steps. Each column of the source
/// is read from memory as it is filtered (the plane mostly comes from memory, and a stream down
/// a column with the next but one asked for ahead keeps the reads going while the taps are summed).
AVX512 static void horizontal(const lenta_fixed_resample_plane *p, __m512i *restrict columns, long blocks, long first) {
    const long height = p->height, taps = p->xTaps;
    const long left = p->rowCount - (blocks - 1) * rows;
    const __mmask32 all = ~(__mmask32)0, last = left >= rows ? all : ((__mmask32)1 << left) - 1;
    for (long l = 0; l < width; l++) {
        // Past the last column the stripe repeats it (those lanes are not stored).
        const long i = first + l < p->xCount - 1 ? first + l : p->xCount - 1;
        __m512i *restrict out = columns + l * blocks;
        const uint8_t *column = p->source + (long)p->xStarts[i] * height + p->rowMin;
        const int16_t *w = p->xWeights + i * taps;
        if (taps == 4) {
            const __m512i w0 = _mm512_set1_epi16(w[0]), w1 = _mm512_set1_epi16(w[1]);
            const __m512i w2 = _mm512_set1_epi16(w[2]), w3 = _mm512_set1_epi16(w[3]);
            const uint8_t *c0 = column, *c1 = c0 + height, *c2 = c1 + height, *c3 = c2 + height;
            for (long b = 0; b < blocks; b++) {
                const long o = b * rows;
                const __mmask32 m = b == blocks - 1 ? last : all;
                _mm_prefetch((const char *)(c3 + 2 * height + o), _MM_HINT_T0);
                const __m512i sum = _mm512_add_epi16(
                    _mm512_add_epi16(_mm512_mulhi_epi16(load_samples(c0 + o, m), w0), _mm512_mulhi_epi16(load_samples(c1 + o, m), w1)),
                    _mm512_add_epi16(_mm512_mulhi_epi16(load_samples(c2 + o, m), w2), _mm512_mulhi_epi16(load_samples(c3 + o, m), w3)));
                out[b] = _mm512_slli_epi16(sum, 1);
            }
        } else {
            for (long b = 0; b < blocks; b++) out[b] = _mm512_setzero_si512();
            for (long k = 0; k < taps; k++) {
                const uint8_t *ck = column + k * height;
                const __m512i wk = _mm512_set1_epi16(w[k]);
                for (long b = 0; b < blocks; b++) {
                    const __mmask32 m = b == blocks - 1 ? last : all;
                    out[b] = _mm512_add_epi16(out[b], _mm512_mulhi_epi16(load_samples(ck + b * rows, m), wk));
                }
            }
            for (long b = 0; b < blocks; b++) out[b] = _mm512_slli_epi16(out[b], 1);
        }
    }
}

/// Eight columns' sixteen rows (`r`, 256-bit halves of them) turned into rows 16h + k and
/// 16h + 8 + k, quarter `quarter` of each (eight 128-bit quarters a row): an 8 × 8 transpose in
/// each 128-bit half, as in the AVX2 kernel (512-bit shuffles cost Zen 5 twice as long).
AVX512 static inline void turn_half(const __m256i r[8], __m128i *out, long h, long quarter) {
    const __m256i a0 = _mm256_unpacklo_epi16(r[0], r[1]), a1 = _mm256_unpackhi_epi16(r[0], r[1]);
    const __m256i a2 = _mm256_unpacklo_epi16(r[2], r[3]), a3 = _mm256_unpackhi_epi16(r[2], r[3]);
    const __m256i a4 = _mm256_unpacklo_epi16(r[4], r[5]), a5 = _mm256_unpackhi_epi16(r[4], r[5]);
    const __m256i a6 = _mm256_unpacklo_epi16(r[6], r[7]), a7 = _mm256_unpackhi_epi16(r[6], r[7]);
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
    __m128i *row = out + 8 * 16 * h + quarter;
    for (long k = 0; k < 8; k++) {
        _mm_store_si128(row + 8 * k, _mm256_castsi256_si128(turned[k]));
        _mm_store_si128(row + 8 * (8 + k), _mm256_extracti128_si256(turned[k], 1));
    }
}

/// Turns the step's columns into rows of the group (`out`: 128 bytes a row from the step's first
/// row; `q`: the stripe's place in the group). A row is two vectors of four 128-bit quarters:
/// the first holds columns 0–7 of stripes 0, 1, 2, 3, the second their columns 8–15, so
/// `packuswb` of the two (it packs within 128-bit quarters) gives the group's 64 bytes in order.
/// Columns are read whole (a 256-bit read of half a 512-bit store still in flight waits for it).
AVX512 static void transpose(const __m512i *columns, __m128i *out, long q, long blocks) {
    for (long b = 0; b < blocks; b++) {
        for (long g = 0; g < 2; g++) {
            const __m512i *c = columns + 8 * g * blocks + b;
            __m256i low[8], high[8];
            for (long l = 0; l < 8; l++) {
                const __m512i column = c[l * blocks];
                low[l] = _mm512_castsi512_si256(column);
                high[l] = _mm512_extracti64x4_epi64(column, 1);
            }
            turn_half(low, out, 2 * b, 4 * g + q);
            turn_half(high, out, 2 * b + 1, 4 * g + q);
        }
    }
}

/// One output row of the group, before rounding: the vertical taps down the rows from the first
/// of its window (`s`), `v` 0 or 1 which of each row's two vectors.
AVX512 static inline __m512i vertical_sum(const __m512i *s, long v, const int16_t *w, long taps) {
    __m512i sum = _mm512_setzero_si512();
    for (long k = 0; k < taps; k++) sum = _mm512_add_epi16(sum, _mm512_mulhi_epi16(s[2 * k + v], _mm512_set1_epi16(w[k])));
    return sum;
}

/// Four taps, the usual case.
AVX512 static inline __m512i vertical_sum4(const __m512i *s, __m512i w0, __m512i w1, __m512i w2, __m512i w3) {
    return _mm512_add_epi16(_mm512_add_epi16(_mm512_mulhi_epi16(s[0], w0), _mm512_mulhi_epi16(s[2], w1)),
                            _mm512_add_epi16(_mm512_mulhi_epi16(s[4], w2), _mm512_mulhi_epi16(s[6], w3)));
}

/// A row's two sums rounded to 8 bits: the clamp to 0…255 of the portable loop is `packuswb`'s
/// saturation, and the layout of the group's rows (`transpose`) puts the 64 bytes in order.
AVX512 static inline __m512i rounded(__m512i low, __m512i high, __m512i rounding) {
    low = _mm512_srai_epi16(_mm512_add_epi16(low, rounding), 4);
    high = _mm512_srai_epi16(_mm512_add_epi16(high, rounding), 4);
    return _mm512_packus_epi16(low, high);
}

/// Every output row of the group (`group_rows`), `valid` columns of it stored from `column`.
AVX512 static void vertical(const lenta_fixed_resample_plane *p, const __m512i *restrict group_rows, long column, long valid) {
    const long taps = p->yTaps, count = p->yCount, rowMin = p->rowMin, stride = p->targetWidth;
    const int32_t *restrict starts = p->yStarts;
    const int16_t *restrict w = p->yWeights;
    uint8_t *restrict out = p->target + p->yOutputStart * stride + column;
    const __m512i rounding = _mm512_set1_epi16(p->rounding);
    const __mmask64 mask = valid >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << valid) - 1;
    if (taps == 4 && valid == 64) {
        for (long r = 0; r < count; r++, w += 4, out += stride) {
            const __m512i *s = group_rows + ((long)starts[r] - rowMin) * 2;
            const __m512i w0 = _mm512_set1_epi16(w[0]), w1 = _mm512_set1_epi16(w[1]);
            const __m512i w2 = _mm512_set1_epi16(w[2]), w3 = _mm512_set1_epi16(w[3]);
            _mm512_storeu_si512(out, rounded(vertical_sum4(s, w0, w1, w2, w3), vertical_sum4(s + 1, w0, w1, w2, w3), rounding));
        }
        return;
    }
    for (long r = 0; r < count; r++, w += taps, out += stride) {
        const __m512i *s = group_rows + ((long)starts[r] - rowMin) * 2;
        _mm512_mask_storeu_epi8(out, mask, rounded(vertical_sum(s, 0, w, taps), vertical_sum(s, 1, w, taps), rounding));
    }
}

AVX512 void lenta_fixed_resample_avx512_stripes(const lenta_fixed_resample_plane *p, long firstStripe, long endStripe,
                                                void *scratch) {
    const long blocks = blocks_of(p);
    __m512i *group_rows = (__m512i *)scratch, *columns = group_rows + 2 * rows * blocks;
    // Four stripes at a time: each filtered and turned, then down all four together.
    for (long s0 = firstStripe; s0 < endStripe; s0 += group) {
        const long end = s0 + group < endStripe ? s0 + group : endStripe;
        for (long s = s0; s < end; s++) {
            horizontal(p, columns, blocks, s * width);
            transpose(columns, (__m128i *)group_rows, s - s0, blocks);
        }
        const long first = s0 * width, left = p->xCount - first, most = (end - s0) * width;
        vertical(p, group_rows, p->xOutputStart + first, left < most ? left : most);
    }
}

#else

int lenta_fixed_resample_avx512_available(void) { return 0; }
long lenta_fixed_resample_avx512_scratch_bytes(const lenta_fixed_resample_plane *plane) { (void)plane; return 0; }
void lenta_fixed_resample_avx512_stripes(const lenta_fixed_resample_plane *plane, long firstStripe, long endStripe, void *scratch) {
    (void)plane; (void)firstStripe; (void)endStripe; (void)scratch;
}

#endif
