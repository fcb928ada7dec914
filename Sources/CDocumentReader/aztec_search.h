// An Aztec code found by its bullseye (aztec_search.cpp): ZXing 1.4 looks for an Aztec code's
// centre from the middle of the picture only.
#pragma once
#include <ZXing/Result.h>
#include <cstdint>
#include <optional>

struct AztecFound {
    ZXing::Result result;
    // Where it lies in the picture searched: the square read around its bullseye.
    int x, y, width, height;
};

std::optional<AztecFound> readAztecByBullseye(const uint8_t *grey, int width, int height, int stride);
