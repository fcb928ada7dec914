// One picture sampled from another, bilinear (document_reader.cpp's turns, aztec_search.cpp's squares).
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>

// An `outWidth`×`outHeight` picture centred on (cx, cy) of `grey`, scaled by `scale` and turned
// by `degrees` (clockwise positive) about that point; what falls outside is white paper.
static inline void resample(const uint8_t *grey, int width, int height, int stride, double cx, double cy, double scale, double degrees,
                            int outWidth, int outHeight, uint8_t *out) {
    const double a = degrees * 3.14159265358979 / 180, c = std::cos(a) / scale, s = std::sin(a) / scale;
    for (int y = 0; y < outHeight; ++y) {
        const double dy = y - outHeight / 2.0;
        for (int x = 0; x < outWidth; ++x) {
            const double dx = x - outWidth / 2.0, sx = c * dx + s * dy + cx, sy = -s * dx + c * dy + cy;
            const int x0 = static_cast<int>(std::floor(sx)), y0 = static_cast<int>(std::floor(sy));
            uint8_t &o = out[static_cast<size_t>(y) * outWidth + x];
            if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) { o = 255; continue; }
            const double fx = sx - x0, fy = sy - y0;
            const uint8_t *p = grey + static_cast<size_t>(y0) * stride + x0;
            const double top = p[0] * (1 - fx) + p[1] * fx, bottom = p[stride] * (1 - fx) + p[stride + 1] * fx;
            o = static_cast<uint8_t>(std::lround(top * (1 - fy) + bottom * fy));
        }
    }
}
