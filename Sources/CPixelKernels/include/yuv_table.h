#ifndef LENTA_YUV_TABLE_H
#define LENTA_YUV_TABLE_H

#include <stdint.h>

/// LentaRender's `YUVLookupTable`, laid out for the AVX2 kernel: the same nodes (8.8 fixed point,
/// Y' changing fastest, then Cb, then Cr, 33 a side), with Cb and Cr in tables of their own.
typedef struct {
    const int32_t *y;
    const int32_t *cb;
    const int32_t *cr;
    /// log2 of the codes between nodes: 3 for 8-bit sources, 5 for 10-bit.
    int shift;
} lenta_yuv_table;

/// Grades the first `blocks` 2×2 blocks of one chroma row, eight at a time, as
/// `YUVLookupTable.gradeChromaRow` does (the same integer operations, so the same bytes): the
/// source's samples are 1 or 2 bytes (`sampleBytes`), its luma rows `sourceTop`/`sourceBottom`;
/// the output may be the source (8-bit, in place). Returns the blocks done (a multiple of 8);
/// the caller grades the rest. Only to be called when `lenta_fixed_resample_avx2_available()`;
/// does nothing (returns 0) on other architectures.
long lenta_yuv_table_row_avx2(const lenta_yuv_table *table, int sampleBytes, const void *sourceTop, const void *sourceBottom,
                              const void *sourceU, const void *sourceV, uint8_t *top, uint8_t *bottom, uint8_t *u, uint8_t *v,
                              long blocks);

#endif
