// ZXing-C++ 1.4 finds an Aztec code by walking out from the middle of the picture to its
// bullseye: a boarding pass's code off the middle of a photo (a pass lying on a table or a tiled
// floor, its region the whole picture) is not found, and a code a little turned or seen in
// perspective is decoded at some scales and turns and not at others. Here the bullseye is found
// over the whole picture (a row and a column crossing nine runs of near-equal length: the dark
// centre and four rings each side), and a square around it is read centred, at a few module
// sizes and turns, until one decodes.
#include "aztec_search.h"
#include "resample.h"
#include <ZXing/ReadBarcode.h>
#include <algorithm>
#include <cmath>
#include <vector>

namespace { struct Bullseye { int x, y; double module; }; }

static std::vector<Bullseye> bullseyes(const uint8_t *grey, int width, int height, int stride) {
    // Dark: under the mean of a 33-pixel square around it by some margin (flat paper is not).
    const int r = 16;
    std::vector<uint32_t> integral(static_cast<size_t>(width + 1) * (height + 1), 0);
    for (int y = 0; y < height; ++y) {
        uint32_t row = 0;
        for (int x = 0; x < width; ++x) {
            row += grey[static_cast<size_t>(y) * stride + x];
            integral[static_cast<size_t>(y + 1) * (width + 1) + x + 1] = integral[static_cast<size_t>(y) * (width + 1) + x + 1] + row;
        }
    }
    std::vector<uint8_t> dark(static_cast<size_t>(width) * height);
    for (int y = 0; y < height; ++y) {
        const int y0 = std::max(0, y - r), y1 = std::min(height, y + r + 1);
        for (int x = 0; x < width; ++x) {
            const int x0 = std::max(0, x - r), x1 = std::min(width, x + r + 1);
            const uint32_t sum = integral[static_cast<size_t>(y1) * (width + 1) + x1] - integral[static_cast<size_t>(y0) * (width + 1) + x1]
                - integral[static_cast<size_t>(y1) * (width + 1) + x0] + integral[static_cast<size_t>(y0) * (width + 1) + x0];
            const int mean = static_cast<int>(sum / static_cast<uint32_t>((x1 - x0) * (y1 - y0)));
            dark[static_cast<size_t>(y) * width + x] = grey[static_cast<size_t>(y) * stride + x] + 12 < mean;
        }
    }
    // Nine runs from `at` along a line (dark centre run included) of near-equal length: the
    // centre and the module, else -1.
    auto crossing = [&](auto pixel, int length, int at, double &module) -> int {
        if (!pixel(at)) return -1;
        int runs[9], start[9];
        int lo = at, hi = at;
        while (lo > 0 && pixel(lo - 1)) --lo;
        while (hi + 1 < length && pixel(hi + 1)) ++hi;
        runs[4] = hi - lo + 1; start[4] = lo;
        int a = lo, b = hi;
        for (int k = 3; k >= 0; --k) {
            if (a <= 0) return -1;
            int e = a - 1; bool v = pixel(e); int s = e;
            while (s > 0 && pixel(s - 1) == v) --s;
            runs[k] = e - s + 1; start[k] = s; a = s;
        }
        for (int k = 5; k < 9; ++k) {
            if (b + 1 >= length) return -1;
            int s = b + 1; bool v = pixel(s); int e = s;
            while (e + 1 < length && pixel(e + 1) == v) ++e;
            runs[k] = e - s + 1; start[k] = s; b = e;
        }
        // The outer dark ring may run on into dark modules beyond it: only its start counts.
        int sorted[7];
        std::copy(runs + 1, runs + 8, sorted);
        std::sort(sorted, sorted + 7);
        const double m = sorted[3];
        if (m < 2 || m > 40) return -1;
        for (int k = 1; k < 8; ++k) if (runs[k] < 0.5 * m || runs[k] > 1.6 * m) return -1;
        if (runs[0] < 0.5 * m || runs[8] < 0.5 * m) return -1;
        module = (start[8] - start[1]) / 7.0;
        return start[4] + runs[4] / 2;
    };
    std::vector<Bullseye> found;
    for (int y = 0; y < height; y += 2) {
        const uint8_t *row = dark.data() + static_cast<size_t>(y) * width;
        for (int x = 0; x < width; ++x) {
            if (!row[x] || (x > 0 && row[x - 1])) continue;
            double module = 0;
            const int cx = crossing([&](int i) { return row[i] != 0; }, width, x, module);
            if (cx < 0) continue;
            double vertical = 0;
            const int cy = crossing([&](int i) { return dark[static_cast<size_t>(i) * width + cx] != 0; }, height, y, vertical);
            if (cy < 0 || vertical < 0.6 * module || vertical > 1.6 * module) continue;
            bool known = false;
            for (auto &b : found) if (std::abs(b.x - cx) <= 3 * b.module && std::abs(b.y - cy) <= 3 * b.module) { known = true; break; }
            if (!known) found.push_back({cx, cy, (module + vertical) / 2});
        }
    }
    return found;
}

std::optional<AztecFound> readAztecByBullseye(const uint8_t *grey, int width, int height, int stride) {
    auto found = bullseyes(grey, width, height, stride);
    // Ringed marks in a scene (a tiled floor, a target, a window's grid) can look like one: the
    // two first are read, some 15 tries each (some 10 ms a try at worst).
    if (found.size() > 2) found.resize(2);
    ZXing::DecodeHints hints;
    hints.setFormats(ZXing::BarcodeFormat::Aztec);
    hints.setTryHarder(true);
    // A boarding pass's code has up to some 31 modules a side: at 6 pixels a module, 296 pixels
    // hold it with a quiet zone.
    const int side = 296;
    std::vector<uint8_t> square(static_cast<size_t>(side) * side);
    for (const auto &b : found) {
        for (double module : {6.0, 5.0, 4.0}) {
            for (double degrees : {0.0, 4.0, -4.0, 8.0, -8.0}) {
                const double scale = module / b.module;
                resample(grey, width, height, stride, b.x, b.y, scale, degrees, side, side, square.data());
                auto result = ZXing::ReadBarcode(ZXing::ImageView(square.data(), side, side, ZXing::ImageFormat::Lum), hints);
                if (!result.isValid()) continue;
                const int half = static_cast<int>(std::lround(side / 2.0 / scale));
                const int x0 = std::max(0, b.x - half), y0 = std::max(0, b.y - half);
                return AztecFound{result, x0, y0, std::min(width, b.x + half) - x0, std::min(height, b.y + half) - y0};
            }
        }
    }
    return std::nullopt;
}
