// The affine resampler's loops (rotated photos), in integer arithmetic: a Swift loop in Double
// and Float took 54 % of a three-shape render of samples/projects/lisbon.json.
#include "affine_resample.h"

enum { phase_shift = 32 - lenta_affine_phase_bits, phase_mask = (1 << lenta_affine_phase_bits) - 1 };

/// A 32.32 position rounded to 1/1024 of a pixel: its whole part (floor) and its phase.
static inline __attribute__((always_inline)) void split(int64_t p, long limit, long *whole, long *phase) {
    int64_t q = (p + ((int64_t)1 << (phase_shift - 1))) >> phase_shift;
    int64_t i = q >> lenta_affine_phase_bits;
    // Far outside the plane every tap clamps to the edge anyway: keep the index small.
    if (i < -4) i = -4;
    if (i > limit + 4) i = limit + 4;
    *whole = (long)i;
    *phase = (long)(q & phase_mask);
}

/// Four taps of one source row, in units of 2^-6 of a level (the 2^-14 weights' sum rounded):
/// Catmull-Rom's overshoot keeps it within −2,100 … 18,400, so the vertical sum fits 32 bits.
static inline __attribute__((always_inline)) int32_t taps(const uint8_t *s0, const uint8_t *s1, const uint8_t *s2,
                                                            const uint8_t *s3, const int16_t *w) {
    int32_t h = *s0 * w[0] + *s1 * w[1] + *s2 * w[2] + *s3 * w[3];
    return (h + 128) >> 8;
}

