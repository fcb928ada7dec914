// A photo's own Y'CbCr coding (a JPEG's full-range BT.601) to the renderer's (limited BT.709),
// through R'G'B' clipped to its gamut (what libswscale's round trip through RGB24 did), in
// integers: the same bytes on every machine and for any split of the rows.
#include "yuv_recode.h"

static inline uint8_t clamp_byte(int32_t v) { return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v); }
static inline int32_t clamp_rgb(int32_t v) { return v < 0 ? 0 : v > 4095 ? 4095 : v; }

void lenta_yuv_recode_rows(const lenta_yuv_recode *m, uint8_t *y, uint8_t *cb, uint8_t *cr, long width, long height,
                           long firstChromaRow, long endChromaRow) {
    const long chromaWidth = (width + 1) / 2;
    const int32_t fromY = m->toRGB[0][0];
    for (long cy = firstChromaRow; cy < endChromaRow; cy++) {
        uint8_t *u = cb + cy * chromaWidth, *v = cr + cy * chromaWidth;
        uint8_t *rows[2] = { y + 2 * cy * width, 2 * cy + 1 < height ? y + (2 * cy + 1) * width : 0 };
        for (long cx = 0; cx < chromaWidth; cx++) {
            const int32_t b = u[cx], r = v[cx];
            int32_t chroma[3];
            for (int c = 0; c < 3; c++) chroma[c] = m->toRGB[c][1] * b + m->toRGB[c][2] * r + m->toRGB[c][3];
            int32_t sum[3] = { 0, 0, 0 };
            int samples = 0;
            for (int k = 0; k < 2; k++) {
                if (!rows[k]) continue;
                for (long x = 2 * cx; x < 2 * cx + 2 && x < width; x++) {
                    const int32_t luma = fromY * rows[k][x];
                    const int32_t R = clamp_rgb((luma + chroma[0]) >> 8), G = clamp_rgb((luma + chroma[1]) >> 8);
                    const int32_t B = clamp_rgb((luma + chroma[2]) >> 8);
                    rows[k][x] = clamp_byte((m->toY[0] * R + m->toY[1] * G + m->toY[2] * B + m->toY[3]) >> 16);
                    sum[0] += R; sum[1] += G; sum[2] += B;
                    samples++;
                }
            }
            const int32_t times = samples == 4 ? 1 : samples == 2 ? 2 : 4;
            for (int c = 0; c < 3; c++) sum[c] *= times;
            u[cx] = clamp_byte((m->toCb[0] * sum[0] + m->toCb[1] * sum[1] + m->toCb[2] * sum[2] + m->toCb[3]) >> 18);
            v[cx] = clamp_byte((m->toCr[0] * sum[0] + m->toCr[1] * sum[1] + m->toCr[2] * sum[2] + m->toCr[3]) >> 18);
        }
    }
}
