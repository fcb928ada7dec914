// The AVX2 form of LentaRender's FixedPointResampler (see its comments for the layout): sixteen
// source rows per horizontal step and one row of two sixteen-column stripes per vertical step (of
// four, a whole cache line, where a frame's rows allow), with the same integer operations per
// pixel, so both kernels give the same bytes. Where the CPU has AVX-512BW (`wide`), the four-tap
// loops take thirty-two rows, or a whole line, per step.
#include "fixed_resample.h"

#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))
#define AVX512 __attribute__((target("avx2,avx512f,avx512bw")))

enum { lanes = 16 };

/// CPUID leaf 7's feature bits (EBX) when the CPU has XSAVE and AVX and the operating system
/// saves every register state `xcr0` names (XCR0's bits), else 0: what each check below shares.
static unsigned saved_extended_features(unsigned xcr0) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    unsigned lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & xcr0) != xcr0) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return b;
}

int lenta_fixed_resample_avx2_available(void) {
    // The operating system must save the YMM registers (XCR0 bits 1 and 2).
    return (saved_extended_features(0x6) & bit_AVX2) != 0;
}

int lenta_fixed_resample_avx512_available(void) {
    // ... and the mask registers and all of the ZMM registers (XCR0 bits 5–7).
    const unsigned b = saved_extended_features(0xE6);
    return (b & bit_AVX2) != 0 && (b & bit_AVX512F) != 0 && (b & bit_AVX512BW) != 0;
}

static long blocks_of(const lenta_fixed_resample_plane *p) { return (p->rowCount + lanes - 1) / lanes; }

long lenta_fixed_resample_avx2_scratch_bytes(const lenta_fixed_resample_plane *p) {
    // A stripe's sixteen filtered columns, then four stripes' turned into rows.
    return 5 * lanes * blocks_of(p) * (long)sizeof(__m256i);
}

/// Sixteen samples down a column, widened to 8.7 fixed point.
AVX2 static inline __m256i load_samples(const uint8_t *p) {
    return _mm256_slli_epi16(_mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)p)), 7);
}

/// Thirty-two samples down a column, widened to 8.7 fixed point.
AVX512 static inline __m512i load_samples_wide(const uint8_t *p) {
    return _mm512_slli_epi16(_mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)p)), 7);
}

