import LentaCore

extension YUVLookupTable {
    /// Converts and grades a decoder's frame straight from its planes into a new 8-bit picture:
    /// the same bytes as copying the frame (`CodecFrame.planarFrame`, `deepPlanarFrame`) or
    /// halving it (`HalvedPicture`) and applying the table to that picture, with no such picture
    /// made. A halved frame is halved one output chroma row at a time — the four luma rows and
    /// two chroma rows under it, into a few rows of scratch for each slice, by `HalvedPicture`'s
    /// own row halving — and graded from there.
    package func apply(_ frame: BorrowedVideoFrame, parallel: ParallelSlices) -> PlanarFrame {
        precondition(inputBits == frame.bitDepth, "a \(frame.bitDepth)-bit picture through a \(inputBits)-bit table")
        var out = PlanarFrame(width: frame.width, height: frame.height)
        Self.withPlanes(of: &out) { planes in
            if frame.bitDepth > 8 {
                grade(frame, as: UInt16.self, into: planes, parallel: parallel)
            } else {
                grade(frame, as: UInt8.self, into: planes, parallel: parallel)
            }
        }
        return out
    }

    /// Grades `frame`, of `S` samples, into `planes` (the frame's shown size).
    private func grade<S: FixedWidthInteger & SendableMetatype>(_ frame: BorrowedVideoFrame, as _: S.Type, into planes: Planes,
                                                                parallel: ParallelSlices) {
        let size = MemoryLayout<S>.size
        func plane(_ p: BorrowedVideoFrame.Plane) -> UnsafePointer<S> { p.base.assumingMemoryBound(to: S.self) }
        guard frame.halved else {
            let source = SourcePlanes(y: plane(frame.y), u: plane(frame.u), v: plane(frame.v),
                                      yStride: frame.y.stride / size, uStride: frame.u.stride / size, vStride: frame.v.stride / size)
            run(source, into: planes, width: frame.width, height: frame.height, parallel: parallel)
            return
        }
        // Both shown sides are even (the stored ones multiples of 4): every block is whole.
        let width = frame.width, chromaWidth = width / 2, chromaHeight = frame.height / 2
        withTables { table in
            // The frame and the table are only read; each slice writes its own rows of `planes`.
            let shared = SliceShared((frame, planes, table))
            parallel.run(Self.slices(chromaHeight: chromaHeight)) { slice in
                let (lent, planes, table) = shared.value
                withUnsafeTemporaryAllocation(of: S.self, capacity: 2 * width + 2 * chromaWidth) { scratch in
                    guard let top = scratch.baseAddress else { return }
                    let bottom = top + width, u = bottom + width, v = u + chromaWidth
                    let rows = SourceRows(top: UnsafePointer(top), bottom: UnsafePointer(bottom), u: UnsafePointer(u), v: UnsafePointer(v))
                    for cy in YUVLookupTable.chromaRows(ofSlice: slice, chromaHeight: chromaHeight) {
                        let ys = lent.y.stride, us = lent.u.stride, vs = lent.v.stride
                        let y0 = lent.y.base + 4 * cy * ys, u0 = lent.u.base + 2 * cy * us, v0 = lent.v.base + 2 * cy * vs
                        YUVLookupTable.halveRow(y0, y0 + ys, into: top, width)
                        YUVLookupTable.halveRow(y0 + 2 * ys, y0 + 3 * ys, into: bottom, width)
                        YUVLookupTable.halveRow(u0, u0 + us, into: u, chromaWidth)
                        YUVLookupTable.halveRow(v0, v0 + vs, into: v, chromaWidth)
                        YUVLookupTable.gradeChromaRow(rows, into: planes.rows(cy, hasBottom: true), hasBottom: true, table: table,
                                                      width: width, chromaWidth: chromaWidth)
                    }
                }
            }
        }
    }

    /// `count` samples of `S`, the rounded 2×2 means of source rows `top` and `bottom`, as `HalvedPicture` makes them.
    @inline(__always)
    private static func halveRow<S: FixedWidthInteger>(_ top: UnsafeRawPointer, _ bottom: UnsafeRawPointer,
                                                       into target: UnsafeMutablePointer<S>, _ count: Int) {
        if MemoryLayout<S>.size == 2 {
            HalvedPicture.halveRow16(top, bottom, UnsafeMutableRawPointer(target), count)
        } else {
            HalvedPicture.halveRow8(top, bottom, UnsafeMutableRawPointer(target), count)
        }
    }
}
