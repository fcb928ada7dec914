import CPixelKernels
import LentaCore
import LentaMedia

/// One 8-bit Y'CbCr coding to the renderer's (limited-range BT.709), as the affine map it is
/// (R'G'B' decoded by one matrix and encoded by the other), in 2⁻¹⁴ fixed point: one integer
/// pass over a reduced photo instead of libswscale's round trip through R'G'B'.
struct YUVRecoding {
    let map: lenta_yuv_recode

    static let one = Double(1 << 14)

    /// Nil when the coding is already the output's.
    init?(from source: ColourSpaces.Coding) {
        let output = ColourSpaces.Coding(matrix: .bt709, fullRange: false, bitDepth: 8)
        guard source != output, source.bitDepth == 8 else { return nil }
        let convert = { (codes: SIMD3<Double>) in output.codes(ofRGB: source.rgb(ofCodes: codes)) }
        // Measured about mid-grey (the maps are affine, so any point and unit steps give them).
        let mid = SIMD3<Double>(128, 128, 128)
        let origin = convert(mid)
        let dY = convert(mid + SIMD3(1, 0, 0)) - origin, dCb = convert(mid + SIMD3(0, 1, 0)) - origin
        let dCr = convert(mid + SIMD3(0, 0, 1)) - origin
        func fixed(_ v: Double) -> Int32 { Int32((v * Self.one).rounded()) }
        // Offsets: the value at codes 0, plus half a step for rounding.
        let zero = origin - 128 * (dY + dCb + dCr)
        func offset(_ v: Double) -> Int32 { fixed(v) + Int32(1 << 13) }
        map = lenta_yuv_recode(yFromY: fixed(dY.x), yFromCb: fixed(dCb.x), yFromCr: fixed(dCr.x), yOffset: offset(zero.x),
                               cbFromCb: fixed(dCb.y), cbFromCr: fixed(dCr.y), cbOffset: offset(zero.y),
                               crFromCb: fixed(dCb.z), crFromCr: fixed(dCr.z), crOffset: offset(zero.z))
    }

    func apply(to frame: inout PlanarFrame, parallel: ParallelSlices) {
        let width = frame.width, height = frame.height, chromaRows = frame.chromaHeight
        let slices = (chromaRows + Self.rowsPerSlice - 1) / Self.rowsPerSlice
        let map = self.map
        frame.y.withUnsafeMutableBufferPointer { y in
        frame.u.withUnsafeMutableBufferPointer { u in
        frame.v.withUnsafeMutableBufferPointer { v in
            guard let yb = y.baseAddress, let ub = u.baseAddress, let vb = v.baseAddress else { return }
            // Slices touch disjoint rows, and `parallel.run` returns when all are done.
            nonisolated(unsafe) let planes = (yb, ub, vb)
            parallel.run(slices) { slice in
                withUnsafePointer(to: map) {
                    lenta_yuv_recode_rows($0, planes.0, planes.1, planes.2, width, height, slice * Self.rowsPerSlice,
                                          min(chromaRows, (slice + 1) * Self.rowsPerSlice))
                }
            }
        }
        }
        }
    }

    static let rowsPerSlice = 64
}
