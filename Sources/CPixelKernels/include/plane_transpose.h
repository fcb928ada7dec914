#ifndef LENTA_PLANE_TRANSPOSE_H
#define LENTA_PLANE_TRANSPOSE_H

#include <stdint.h>

/// `target[x * targetStride + y] = source[y * sourceStride + x]` for source columns
/// [firstColumn, endColumn) of every one of its `height` rows: an 8-bit plane turned about its
/// diagonal, eight by eight samples at a time (SSE2 where there is SSE2). Disjoint column ranges
/// write disjoint target rows, so callers may split the columns across threads.
void lenta_plane_transpose(const uint8_t *source, long sourceStride, long height, long firstColumn, long endColumn,
                           uint8_t *target, long targetStride);

#endif
