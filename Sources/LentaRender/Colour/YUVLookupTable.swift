import Foundation
import LentaMedia

/// An item's whole colour grade as one 3D table over 8-bit Y'CbCr codes (BT.709, limited
/// range: the compositor's working format), so a picture costs one interpolated lookup per
/// sample however much colour work the item has.
///
/// Nodes sit every 8 codes on each axis (0, 8, …, 256: 33 per axis), so a code's cell and its
/// place inside it are a shift and a mask. Each node holds the graded Y', Cb and Cr codes in
/// 8.8 fixed point (Int32, unclamped: clamping a node would bend the colours near it), made by
/// decoding the node to R'G'B', grading, and encoding back. Lookups interpolate tetrahedrally in
/// integers and round once at the end, so gradients keep 16-bit precision until the last step.
///
/// 4:2:0 is graded as the picture is stored: each luma sample with its 2×2 block's chroma, and
/// each block's chroma with the mean of its (up to) four luma samples.
public struct YUVLookupTable: Sendable {
    static let nodesPerAxis = 33
    static let codeShift = 3
    static let codeStep = 1 << codeShift
    static let fractionMask = codeStep - 1
    /// Node values are codes × 256.
    static let valueBits = 8
    static let strideY = 1
    static let strideU = nodesPerAxis
    static let strideV = nodesPerAxis * nodesPerAxis

    /// Graded Y', Cb and Cr at each node; Y' changes fastest, then Cb, then Cr.
    let y: [Int32]
    let u: [Int32]
    let v: [Int32]

    /// The table of `grade`, or nil when the grade changes nothing (no table, no cost).
    public static func make(for grade: ColourGrade, threads: Int = 1) -> YUVLookupTable? {
        grade.isIdentity ? nil : YUVLookupTable(grade: grade, parallel: ParallelSlices(threads: threads))
    }

    init(grade: ColourGrade, parallel: ParallelSlices) {
        let n = Self.nodesPerAxis
        let count = n * n * n
        var ys = [Int32](repeating: 0, count: count), us = ys, vs = ys
        ys.withUnsafeMutableBufferPointer { yOut in
            us.withUnsafeMutableBufferPointer { uOut in
                vs.withUnsafeMutableBufferPointer { vOut in
                    let target = (y: yOut.baseAddress, u: uOut.baseAddress, v: vOut.baseAddress)
                    // Each slice fills one Cr plane of nodes: disjoint writes, the same values for any split.
                    parallel.run(n) { vi in
                        guard let yp = target.y, let up = target.u, let vp = target.v else { return }
                        for ui in 0..<n {
                            for yi in 0..<n {
                                let node = yi * Self.strideY + ui * Self.strideU + vi * Self.strideV
                                let codes = SIMD3(Double(yi * Self.codeStep), Double(ui * Self.codeStep), Double(vi * Self.codeStep))
                                let graded = Self.codes(ofRGB: grade.apply(Self.rgb(ofCodes: codes)))
                                yp[node] = Self.fixed(graded.x)
                                up[node] = Self.fixed(graded.y)
                                vp[node] = Self.fixed(graded.z)
                            }
                        }
                    }
                }
            }
        }
        y = ys
        u = us
        v = vs
    }

    /// Limited-range BT.709 codes → gamma-encoded R'G'B' (0…1 in gamut).
    static func rgb(ofCodes c: SIMD3<Double>) -> SIMD3<Double> {
        let luma = (c.x - 16) / 219, cb = (c.y - 128) / 224, cr = (c.z - 128) / 224
        let r = luma + 1.5748 * cr, b = luma + 1.8556 * cb
        let g = (luma - 0.2126 * r - 0.0722 * b) / 0.7152
        return SIMD3(r, g, b)
    }

    /// Gamma-encoded R'G'B' → limited-range BT.709 codes (unrounded, unclamped).
    static func codes(ofRGB rgb: SIMD3<Double>) -> SIMD3<Double> {
        let luma = 0.2126 * rgb.x + 0.7152 * rgb.y + 0.0722 * rgb.z
        return SIMD3(16 + 219 * luma, 128 + 224 * (rgb.z - luma) / 1.8556, 128 + 224 * (rgb.x - luma) / 1.5748)
    }

    /// A code in 8.8 fixed point, bounded far outside any real value so sums cannot overflow.
    static func fixed(_ code: Double) -> Int32 {
        Int32((max(-4096, min(4096, code)) * Double(1 << valueBits)).rounded())
    }

    /// Grades a picture in place.
    public func apply(to frame: inout PlanarFrame, threads: Int) {
        apply(to: &frame, parallel: ParallelSlices(threads: threads))
    }

