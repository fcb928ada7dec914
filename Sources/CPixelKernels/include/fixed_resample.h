#ifndef LENTA_FIXED_RESAMPLE_H
#define LENTA_FIXED_RESAMPLE_H

#include <stdint.h>

/// One plane's resampling for LentaRender's `FixedPointResampler`, described for the AVX2 kernel:
/// the same integer arithmetic as the portable Swift loops (8.7 fixed point samples, weights in
/// units of 2^-14, `pmulhw` products), sixteen lanes at a time instead of eight.
typedef struct {
    /// The transposed source: sample (x, y) at `source[x * height + y]`, padded by 16 samples;
    /// widened to 8.7 fixed point (`sample << 7`) as it is loaded.
    const uint8_t *source;
    long height;
    /// The source rows the horizontal pass filters: rowMin ..< rowMin + rowCount.
    long rowMin;
    long rowCount;
    const int32_t *xStarts;
    const int16_t *xWeights;
    long xTaps;
    long xCount;
    long xOutputStart;
    const int32_t *yStarts;
    const int16_t *yWeights;
    long yTaps;
    long yCount;
    long yOutputStart;
    uint8_t *target;
    long targetWidth;
    int16_t rounding;
    /// Nonzero: the four-tap loops — horizontal, and vertical on streamed rows — run on 512-bit
    /// vectors (only where `lenta_fixed_resample_avx512_available()`); the same bytes either way.
    int wide;
} lenta_fixed_resample_plane;

/// Whether this CPU (and its operating system) runs AVX2 code.
int lenta_fixed_resample_avx2_available(void);

/// Whether this CPU (and its operating system) also runs AVX-512F and AVX-512BW code.
int lenta_fixed_resample_avx512_available(void);

/// Bytes of scratch (64-byte aligned) `lenta_fixed_resample_avx2_stripes` needs for `plane`.
long lenta_fixed_resample_avx2_scratch_bytes(const lenta_fixed_resample_plane *plane);

/// Output columns [16 * firstStripe, 16 * endStripe) of `plane`, every output row. Only to be
/// called when `lenta_fixed_resample_avx2_available()`; does nothing on other architectures.
void lenta_fixed_resample_avx2_stripes(const lenta_fixed_resample_plane *plane, long firstStripe, long endStripe,
                                       void *scratch);

#endif
