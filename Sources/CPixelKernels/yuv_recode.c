// A photo's own Y'CbCr coding (a JPEG's full-range BT.601) to the renderer's (limited BT.709),
// in integers: the same bytes on every machine and for any split of the rows. Written as plain
// loops over whole rows so that the compiler vectorises them: each chroma row's share of its
// luma (and its new chroma) first, that share spread to luma width, then the luma rows.
#include "yuv_recode.h"

enum { chunk = 512 };

static inline uint8_t clamp_byte(int32_t v) { return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v); }

static void luma_row(uint8_t *row, const int32_t *share, long count, int32_t fromY) {
    for (long x = 0; x < count; x++) row[x] = clamp_byte((fromY * row[x] + share[x]) >> 14);
}

void lenta_yuv_recode_rows(const lenta_yuv_recode *m, uint8_t *y, uint8_t *cb, uint8_t *cr, long width, long height,
                           long firstChromaRow, long endChromaRow) {
    const long chromaWidth = (width + 1) / 2;
    int32_t chroma[chunk], share[2 * chunk];
    for (long cy = firstChromaRow; cy < endChromaRow; cy++) {
        uint8_t *u = cb + cy * chromaWidth, *v = cr + cy * chromaWidth;
        uint8_t *top = y + 2 * cy * width, *bottom = 2 * cy + 1 < height ? top + width : 0;
        for (long c0 = 0; c0 < chromaWidth; c0 += chunk) {
            const long n = chromaWidth - c0 < chunk ? chromaWidth - c0 : chunk;
            const long x0 = 2 * c0, lumaCount = width - x0 < 2 * n ? width - x0 : 2 * n;
            for (long c = 0; c < n; c++) chroma[c] = m->yFromCb * u[c0 + c] + m->yFromCr * v[c0 + c] + m->yOffset;
            for (long c = 0; c < n; c++) { share[2 * c] = chroma[c]; share[2 * c + 1] = chroma[c]; }
            luma_row(top + x0, share, lumaCount, m->yFromY);
            if (bottom) luma_row(bottom + x0, share, lumaCount, m->yFromY);
            for (long c = 0; c < n; c++) {
                const int32_t b = u[c0 + c], r = v[c0 + c];
                u[c0 + c] = clamp_byte((m->cbFromCb * b + m->cbFromCr * r + m->cbOffset) >> 14);
                v[c0 + c] = clamp_byte((m->crFromCb * b + m->crFromCr * r + m->crOffset) >> 14);
            }
        }
    }
}
