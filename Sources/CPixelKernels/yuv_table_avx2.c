// The AVX2 form of LentaRender's YUVLookupTable.gradeChromaRow (see its comments): eight 2×2
// blocks at a time, each lookup's four nodes gathered, with the same integer operations as the
// Swift loop, so both give the same bytes.
#include "yuv_table.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

enum { nodesPerAxis = 33, valueBits = 8 };

/// What the eight lookups of one (Cb, Cr) cell each share: the cell's first node and its places
/// along Cb and Cr.
typedef struct { __m256i base, fu, fv; } cells;

/// a ≥ b, lane by lane.
AVX2 static inline __m256i at_least(__m256i a, __m256i b) {
    return _mm256_xor_si256(_mm256_cmpgt_epi32(b, a), _mm256_set1_epi32(-1));
}

/// The graded codes (0…255, one per 32-bit lane) of eight lookups at `y` in `nodes`. The
/// tetrahedron is worked out here rather than gathered from the Swift loop's table: its axes
/// walked from the largest place to the smallest (ties in any order: the node between two equal
/// places then weighs nothing, so the sum is the same).
AVX2 static inline __m256i lookup(const lenta_yuv_table *t, cells c, __m256i y, const int32_t *nodes) {
    const int shift = t->shift;
    const __m256i fy = _mm256_and_si256(y, _mm256_set1_epi32((1 << shift) - 1)), fu = c.fu, fv = c.fv;
    const __m256i strideY = _mm256_set1_epi32(1), strideU = _mm256_set1_epi32(nodesPerAxis);
    const __m256i strideV = _mm256_set1_epi32(nodesPerAxis * nodesPerAxis);
    const __m256i yu = at_least(fy, fu), yv = at_least(fy, fv), uv = at_least(fu, fv);
    // Largest: Y' if it is at least both, else Cb if at least Cr, else Cr.
    const __m256i yLargest = _mm256_and_si256(yu, yv);
    const __m256i largest = _mm256_blendv_epi8(_mm256_blendv_epi8(strideV, strideU, uv), strideY, yLargest);
    // Smallest: Cr if at most both, else Cb if at most Y', else Y' (never the largest).
    const __m256i vSmallest = _mm256_and_si256(uv, yv);
    const __m256i smallest = _mm256_blendv_epi8(_mm256_blendv_epi8(strideY, strideU, yu), strideV, vSmallest);
    const __m256i fa = _mm256_max_epi32(fy, _mm256_max_epi32(fu, fv)), fc = _mm256_min_epi32(fy, _mm256_min_epi32(fu, fv));
    const __m256i fb = _mm256_sub_epi32(_mm256_add_epi32(fy, _mm256_add_epi32(fu, fv)), _mm256_add_epi32(fa, fc));
    const __m256i corners = _mm256_add_epi32(strideY, _mm256_add_epi32(strideU, strideV));
    const __m256i first = _mm256_add_epi32(c.base, _mm256_srai_epi32(y, shift));
    const __m256i second = _mm256_add_epi32(first, largest);
    const __m256i third = _mm256_add_epi32(first, _mm256_sub_epi32(corners, smallest));
    const __m256i last = _mm256_add_epi32(first, corners);
    const __m256i n0 = _mm256_i32gather_epi32(nodes, first, 4), n1 = _mm256_i32gather_epi32(nodes, second, 4);
    const __m256i n2 = _mm256_i32gather_epi32(nodes, third, 4), n3 = _mm256_i32gather_epi32(nodes, last, 4);
    __m256i sum = _mm256_slli_epi32(n0, shift);
    sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(fa, _mm256_sub_epi32(n1, n0)));
    sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(fb, _mm256_sub_epi32(n2, n1)));
    sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(fc, _mm256_sub_epi32(n3, n2)));
    const int bits = shift + valueBits;
    const __m256i code = _mm256_srai_epi32(_mm256_add_epi32(sum, _mm256_set1_epi32(1 << (bits - 1))), bits);
    return _mm256_min_epi32(_mm256_max_epi32(code, _mm256_setzero_si256()), _mm256_set1_epi32(0xFF));
}

