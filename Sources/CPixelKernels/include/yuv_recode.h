#ifndef LENTA_YUV_RECODE_H
#define LENTA_YUV_RECODE_H

#include <stdint.h>

/// One 8-bit Y'CbCr coding to another (matrix and range), through R'G'B' clipped to its gamut
/// as a round trip through 8-bit RGB would clip it, in integers:
/// - R'G'B' in 1/4095 steps: (toRGB[c] · (Y', Cb, Cr, 1)) >> 8, clamped to 0…4095;
/// - Y' out: (toY · (R', G', B', 1)) >> 16 for each sample;
/// - Cb, Cr out: (toCb · (ΣR', ΣG', ΣB', 4)) >> 18 over the 2×2 block's samples (counted four
///   times over for a one-sample edge block, twice for a two-sample one);
/// rounding is in the constant terms; every output is clamped to 0…255.
typedef struct {
    int32_t toRGB[3][4];
    int32_t toY[4];
    int32_t toCb[4];
    int32_t toCr[4];
} lenta_yuv_recode;

/// Recodes chroma rows [firstChromaRow, endChromaRow) of a 4:2:0 picture in place — those
/// chroma rows and their (one or two) luma rows; `width` and `height` are the luma plane's.
/// Disjoint chroma row ranges touch disjoint samples, so callers may split them across threads.
void lenta_yuv_recode_rows(const lenta_yuv_recode *m, uint8_t *y, uint8_t *cb, uint8_t *cr, long width, long height,
                           long firstChromaRow, long endChromaRow);

#endif
