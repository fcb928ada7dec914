import CPixelKernels
import LentaCore

/// One 8-bit Y'CbCr coding to the renderer's (limited-range BT.709): R'G'B' decoded by one
/// matrix, clipped to its gamut, encoded by the other, in fixed point (`lenta_yuv_recode`) — one
/// integer pass over a reduced photo instead of libswscale's round trip through RGB24, and the
/// same clipping of the colours a compressed picture's numbers put a little outside the gamut.
package struct YUVRecoding {
    package let map: lenta_yuv_recode

    package init(from source: ColourSpaces.Coding) {
        let output = ColourSpaces.Coding(matrix: .bt709, fullRange: false, bitDepth: 8)
        // Both maps are affine: their value at codes 0 and their unit steps give them.
        let decode = { (codes: SIMD3<Double>) in source.rgb(ofCodes: codes) * 4095 }
        let encode = { (rgb: SIMD3<Double>) in output.codes(ofRGB: rgb / 4095) }
        let d0 = decode(.zero), dY = decode(SIMD3(1, 0, 0)) - d0, dCb = decode(SIMD3(0, 1, 0)) - d0, dCr = decode(SIMD3(0, 0, 1)) - d0
        let e0 = encode(.zero), eR = encode(SIMD3(1, 0, 0)) - e0, eG = encode(SIMD3(0, 1, 0)) - e0, eB = encode(SIMD3(0, 0, 1)) - e0
        func fixed(_ v: Double, _ bits: Int) -> Int32 { Int32((v * Double(1 << bits)).rounded()) }
        func toRGB(_ c: Int) -> (Int32, Int32, Int32, Int32) {
            (fixed(dY[c], 8), fixed(dCb[c], 8), fixed(dCr[c], 8), fixed(d0[c], 8) + (1 << 7))
        }
        // Chroma sums four samples: two more bits.
        func toChroma(_ c: Int) -> (Int32, Int32, Int32, Int32) {
            (fixed(eR[c], 16), fixed(eG[c], 16), fixed(eB[c], 16), fixed(e0[c], 18) + (1 << 17))
        }
        map = lenta_yuv_recode(toRGB: (toRGB(0), toRGB(1), toRGB(2)),
                               toY: (fixed(eR.x, 16), fixed(eG.x, 16), fixed(eB.x, 16), fixed(e0.x, 16) + (1 << 15)),
                               toCb: toChroma(1), toCr: toChroma(2))
    }

    package func apply(to frame: inout PlanarFrame, parallel: ParallelSlices) {
        let width = frame.width, height = frame.height, chromaRows = frame.chromaHeight
        let slices = (chromaRows + Self.rowsPerSlice - 1) / Self.rowsPerSlice
        let map = self.map
        frame.y.withUnsafeMutableBufferPointer { y in
        frame.u.withUnsafeMutableBufferPointer { u in
        frame.v.withUnsafeMutableBufferPointer { v in
            guard let yb = y.baseAddress, let ub = u.baseAddress, let vb = v.baseAddress else { return }
            // Slices touch disjoint rows, and `parallel.run` returns when all are done.
            let shared = SliceShared((yb, ub, vb))
            parallel.run(slices) { slice in
                let planes = shared.value
                withUnsafePointer(to: map) {
                    lenta_yuv_recode_rows($0, planes.0, planes.1, planes.2, width, height, slice * Self.rowsPerSlice,
                                          min(chromaRows, (slice + 1) * Self.rowsPerSlice))
                }
            }
        }
        }
        }
    }

    package static let rowsPerSlice = 64
}
