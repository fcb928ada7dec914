#ifndef LENTA_AFFINE_RESAMPLE_H
#define LENTA_AFFINE_RESAMPLE_H

#include <stdint.h>

/// One plane drawn through an affine map for LentaPixels' `AffineResampler` (rotated photos):
/// output pixel (x, y) takes the 4 x 4 Catmull-Rom sum at source position
/// `(a·(x+½) + b·(y+½) + tx − ½, c·(x+½) + d·(y+½) + ty − ½)`, edges clamped. Integer arithmetic
/// throughout: positions in 32.32 fixed point, rounded to 1/1024 of a pixel, whose weights come
/// from a table in units of 2^-14; the same bytes on every machine and for any split of the rows.
typedef struct {
    /// The source plane, row by row.
    const uint8_t *source;
    long sourceWidth;
    long sourceHeight;
    uint8_t *target;
    long targetWidth;
    /// The output columns drawn: columnStart ..< columnEnd.
    long columnStart;
    long columnEnd;
    /// The map in 32.32 fixed point: the source position of output pixel (columnStart, 0) (the
    /// −½ included), and its steps per output column and per output row.
    int64_t x0, dxColumn, dxRow;
    int64_t y0, dyColumn, dyRow;
    /// `lenta_affine_phases` × 4 weights (units of 2^-14, each four summing to 2^14): the
    /// Catmull-Rom weights of the taps at −1, 0, 1, 2 for a position `phase / phases` past tap 0.
    const int16_t *weights;
} lenta_affine_plane;

enum { lenta_affine_phase_bits = 10 };

/// Output rows rowStart ..< rowEnd of `plane`.
void lenta_affine_rows(const lenta_affine_plane *plane, long rowStart, long rowEnd);

/// The same rows, the same bytes, eight pixels at a time in AVX2 instructions where the window
/// lies inside the plane: only to be called when the CPU has AVX2
/// (`lenta_fixed_resample_avx2_available()`); the plain loop on other architectures.
void lenta_affine_rows_avx2(const lenta_affine_plane *plane, long rowStart, long rowEnd);

#endif
