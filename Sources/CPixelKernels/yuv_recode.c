// A photo's own Y'CbCr coding (a JPEG's full-range BT.601) to the renderer's (limited BT.709),
// through R'G'B' clipped to its gamut (what libswscale's round trip through RGB24 did), in
// integers: the same bytes on every machine and for any split of the rows. Written as plain
// loops over runs of a row, each sample on its own, so that the compiler vectorises them.
#include "yuv_recode.h"

enum { chunk = 256 };

static inline int32_t clamp32(int32_t v, int32_t high) { return v < 0 ? 0 : v > high ? high : v; }

/// One luma run: its samples recoded in place, their clipped R'G'B' added to `sum` (per sample).
static inline __attribute__((always_inline)) void luma_run(uint8_t *row, long count, const lenta_yuv_recode *m, const int32_t *chroma, int32_t *sum) {
    const int32_t fromY = m->toRGB[0][0];
    const int32_t yR = m->toY[0], yG = m->toY[1], yB = m->toY[2], y1 = m->toY[3];
    const int32_t *cR = chroma, *cG = chroma + 2 * chunk, *cB = chroma + 4 * chunk;
    int32_t *sR = sum, *sG = sum + 2 * chunk, *sB = sum + 4 * chunk;
    for (long x = 0; x < count; x++) {
        const int32_t luma = fromY * row[x];
        const int32_t R = clamp32((luma + cR[x]) >> 8, 4095), G = clamp32((luma + cG[x]) >> 8, 4095);
        const int32_t B = clamp32((luma + cB[x]) >> 8, 4095);
        row[x] = (uint8_t)clamp32((yR * R + yG * G + yB * B + y1) >> 16, 255);
        sR[x] += R;
        sG[x] += G;
        sB[x] += B;
    }
}

// AVX2 where the CPU has it (eight lanes instead of four), chosen when the program loads.
#if defined(__x86_64__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define RECODE_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef RECODE_CLONES
#define RECODE_CLONES
#endif

RECODE_CLONES void lenta_yuv_recode_rows(const lenta_yuv_recode *m, uint8_t *y, uint8_t *cb, uint8_t *cr, long width, long height,
                           long firstChromaRow, long endChromaRow) {
    const long chromaWidth = (width + 1) / 2;
    // Per luma sample of the run: its block's share of R', G', B' (each 2·chunk), then the sums.
    int32_t chroma[6 * chunk], sum[6 * chunk];
    for (long cy = firstChromaRow; cy < endChromaRow; cy++) {
        uint8_t *u = cb + cy * chromaWidth, *v = cr + cy * chromaWidth;
        uint8_t *top = y + 2 * cy * width, *bottom = 2 * cy + 1 < height ? top + width : 0;
        for (long c0 = 0; c0 < chromaWidth; c0 += chunk) {
            const long n = chromaWidth - c0 < chunk ? chromaWidth - c0 : chunk;
            const long x0 = 2 * c0, lumaCount = width - x0 < 2 * n ? width - x0 : 2 * n;
            for (int k = 0; k < 3; k++) {
                int32_t *share = chroma + 2 * k * chunk;
                const int32_t fromCb = m->toRGB[k][1], fromCr = m->toRGB[k][2], constant = m->toRGB[k][3];
                for (long c = 0; c < n; c++) {
                    const int32_t value = fromCb * u[c0 + c] + fromCr * v[c0 + c] + constant;
                    share[2 * c] = value;
                    share[2 * c + 1] = value;
                }
            }
            for (long i = 0; i < 6 * chunk; i++) sum[i] = 0;
            luma_run(top + x0, lumaCount, m, chroma, sum);
            // A block with one row, or one column, counts its samples twice (four in all).
            if (bottom) luma_run(bottom + x0, lumaCount, m, chroma, sum);
            else for (long i = 0; i < 6 * chunk; i++) sum[i] *= 2;
            if (lumaCount < 2 * n) for (int k = 0; k < 3; k++) sum[2 * k * chunk + lumaCount] = sum[2 * k * chunk + lumaCount - 1];
            const int32_t *sR = sum, *sG = sum + 2 * chunk, *sB = sum + 4 * chunk;
            for (long c = 0; c < n; c++) {
                const int32_t R = sR[2 * c] + sR[2 * c + 1], G = sG[2 * c] + sG[2 * c + 1], B = sB[2 * c] + sB[2 * c + 1];
                u[c0 + c] = (uint8_t)clamp32((m->toCb[0] * R + m->toCb[1] * G + m->toCb[2] * B + m->toCb[3]) >> 18, 255);
                v[c0 + c] = (uint8_t)clamp32((m->toCr[0] * R + m->toCr[1] * G + m->toCr[2] * B + m->toCr[3]) >> 18, 255);
            }
        }
    }
}
