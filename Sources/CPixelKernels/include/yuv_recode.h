#ifndef LENTA_YUV_RECODE_H
#define LENTA_YUV_RECODE_H

#include <stdint.h>

/// One Y'CbCr coding to another (matrix and range; both 8-bit), as the affine map it is:
/// out = (coefficients · (Y', Cb, Cr) + offset) >> 14, each rounded in `offset` and clamped to
/// 0…255. Luma out depends on Y' and its 2×2 block's Cb and Cr, chroma out on Cb and Cr alone
/// (a grey stays grey in every matrix), so 4:2:0 converts as it is stored.
typedef struct {
    int32_t yFromY, yFromCb, yFromCr, yOffset;
    int32_t cbFromCb, cbFromCr, cbOffset;
    int32_t crFromCb, crFromCr, crOffset;
} lenta_yuv_recode;

/// Recodes chroma rows [firstChromaRow, endChromaRow) of a 4:2:0 picture in place — those
/// chroma rows and their (one or two) luma rows; `width` and `height` are the luma plane's.
/// Disjoint chroma row ranges touch disjoint samples, so callers may split them across threads.
void lenta_yuv_recode_rows(const lenta_yuv_recode *m, uint8_t *y, uint8_t *cb, uint8_t *cr, long width, long height,
                           long firstChromaRow, long endChromaRow);

#endif