/// Eight 32-bit lanes (each below 2^16) as eight 16-bit values, in order.
AVX2 static inline __m128i narrow(__m256i lanes) {
    return _mm256_castsi256_si128(_mm256_permute4x64_epi64(_mm256_packus_epi32(lanes, lanes), 0x08));
}

/// Eight samples widened to 32-bit lanes.
AVX2 static inline __m256i load8(const void *p, int sampleBytes) {
    if (sampleBytes == 2) return _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)p));
    return _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p));
}

/// Sixteen samples as eight pairs, one per 32-bit lane: the first in the low 16 bits.
AVX2 static inline __m256i load16(const void *p, int sampleBytes) {
    if (sampleBytes == 2) return _mm256_loadu_si256((const __m256i *)p);
    return _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)p));
}

AVX2 long lenta_yuv_table_row_avx2(const lenta_yuv_table *t, int sampleBytes, const void *sourceTop, const void *sourceBottom,
                                   const void *sourceU, const void *sourceV, uint8_t *top, uint8_t *bottom, uint8_t *u, uint8_t *v,
                                   long blocks) {
    const int shift = t->shift;
    const __m256i mask = _mm256_set1_epi32((1 << shift) - 1), low = _mm256_set1_epi32(0xFFFF);
    const char *st = sourceTop, *sb = sourceBottom, *su = sourceU, *sv = sourceV;
    long done = 0;
    for (; done + 8 <= blocks; done += 8) {
        // Every sample of the eight blocks is read before any is written (the output may be the source).
        const __m256i pairsTop = load16(st + 2 * done * sampleBytes, sampleBytes);
        const __m256i pairsBottom = load16(sb + 2 * done * sampleBytes, sampleBytes);
        const __m256i cu = load8(su + done * sampleBytes, sampleBytes), cv = load8(sv + done * sampleBytes, sampleBytes);
        const __m256i a = _mm256_and_si256(pairsTop, low), b = _mm256_srli_epi32(pairsTop, 16);
        const __m256i c = _mm256_and_si256(pairsBottom, low), d = _mm256_srli_epi32(pairsBottom, 16);
        cells cell;
        cell.base = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srai_epi32(cu, shift), _mm256_set1_epi32(nodesPerAxis)),
                                     _mm256_mullo_epi32(_mm256_srai_epi32(cv, shift), _mm256_set1_epi32(nodesPerAxis * nodesPerAxis)));
        cell.fu = _mm256_and_si256(cu, mask);
        cell.fv = _mm256_and_si256(cv, mask);
        const __m256i luma = _mm256_srai_epi32(_mm256_add_epi32(_mm256_add_epi32(_mm256_add_epi32(a, b), _mm256_add_epi32(c, d)),
                                                                _mm256_set1_epi32(2)), 2);
        const __m256i gradedU = lookup(t, cell, luma, t->cb), gradedV = lookup(t, cell, luma, t->cr);
        const __m256i ga = lookup(t, cell, a, t->y), gb = lookup(t, cell, b, t->y);
        const __m256i gc = lookup(t, cell, c, t->y), gd = lookup(t, cell, d, t->y);
        _mm_storeu_si128((__m128i *)(top + 2 * done), narrow(_mm256_or_si256(ga, _mm256_slli_epi32(gb, 8))));
        _mm_storeu_si128((__m128i *)(bottom + 2 * done), narrow(_mm256_or_si256(gc, _mm256_slli_epi32(gd, 8))));
        _mm_storel_epi64((__m128i *)(u + done), _mm_packus_epi16(narrow(gradedU), _mm_setzero_si128()));
        _mm_storel_epi64((__m128i *)(v + done), _mm_packus_epi16(narrow(gradedV), _mm_setzero_si128()));
    }
    return done;
}

#else

long lenta_yuv_table_row_avx2(const lenta_yuv_table *table, int sampleBytes, const void *sourceTop, const void *sourceBottom,
                              const void *sourceU, const void *sourceV, uint8_t *top, uint8_t *bottom, uint8_t *u, uint8_t *v,
                              long blocks) {
    return 0;
}

#endif