    func apply(to frame: inout PlanarFrame, parallel: ParallelSlices) {
        let width = frame.width, height = frame.height
        let chromaWidth = frame.chromaWidth, chromaHeight = frame.chromaHeight
        let rowsPerSlice = 16
        let slices = (chromaHeight + rowsPerSlice - 1) / rowsPerSlice
        y.withUnsafeBufferPointer { ty in
            u.withUnsafeBufferPointer { tu in
                v.withUnsafeBufferPointer { tv in
                    frame.y.withUnsafeMutableBufferPointer { py in
                        frame.u.withUnsafeMutableBufferPointer { pu in
                            frame.v.withUnsafeMutableBufferPointer { pv in
                                guard let ty = ty.baseAddress, let tu = tu.baseAddress, let tv = tv.baseAddress,
                                      let py = py.baseAddress, let pu = pu.baseAddress, let pv = pv.baseAddress else { return }
                                let table = Tables(y: ty, u: tu, v: tv)
                                let planes = Planes(y: py, u: pu, v: pv)
                                // Each slice owns whole chroma rows and the two luma rows under them.
                                parallel.run(slices) { slice in
                                    let first = slice * rowsPerSlice
                                    for cy in first..<min(chromaHeight, first + rowsPerSlice) {
                                        Self.gradeChromaRow(cy, planes: planes, table: table, width: width, height: height,
                                                            chromaWidth: chromaWidth)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    struct Tables: @unchecked Sendable {
        let y: UnsafePointer<Int32>
        let u: UnsafePointer<Int32>
        let v: UnsafePointer<Int32>
    }

    struct Planes: @unchecked Sendable {
        let y: UnsafeMutablePointer<UInt8>
        let u: UnsafeMutablePointer<UInt8>
        let v: UnsafeMutablePointer<UInt8>
    }

    /// One row of 2×2 blocks: their chroma from the old luma's mean, then their luma samples
    /// from the old chroma.
    @inline(__always)
    static func gradeChromaRow(_ cy: Int, planes: Planes, table: Tables, width: Int, height: Int, chromaWidth: Int) {
        let top = planes.y + 2 * cy * width
        let hasBottom = 2 * cy + 1 < height
        let bottom = hasBottom ? top + width : top
        let uRow = planes.u + cy * chromaWidth, vRow = planes.v + cy * chromaWidth
        for cx in 0..<chromaWidth {
            let x0 = 2 * cx
            let hasRight = x0 + 1 < width
            let x1 = hasRight ? x0 + 1 : x0
            let a = Int(top[x0]), b = Int(top[x1]), c = Int(bottom[x0]), d = Int(bottom[x1])
            let u = Int(uRow[cx]), v = Int(vRow[cx])
            // Repeated samples at a picture's odd edge weigh as the ones they repeat.
            let meanLuma = (a + b + c + d + 2) >> 2
            let block = Cell(y: meanLuma, u: u, v: v)
            uRow[cx] = block.value(table.u)
            vRow[cx] = block.value(table.v)
            top[x0] = Cell(y: a, u: u, v: v).value(table.y)
            if hasRight { top[x1] = Cell(y: b, u: u, v: v).value(table.y) }
            if hasBottom {
                bottom[x0] = Cell(y: c, u: u, v: v).value(table.y)
                if hasRight { bottom[x1] = Cell(y: d, u: u, v: v).value(table.y) }
            }
        }
    }

    /// The tetrahedron of the table holding one Y'CbCr code: four nodes and their weights
    /// (in eighths), found by walking the cell's axes in order of the code's place along them.
    struct Cell {
        let n0: Int, n1: Int, n2: Int, n3: Int
        let w0: Int32, w1: Int32, w2: Int32, w3: Int32

        @inline(__always)
        init(y: Int, u: Int, v: Int) {
            let fy = Int32(y & YUVLookupTable.fractionMask), fu = Int32(u & YUVLookupTable.fractionMask)
            let fv = Int32(v & YUVLookupTable.fractionMask)
            let sy = YUVLookupTable.strideY, su = YUVLookupTable.strideU, sv = YUVLookupTable.strideV
            let shift = YUVLookupTable.codeShift
            n0 = (y >> shift) * sy + (u >> shift) * su + (v >> shift) * sv
            let (fa, sa, fb, sb, fc, sc): (Int32, Int, Int32, Int, Int32, Int)
            if fy >= fu {
                if fu >= fv { (fa, sa, fb, sb, fc, sc) = (fy, sy, fu, su, fv, sv) }
                else if fy >= fv { (fa, sa, fb, sb, fc, sc) = (fy, sy, fv, sv, fu, su) }
                else { (fa, sa, fb, sb, fc, sc) = (fv, sv, fy, sy, fu, su) }
            } else {
                if fy >= fv { (fa, sa, fb, sb, fc, sc) = (fu, su, fy, sy, fv, sv) }
                else if fu >= fv { (fa, sa, fb, sb, fc, sc) = (fu, su, fv, sv, fy, sy) }
                else { (fa, sa, fb, sb, fc, sc) = (fv, sv, fu, su, fy, sy) }
            }
            n1 = n0 + sa
            n2 = n1 + sb
            n3 = n2 + sc
            w0 = Int32(YUVLookupTable.codeStep) - fa
            w1 = fa - fb
            w2 = fb - fc
            w3 = fc
        }

        /// The interpolated code, rounded once and clamped to 0…255.
        @inline(__always)
        func value(_ table: UnsafePointer<Int32>) -> UInt8 {
            let sum = w0 * table[n0] + w1 * table[n1] + w2 * table[n2] + w3 * table[n3]
            let bits = Int32(YUVLookupTable.codeShift + YUVLookupTable.valueBits)
            let code = (sum + (1 << (bits - 1))) >> bits
            return UInt8(clamping: code)
        }
    }
}