static inline __attribute__((always_inline)) uint8_t rounded(int32_t v) {
    v = (v + (1 << 19)) >> 20;
    return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

static inline __attribute__((always_inline)) long clampl(long i, long hi) { return i < 0 ? 0 : i > hi ? hi : i; }

/// One pixel by the plain loop: the window's samples straight from four rows when it lies inside,
/// clamped to the edge when it does not.
static inline __attribute__((always_inline)) uint8_t pixel(const lenta_affine_plane *p, int64_t px, int64_t py) {
    const long w = p->sourceWidth, h = p->sourceHeight;
    long ix, fx, iy, fy;
    split(px, w, &ix, &fx);
    split(py, h, &iy, &fy);
    const int16_t *wx = p->weights + 4 * fx, *wy = p->weights + 4 * fy;
    if (ix >= 1 && ix + 2 < w && iy >= 1 && iy + 2 < h) {
        const uint8_t *r0 = p->source + (iy - 1) * w + (ix - 1), *r1 = r0 + w, *r2 = r1 + w, *r3 = r2 + w;
        return rounded(taps(r0, r0 + 1, r0 + 2, r0 + 3, wx) * wy[0] + taps(r1, r1 + 1, r1 + 2, r1 + 3, wx) * wy[1]
                     + taps(r2, r2 + 1, r2 + 2, r2 + 3, wx) * wy[2] + taps(r3, r3 + 1, r3 + 2, r3 + 3, wx) * wy[3]);
    }
    const long x0 = clampl(ix - 1, w - 1), x1 = clampl(ix, w - 1), x2 = clampl(ix + 1, w - 1), x3 = clampl(ix + 2, w - 1);
    int32_t v = 0;
    for (int k = 0; k < 4; k++) {
        const uint8_t *r = p->source + clampl(iy - 1 + k, h - 1) * w;
        v += taps(r + x0, r + x1, r + x2, r + x3, wx) * wy[k];
    }
    return rounded(v);
}

static inline __attribute__((always_inline)) void plain_rows(const lenta_affine_plane *p, long rowStart, long rowEnd) {
    for (long row = rowStart; row < rowEnd; row++) {
        uint8_t *out = p->target + row * p->targetWidth;
        int64_t px = p->x0 + row * p->dxRow, py = p->y0 + row * p->dyRow;
        for (long column = p->columnStart; column < p->columnEnd; column++, px += p->dxColumn, py += p->dyColumn) {
            out[column] = pixel(p, px, py);
        }
    }
}

void lenta_affine_rows(const lenta_affine_plane *p, long rowStart, long rowEnd) { plain_rows(p, rowStart, rowEnd); }

#if defined(__x86_64__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

/// Whether output pixels whose positions are `px`, `py` (32.32) have their whole window inside.
static inline __attribute__((always_inline)) int inside(const lenta_affine_plane *p, int64_t px, int64_t py) {
    long ix, fx, iy, fy;
    split(px, p->sourceWidth, &ix, &fx);
    split(py, p->sourceHeight, &iy, &fy);
    return ix >= 1 && ix + 2 < p->sourceWidth && iy >= 1 && iy + 2 < p->sourceHeight;
}

/// Eight pixels whose windows all lie inside, the same integer operations as `pixel`: the
/// samples and weights gathered, each row's four taps by `pmaddwd`, the rows' by `pmaddwd` again.
AVX2 static inline void eight(const lenta_affine_plane *p, int64_t px, int64_t py, uint8_t *out) {
    const long w = p->sourceWidth;
    int32_t offsets[8], phasesX[8], phasesY[8];
    for (int l = 0; l < 8; l++, px += p->dxColumn, py += p->dyColumn) {
        long ix, fx, iy, fy;
        split(px, w, &ix, &fx);
        split(py, p->sourceHeight, &iy, &fy);
        offsets[l] = (int32_t)((iy - 1) * w + (ix - 1));
        phasesX[l] = (int32_t)fx;
        phasesY[l] = (int32_t)fy;
    }
    const __m256i offset = _mm256_loadu_si256((const __m256i *)offsets);
    const __m256i fx = _mm256_loadu_si256((const __m256i *)phasesX), fy = _mm256_loadu_si256((const __m256i *)phasesY);
    // Each pixel's four horizontal weights (8 bytes), in the order the byte unpacks leave the
    // pixels: 0, 1, 4, 5 beside the low samples, 2, 3, 6, 7 beside the high ones.
    const long long *table = (const long long *)p->weights;
    const __m128i lowLanes = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(fx, _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7)));
    const __m128i highLanes = _mm256_extracti128_si256(_mm256_permutevar8x32_epi32(fx, _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7)), 1);
    const __m256i wxLow = _mm256_i32gather_epi64(table, lowLanes, 8), wxHigh = _mm256_i32gather_epi64(table, highLanes, 8);
    // Each pixel's vertical weights as two pairs of 16 bits: (w0, w1) and (w2, w3).
    const int *pairs = (const int *)p->weights;
    const __m256i fy2 = _mm256_slli_epi32(fy, 1);
    const __m256i wy01 = _mm256_i32gather_epi32(pairs, fy2, 4);
    const __m256i wy23 = _mm256_i32gather_epi32(pairs + 1, fy2, 4);
    const __m256i zero = _mm256_setzero_si256(), half = _mm256_set1_epi32(128), low16 = _mm256_set1_epi32(0xffff);
    __m256i h[4];
    for (int r = 0; r < 4; r++) {
        const __m256i samples = _mm256_i32gather_epi32((const int *)(p->source + r * w), offset, 1);
        const __m256i low = _mm256_madd_epi16(_mm256_unpacklo_epi8(samples, zero), wxLow);
        const __m256i high = _mm256_madd_epi16(_mm256_unpackhi_epi8(samples, zero), wxHigh);
        h[r] = _mm256_srai_epi32(_mm256_add_epi32(_mm256_hadd_epi32(low, high), half), 8);
    }
    // Rows 0 and 1 (and 2 and 3) side by side in each pixel's 32 bits, as the weight pairs are.
    const __m256i h01 = _mm256_or_si256(_mm256_and_si256(h[0], low16), _mm256_slli_epi32(h[1], 16));
    const __m256i h23 = _mm256_or_si256(_mm256_and_si256(h[2], low16), _mm256_slli_epi32(h[3], 16));
    __m256i v = _mm256_add_epi32(_mm256_madd_epi16(h01, wy01), _mm256_madd_epi16(h23, wy23));
    v = _mm256_srai_epi32(_mm256_add_epi32(v, _mm256_set1_epi32(1 << 19)), 20);
    // Clamped to 0 … 255 by the two saturating packs.
    const __m256i words = _mm256_packs_epi32(v, v);
    const __m256i bytes = _mm256_packus_epi16(words, words);
    const __m128i lo = _mm256_castsi256_si128(bytes), hi = _mm256_extracti128_si256(bytes, 1);
    const int32_t a = _mm_cvtsi128_si32(lo), b = _mm_cvtsi128_si32(hi);
    __builtin_memcpy(out, &a, 4);
    __builtin_memcpy(out + 4, &b, 4);
}

/// Columns [first, end) of one output row.
AVX2 static inline void row_span(const lenta_affine_plane *p, long row, long first, long end) {
    uint8_t *out = p->target + row * p->targetWidth;
    const long k = first - p->columnStart;
    int64_t px = p->x0 + row * p->dxRow + k * p->dxColumn, py = p->y0 + row * p->dyRow + k * p->dyColumn;
    long column = first;
    for (; column + 8 <= end; column += 8, px += 8 * p->dxColumn, py += 8 * p->dyColumn) {
        // Positions are linear along the row: the first and the last inside, all are.
        if (inside(p, px, py) && inside(p, px + 7 * p->dxColumn, py + 7 * p->dyColumn)) {
            eight(p, px, py, out + column);
        } else {
            for (int l = 0; l < 8; l++) out[column + l] = pixel(p, px + l * p->dxColumn, py + l * p->dyColumn);
        }
    }
    for (; column < end; column++, px += p->dxColumn, py += p->dyColumn) out[column] = pixel(p, px, py);
}

AVX2 void lenta_affine_rows_avx2(const lenta_affine_plane *p, long rowStart, long rowEnd) {
    for (long row = rowStart; row < rowEnd; row++) row_span(p, row, p->columnStart, p->columnEnd);
}
#else
void lenta_affine_rows_avx2(const lenta_affine_plane *p, long rowStart, long rowEnd) { plain_rows(p, rowStart, rowEnd); }
#endif