/// `horizontal`'s four-tap loop on thirty-two rows (two blocks) at a time, where the CPU has
/// AVX-512BW: the same operations on each lane, so the same values, in half the instructions.
/// Returns the blocks done (all but an odd last one, left to the sixteen-row loop).
AVX512 static long horizontal4_wide(const uint8_t *c0, long height, const int16_t *w, __m256i *out, long blocks) {
    const __m512i w0 = _mm512_set1_epi16(w[0]), w1 = _mm512_set1_epi16(w[1]);
    const __m512i w2 = _mm512_set1_epi16(w[2]), w3 = _mm512_set1_epi16(w[3]);
    const uint8_t *c1 = c0 + height, *c2 = c1 + height, *c3 = c2 + height;
    long b = 0;
    for (; b + 2 <= blocks; b += 2) {
        const long o = b * lanes;
        // Twice as fast, it needs its columns from further ahead: six columns, not two
        // (its share of a 1080p render's samples 1.9 % against 2.5 % two ahead).
        _mm_prefetch((const char *)(c3 + 6 * height + o), _MM_HINT_T0);
        __m512i sum = _mm512_mulhi_epi16(load_samples_wide(c0 + o), w0);
        sum = _mm512_add_epi16(sum, _mm512_mulhi_epi16(load_samples_wide(c1 + o), w1));
        sum = _mm512_add_epi16(sum, _mm512_mulhi_epi16(load_samples_wide(c2 + o), w2));
        sum = _mm512_add_epi16(sum, _mm512_mulhi_epi16(load_samples_wide(c3 + o), w3));
        _mm512_storeu_si512((void *)(out + b), _mm512_slli_epi16(sum, 1));
    }
    return b;
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
            for (long b = p->wide ? horizontal4_wide(column, height, w, out, blocks) : 0; b < blocks; b++) {
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
/// `stripe + pitch · r` (`pitch` 16 for a stripe alone, 64 for four side by side). Each group of
/// eight columns is an 8 × 8 transpose in each 128-bit half (the unpacks work per half): the low
/// half holds rows 16b … 16b + 7, the high half the next eight.
AVX2 static void transpose(const __m256i *columns, int16_t *stripe, long blocks, long pitch) {
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
            int16_t *low = stripe + (b * lanes) * pitch + 8 * g, *high = low + 8 * pitch;
            for (long k = 0; k < 8; k++) {
                _mm_store_si128((__m128i *)(low + k * pitch), _mm256_castsi256_si128(rows[k]));
                _mm_store_si128((__m128i *)(high + k * pitch), _mm256_extracti128_si256(rows[k], 1));
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

/// Four taps, the usual case, with the weights spread once for both stripes (rows `pitch` apart).
AVX2 static inline __m256i vertical_sum4(const int16_t *s, long pitch, __m256i w0, __m256i w1, __m256i w2, __m256i w3) {
    __m256i sum = _mm256_mulhi_epi16(_mm256_load_si256((const __m256i *)s), w0);
    sum = _mm256_add_epi16(sum, _mm256_mulhi_epi16(_mm256_load_si256((const __m256i *)(s + pitch)), w1));
    sum = _mm256_add_epi16(sum, _mm256_mulhi_epi16(_mm256_load_si256((const __m256i *)(s + 2 * pitch)), w2));
    return _mm256_add_epi16(sum, _mm256_mulhi_epi16(_mm256_load_si256((const __m256i *)(s + 3 * pitch)), w3));
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

/// Every output row of one or two stripes side by side (`pair`: the second's rows, or null):
/// two stripes share each row's weights and make one 32-byte store.
AVX2 static void vertical(const lenta_fixed_resample_plane *p, const int16_t *restrict stripe, const int16_t *restrict pair,
                          long column, long valid) {
    const long taps = p->yTaps, count = p->yCount, rowMin = p->rowMin, width = p->targetWidth;
    const int32_t *restrict starts = p->yStarts;
    const int16_t *restrict weights = p->yWeights;
    uint8_t *restrict target = p->target + p->yOutputStart * width + column;
    const __m256i rounding = _mm256_set1_epi16(p->rounding), zero = _mm256_setzero_si256();
    const int single = pair == 0;
    const int16_t *second = single ? stripe : pair;
    for (long r = 0; r < count; r++) {
        const long offset = ((long)starts[r] - rowMin) * lanes;
        const int16_t *w = weights + r * taps;
        __m256i low, high = zero;
        if (taps == 4) {
            const __m256i w0 = _mm256_set1_epi16(w[0]), w1 = _mm256_set1_epi16(w[1]);
            const __m256i w2 = _mm256_set1_epi16(w[2]), w3 = _mm256_set1_epi16(w[3]);
            low = vertical_sum4(stripe + offset, lanes, w0, w1, w2, w3);
            if (!single) high = vertical_sum4(second + offset, lanes, w0, w1, w2, w3);
        } else {
            low = vertical_sum(stripe + offset, w, taps);
            if (!single) high = vertical_sum(second + offset, w, taps);
        }
        store_row(target + r * width, low, high, single, valid, rounding);
    }
}

/// `vertical` for the usual case, whole stripes and four taps, as one loop: `pairs` pairs of
/// stripes side by side (their rows `pitch` apart), each pair one 32-byte store a row. Where the
/// pairs are two and the rows start on cache lines (`streamed`), each row's 64 bytes are one
/// whole line, written with streaming stores: the frame's lines are not read first (the encoder
/// has read the frame since it was last drawn, so it is not in the caches) and do not push the
/// encoder's data out of them.
// Inlined, so that each caller's constant `pairs`, `pitch` and `streamed` leave no branch in the loop.
AVX2 static inline __attribute__((always_inline)) void vertical_whole4(const lenta_fixed_resample_plane *p,
                                                                      const int16_t *const stripes[4], long pitch, int pairs,
                                                                      long column, int streamed) {
    const long rows = p->yCount, rowMin = p->rowMin, width = p->targetWidth;
    const int32_t *restrict starts = p->yStarts;
    const int16_t *restrict w = p->yWeights;
    uint8_t *restrict out = p->target + p->yOutputStart * width + column;
    const __m256i rounding = _mm256_set1_epi16(p->rounding);
    for (long r = 0; r < rows; r++, w += 4, out += width) {
        const long offset = ((long)starts[r] - rowMin) * pitch;
        const __m256i w0 = _mm256_set1_epi16(w[0]), w1 = _mm256_set1_epi16(w[1]);
        const __m256i w2 = _mm256_set1_epi16(w[2]), w3 = _mm256_set1_epi16(w[3]);
        for (int j = 0; j < pairs; j++) {
            const __m256i low = _mm256_srai_epi16(_mm256_add_epi16(vertical_sum4(stripes[2 * j] + offset, pitch, w0, w1, w2, w3), rounding), 4);
            const __m256i high = _mm256_srai_epi16(_mm256_add_epi16(vertical_sum4(stripes[2 * j + 1] + offset, pitch, w0, w1, w2, w3), rounding), 4);
            // `packuswb` packs within 128-bit halves: its quarters come out in the order 0 2 1 3.
            const __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(low, high), 0xD8);
            if (streamed) {
                _mm256_stream_si256((__m256i *)(out + 2 * lanes * j), bytes);
            } else {
                _mm256_storeu_si256((__m256i *)(out + 2 * lanes * j), bytes);
            }
        }
    }
}

/// The streamed rows of `vertical_whole4` (four stripes, their rows side by side in `quad`, 64
/// columns apart) on 512-bit vectors, where the CPU has AVX-512BW: each row's line is two sums
/// of four products and one store, with the same operations on each lane, so the same bytes.
AVX512 static void vertical_quad_wide(const lenta_fixed_resample_plane *p, const int16_t *quad, long column) {
    const long rows = p->yCount, rowMin = p->rowMin, width = p->targetWidth, pitch = 4 * lanes;
    const int32_t *restrict starts = p->yStarts;
    const int16_t *restrict w = p->yWeights;
    uint8_t *restrict out = p->target + p->yOutputStart * width + column;
    const __m512i rounding = _mm512_set1_epi16(p->rounding);
    // `packuswb` packs within 128-bit quarters: columns 0–7 32–39 8–15 40–47 …, put back in order.
    const __m512i order = _mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7);
    for (long r = 0; r < rows; r++, w += 4, out += width) {
        const int16_t *s = quad + ((long)starts[r] - rowMin) * pitch;
        const __m512i w0 = _mm512_set1_epi16(w[0]), w1 = _mm512_set1_epi16(w[1]);
        const __m512i w2 = _mm512_set1_epi16(w[2]), w3 = _mm512_set1_epi16(w[3]);
        __m512i low = _mm512_mulhi_epi16(_mm512_load_si512((const void *)s), w0);
        __m512i high = _mm512_mulhi_epi16(_mm512_load_si512((const void *)(s + 2 * lanes)), w0);
        low = _mm512_add_epi16(low, _mm512_mulhi_epi16(_mm512_load_si512((const void *)(s + pitch)), w1));
        high = _mm512_add_epi16(high, _mm512_mulhi_epi16(_mm512_load_si512((const void *)(s + pitch + 2 * lanes)), w1));
        low = _mm512_add_epi16(low, _mm512_mulhi_epi16(_mm512_load_si512((const void *)(s + 2 * pitch)), w2));
        high = _mm512_add_epi16(high, _mm512_mulhi_epi16(_mm512_load_si512((const void *)(s + 2 * pitch + 2 * lanes)), w2));
        low = _mm512_add_epi16(low, _mm512_mulhi_epi16(_mm512_load_si512((const void *)(s + 3 * pitch)), w3));
        high = _mm512_add_epi16(high, _mm512_mulhi_epi16(_mm512_load_si512((const void *)(s + 3 * pitch + 2 * lanes)), w3));
        low = _mm512_srai_epi16(_mm512_add_epi16(low, rounding), 4);
        high = _mm512_srai_epi16(_mm512_add_epi16(high, rounding), 4);
        _mm512_stream_si512((void *)out, _mm512_permutexvar_epi64(order, _mm512_packus_epi16(low, high)));
    }
}

AVX2 void lenta_fixed_resample_avx2_stripes(const lenta_fixed_resample_plane *p, long firstStripe, long endStripe,
                                            void *scratch) {
    const long blocks = blocks_of(p);
    __m256i *columns = (__m256i *)scratch;
    // After the columns, room for four stripes' rows: side by side (64 columns a row) for the
    // streamed quad, or the first two stripes one after the other for a pair.
    int16_t *rows = (int16_t *)(columns + lanes * blocks);
    const int16_t *const quad[4] = {rows, rows + lanes, rows + 2 * lanes, rows + 3 * lanes};
    int16_t *stripe = rows, *pair = rows + lanes * lanes * blocks;
    const int16_t *const two[4] = {stripe, pair, 0, 0};
    const long width = p->targetWidth;
    int streamed = 0;
    for (long s = firstStripe; s < endStripe;) {
        const long first = s * lanes, left = p->xCount - first;
        const uint8_t *start = p->target + p->yOutputStart * width + p->xOutputStart + first;
        // Four whole stripes a whole cache line wide on every row: streamed.
        if (s + 4 <= endStripe && p->yTaps == 4 && left >= 4 * lanes && width % 64 == 0 && (uintptr_t)start % 64 == 0) {
            for (int k = 0; k < 4; k++) {
                horizontal(p, columns, blocks, first + k * lanes);
                transpose(columns, rows + k * lanes, blocks, 4 * lanes);
            }
            if (p->wide) {
                vertical_quad_wide(p, rows, p->xOutputStart + first);
            } else {
                vertical_whole4(p, quad, 4 * lanes, 2, p->xOutputStart + first, 1);
            }
            streamed = 1;
            s += 4;
            continue;
        }
        // Otherwise two stripes at a time: filtered and turned one after the other, then down both together.
        horizontal(p, columns, blocks, first);
        transpose(columns, stripe, blocks, lanes);
        const int both = s + 1 < endStripe;
        if (both) {
            horizontal(p, columns, blocks, first + lanes);
            transpose(columns, pair, blocks, lanes);
        }
        const long most = both ? 2 * lanes : lanes;
        if (both && p->yTaps == 4 && left >= most) {
            vertical_whole4(p, two, lanes, 1, p->xOutputStart + first, 0);
        } else {
            vertical(p, stripe, both ? pair : 0, p->xOutputStart + first, left < most ? left : most);
        }
        s += 2;
    }
    // Streaming stores are weakly ordered: done before the caller's threads hand the frame on.
    if (streamed) _mm_sfence();
}

#else

int lenta_fixed_resample_avx2_available(void) { return 0; }
int lenta_fixed_resample_avx512_available(void) { return 0; }
long lenta_fixed_resample_avx2_scratch_bytes(const lenta_fixed_resample_plane *plane) { (void)plane; return 0; }
void lenta_fixed_resample_avx2_stripes(const lenta_fixed_resample_plane *plane, long firstStripe, long endStripe, void *scratch) {
    (void)plane; (void)firstStripe; (void)endStripe; (void)scratch;
}

#endif
