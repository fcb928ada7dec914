// Study variant (session 20, pix20; not built into lenta): avx512-stream.c with the source widened
// once per step of 256 rows into L1 (avx2-chunked.c's scheme) instead of streamed per tap. The
// same bytes; slower than the AVX2 kernel at 2160p (1.17-1.19x: the chunked reads of ~20 columns
// a step wait on memory). Measured with bench/render-study/resample-kernel.sh (resample-kernel.md).
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
    /// Blocks filtered per step of the horizontal pass: 256 rows, so a step's widened source
    /// columns and its filtered columns stay in L1 (≈ 10 + 8 KB at scale 1).
    chunk = 8,
    /// Stripes filtered vertically together: a row of them is two vectors, one 64-byte store.
    group = 4,
    /// Steps ahead that `widen` asks the memory for.
    ahead = 2,
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

/// The source columns one stripe reads: `*first` and how many from there (its lanes past the
/// last output column repeat that column, as `horizontal` filters them).
static long stripe_columns(const lenta_fixed_resample_plane *p, long stripe, long *first) {
    long low = p->xStarts[stripe * width], high = low;
    for (long l = 1; l < width; l++) {
        const long i = stripe * width + l < p->xCount - 1 ? stripe * width + l : p->xCount - 1;
        const long start = p->xStarts[i];
        low = start < low ? start : low;
        high = start > high ? start : high;
    }
    *first = low;
    return high - low + p->xTaps;
}

long lenta_fixed_resample_avx512_scratch_bytes(const lenta_fixed_resample_plane *p) {
    long widest = 0, first;
    for (long s = 0; s * width < p->xCount; s++) {
        const long n = stripe_columns(p, s, &first);
        widest = n > widest ? n : widest;
    }
    // The group's rows (two vectors a row), a step's sixteen filtered columns, then its widened
    // source columns (last: their count varies by stripe).
    return (2 * rows * blocks_of(p) + width * chunk + widest * chunk) * (long)sizeof(__m512i);
}

/// `count` source columns from `column`, rows rowMin + 32 firstBlock … of `blocks` blocks, widened
/// to 8.7 fixed point once into `wide` (column c's block b at `wide[c * chunk + b]`), where each
/// horizontal tap that uses it (about four at scale 1) reads it as a memory operand.
AVX512 static void widen(const lenta_fixed_resample_plane *p, __m512i *restrict wide, long column, long count, long firstBlock,
                         long blocks) {
    const long height = p->height;
    const uint8_t *source = p->source + column * height + p->rowMin + firstBlock * rows;
    // The plane ends 16 bytes past its last sample: the last block reads only its rows.
    const long left = p->rowCount - (firstBlock + blocks - 1) * rows;
    const __mmask32 last = left >= rows ? ~(__mmask32)0 : ((__mmask32)1 << left) - 1;
    for (long c = 0; c < count; c++, source += height) {
        __m512i *out = wide + c * chunk;
        // The plane mostly comes from memory (x264 evicts it between frames): this column's rows
        // of a later step are asked for while this one is widened (a 64-byte line is two blocks).
        for (long b = 0; b < blocks; b += 2) _mm_prefetch((const char *)(source + (ahead * chunk + b) * rows), _MM_HINT_T0);
        for (long b = 0; b < blocks - 1; b++) {
            out[b] = _mm512_slli_epi16(_mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(source + b * rows))), 7);
        }
        out[blocks - 1] = _mm512_slli_epi16(
            _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(last, source + (blocks - 1) * rows)), 7);
    }
}

/// Output column `first + l` filtered horizontally over the step's blocks: `columns[l * chunk + b]`,
/// in 1/64 steps, from the widened columns (`wide` starts at source column `column`).
AVX512 static void horizontal(const lenta_fixed_resample_plane *p, __m512i *restrict columns, const __m512i *restrict wide,
                              long column, long blocks, long first) {
    const long taps = p->xTaps;
    for (long l = 0; l < width; l++) {
        // Past the last column the stripe repeats it (those lanes are not stored).
        const long i = first + l < p->xCount - 1 ? first + l : p->xCount - 1;
        __m512i *restrict out = columns + l * chunk;
        const __m512i *c0 = wide + (p->xStarts[i] - column) * chunk;
        const int16_t *w = p->xWeights + i * taps;
        if (taps == 4) {
            const __m512i w0 = _mm512_set1_epi16(w[0]), w1 = _mm512_set1_epi16(w[1]);
            const __m512i w2 = _mm512_set1_epi16(w[2]), w3 = _mm512_set1_epi16(w[3]);
            const __m512i *c1 = c0 + chunk, *c2 = c1 + chunk, *c3 = c2 + chunk;
            for (long b = 0; b < blocks; b++) {
                const __m512i sum = _mm512_add_epi16(_mm512_add_epi16(_mm512_mulhi_epi16(c0[b], w0), _mm512_mulhi_epi16(c1[b], w1)),
                                                     _mm512_add_epi16(_mm512_mulhi_epi16(c2[b], w2), _mm512_mulhi_epi16(c3[b], w3)));
                out[b] = _mm512_slli_epi16(sum, 1);
            }
        } else {
            for (long b = 0; b < blocks; b++) out[b] = _mm512_setzero_si512();
            for (long k = 0; k < taps; k++) {
                const __m512i wk = _mm512_set1_epi16(w[k]), *ck = c0 + k * chunk;
                for (long b = 0; b < blocks; b++) out[b] = _mm512_add_epi16(out[b], _mm512_mulhi_epi16(ck[b], wk));
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
            const __m512i *c = columns + 8 * g * chunk + b;
            __m256i low[8], high[8];
            for (long l = 0; l < 8; l++) {
                const __m512i column = c[l * chunk];
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
    __m512i *group_rows = (__m512i *)scratch, *columns = group_rows + 2 * rows * blocks, *wide = columns + width * chunk;
    // Four stripes at a time: each filtered and turned a step of rows at a time (the step's
    // source, widened, and its columns stay in L1), then down all four together.
    for (long s0 = firstStripe; s0 < endStripe; s0 += group) {
        const long end = s0 + group < endStripe ? s0 + group : endStripe;
        for (long s = s0; s < end; s++) {
            long column;
            const long count = stripe_columns(p, s, &column);
            for (long b = 0; b < blocks; b += chunk) {
                const long n = blocks - b < chunk ? blocks - b : chunk;
                widen(p, wide, column, count, b, n);
                horizontal(p, columns, wide, column, n, s * width);
                transpose(columns, (__m128i *)(group_rows + 2 * rows * b), s - s0, n);
            }
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
