import Foundation
import LentaMedia

/// An item's whole colour grade as one 3D table over 8-bit Y'CbCr codes (BT.709, limited
/// range: the compositor's working format), so a picture costs one interpolated lookup per
/// sample however much colour work the item has.
///
/// Nodes sit every 8 codes on each axis (0, 8, …, 256: 33 per axis), so a code's cell and its
/// place inside it are a shift and a mask. Each node holds the graded Y', Cb and Cr codes in
/// 8.8 fixed point (unclamped: clamping a node would bend the colours near it), made by
/// decoding the node to R'G'B', grading, and encoding back. Lookups interpolate tetrahedrally in
/// integers and round once at the end, so gradients keep 16-bit precision until the last step.
///
/// 4:2:0 is graded as the picture is stored: each luma sample with its 2×2 block's chroma, and
/// each block's chroma with the mean of its (up to) four luma samples. Luma samples need only Y'
/// and blocks only Cb and Cr, so those live in separate tables; a block's five lookups share its
/// (Cb, Cr) cell.
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
    /// Node values stay within ± this many codes (see `fixed`), so an interpolated code does too.
    static let codeBound = 4096

    /// Graded Y' at each node; Y' changes fastest, then Cb, then Cr.
    let y: [Int32]
    /// Graded Cb × 2³² + Cr at each node: both interpolate with the same weights, so one 64-bit
    /// sum carries both (each part stays far below 2³¹, so they split back exactly).
    let uv: [Int64]

    /// The graded (Y', Cb, Cr) of one node, in 8.8 fixed point.
    func node(_ index: Int) -> SIMD3<Int32> {
        let packed = uv[index]
        let cr = Int32(truncatingIfNeeded: packed)
        return SIMD3(y[index], Int32(truncatingIfNeeded: (packed - Int64(cr)) >> 32), cr)
    }

    /// The table of `grade`, or nil when the grade changes nothing (no table, no cost).
    public static func make(for grade: ColourGrade, threads: Int = 1) -> YUVLookupTable? {
        grade.isIdentity ? nil : YUVLookupTable(grade: grade, parallel: ParallelSlices(threads: threads))
    }

    init(grade: ColourGrade, parallel: ParallelSlices) {
        let n = Self.nodesPerAxis
        let count = n * n * n
        var ys = [Int32](repeating: 0, count: count)
        var uvs = [Int64](repeating: 0, count: count)
        ys.withUnsafeMutableBufferPointer { yOut in
            uvs.withUnsafeMutableBufferPointer { uvOut in
                // Slices write disjoint nodes, and `parallel.run` returns when all are done.
                nonisolated(unsafe) let target = (y: yOut.baseAddress, uv: uvOut.baseAddress)
                // Each slice fills one Cr plane of nodes: disjoint writes, the same values for any split.
                parallel.run(n) { vi in
                    guard let yp = target.y, let uvp = target.uv else { return }
                    for ui in 0..<n {
                        for yi in 0..<n {
                            let node = yi * Self.strideY + ui * Self.strideU + vi * Self.strideV
                            let codes = SIMD3(Double(yi * Self.codeStep), Double(ui * Self.codeStep), Double(vi * Self.codeStep))
                            let graded = Self.codes(ofRGB: grade.apply(Self.rgb(ofCodes: codes)))
                            yp[node] = Self.fixed(graded.x)
                            uvp[node] = Int64(Self.fixed(graded.y)) << 32 + Int64(Self.fixed(graded.z))
                        }
                    }
                }
            }
        }
        y = ys
        uv = uvs
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

    /// A code in 8.8 fixed point, bounded far outside any real value so sums cannot overflow
    /// and every interpolated code has an entry in `clampedCodes`.
    static func fixed(_ code: Double) -> Int32 {
        let bound = Double(codeBound)
        return Int32((max(-bound, min(bound, code)) * Double(1 << valueBits)).rounded())
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
            uv.withUnsafeBufferPointer { tuv in
                Self.tetrahedra.withUnsafeBufferPointer { tetrahedra in
                    Self.clampedCodes.withUnsafeBufferPointer { clamped in
                        frame.y.withUnsafeMutableBufferPointer { py in
                            frame.u.withUnsafeMutableBufferPointer { pu in
                                frame.v.withUnsafeMutableBufferPointer { pv in
                                    guard let ty = ty.baseAddress, let tuv = tuv.baseAddress, let tetrahedra = tetrahedra.baseAddress,
                                          let clamped = clamped.baseAddress,
                                          let py = py.baseAddress, let pu = pu.baseAddress, let pv = pv.baseAddress else { return }
                                    let table = Tables(y: ty, uv: tuv, tetrahedra: tetrahedra, clamped: clamped + Self.codeBound)
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
    }

    /// Unchecked: the table's storage, read only, lent to the slices of one `apply`, which
    /// returns when they are all done.
    struct Tables: @unchecked Sendable {
        let y: UnsafePointer<Int32>
        let uv: UnsafePointer<Int64>
        let tetrahedra: UnsafePointer<Tetrahedron>
        /// Indexed by code, −codeBound…codeBound.
        let clamped: UnsafePointer<UInt8>
    }

    /// Unchecked: the frame's planes, lent to the slices of one `apply`; each slice writes its
    /// own rows, and `apply` returns when they are all done.
    struct Planes: @unchecked Sendable {
        let y: UnsafeMutablePointer<UInt8>
        let u: UnsafeMutablePointer<UInt8>
        let v: UnsafeMutablePointer<UInt8>
    }

    /// The tetrahedron of a cell holding a code whose places along Y', Cb, Cr are (fy, fu, fv):
    /// the cell's axes walked from the largest place to the smallest. Its first node is the
    /// cell's corner and its last the opposite corner; `second` and `third` are the other two as
    /// offsets from the first, and `fa ≥ fb ≥ fc` the places sorted.
    struct Tetrahedron: Sendable {
        let second: Int16, third: Int16
        let fa: UInt8, fb: UInt8, fc: UInt8
    }

    /// Every tetrahedron, at `fu << 6 | fv << 3 | fy`: a load instead of sorting three places per
    /// lookup, whose data-dependent branches mispredict on real pictures. (Equal places may go
    /// in either order: the node between them then weighs nothing.)
    static let tetrahedra: [Tetrahedron] = {
        var out: [Tetrahedron] = []
        for fu in 0..<codeStep {
            for fv in 0..<codeStep {
                for fy in 0..<codeStep {
                    let axes = [(fy, strideY), (fu, strideU), (fv, strideV)].sorted { $0.0 > $1.0 }
                    out.append(Tetrahedron(second: Int16(axes[0].1), third: Int16(axes[0].1 + axes[1].1),
                                           fa: UInt8(axes[0].0), fb: UInt8(axes[1].0), fc: UInt8(axes[2].0)))
                }
            }
        }
        return out
    }()

    /// Each code from −codeBound to codeBound clamped to 0…255: a load instead of two compares.
    static let clampedCodes: [UInt8] = (-codeBound...codeBound).map { UInt8(clamping: $0) }

    /// One row of 2×2 blocks: their chroma from the old luma's mean, then their luma samples
    /// from the old chroma.
    @inline(__always)
    static func gradeChromaRow(_ cy: Int, planes: Planes, table: Tables, width: Int, height: Int, chromaWidth: Int) {
        let top = planes.y + 2 * cy * width
        let hasBottom = 2 * cy + 1 < height
        let bottom = hasBottom ? top + width : top
        let uRow = planes.u + cy * chromaWidth, vRow = planes.v + cy * chromaWidth
        // Whole blocks first, without the edge tests; then a right edge column of one sample's width.
        let whole = hasBottom ? width / 2 : 0
        for cx in 0..<whole {
            let x0 = 2 &* cx
            let a = Int(top[x0]), b = Int(top[x0 &+ 1]), c = Int(bottom[x0]), d = Int(bottom[x0 &+ 1])
            let cell = ChromaCell(u: Int(uRow[cx]), v: Int(vRow[cx]))
            (uRow[cx], vRow[cx]) = cell.chroma(luma: (a &+ b &+ c &+ d &+ 2) &>> 2, table)
            top[x0] = cell.luma(a, table)
            top[x0 &+ 1] = cell.luma(b, table)
            bottom[x0] = cell.luma(c, table)
            bottom[x0 &+ 1] = cell.luma(d, table)
        }
        for cx in whole..<chromaWidth {
            let x0 = 2 * cx
            let hasRight = x0 + 1 < width
            let x1 = hasRight ? x0 + 1 : x0
            let a = Int(top[x0]), b = Int(top[x1]), c = Int(bottom[x0]), d = Int(bottom[x1])
            let cell = ChromaCell(u: Int(uRow[cx]), v: Int(vRow[cx]))
            // Repeated samples at a picture's odd edge weigh as the ones they repeat.
            (uRow[cx], vRow[cx]) = cell.chroma(luma: (a + b + c + d + 2) >> 2, table)
            top[x0] = cell.luma(a, table)
            if hasRight { top[x1] = cell.luma(b, table) }
            if hasBottom {
                bottom[x0] = cell.luma(c, table)
                if hasRight { bottom[x1] = cell.luma(d, table) }
            }
        }
    }

    /// What every lookup at one (Cb, Cr) code shares: the node at Y' 0 of its cell and its
    /// places along Cb and Cr, as the row of `tetrahedra` to pick from.
    struct ChromaCell {
        let base: Int
        let places: Int

        @inline(__always)
        init(u: Int, v: Int) {
            let shift = YUVLookupTable.codeShift, mask = YUVLookupTable.fractionMask
            base = (u &>> shift) &* YUVLookupTable.strideU &+ (v &>> shift) &* YUVLookupTable.strideV
            places = (u & mask) &<< (2 * shift) | (v & mask) &<< shift
        }

        /// Σ weight × node over the tetrahedron holding luma code `y`, the weights in eighths
        /// (as 8·first + fa·(second − first) + fb·(third − second) + fc·(last − third)).
        @inline(__always)
        func sum<T: FixedWidthInteger>(_ y: Int, _ nodes: UnsafePointer<T>, _ table: Tables) -> Int {
            let t = table.tetrahedra[places | (y & YUVLookupTable.fractionMask)]
            let first = base &+ (y &>> YUVLookupTable.codeShift)
            let n0 = Int(nodes[first]), n1 = Int(nodes[first &+ Int(t.second)]), n2 = Int(nodes[first &+ Int(t.third)])
            let n3 = Int(nodes[first &+ (YUVLookupTable.strideY + YUVLookupTable.strideU + YUVLookupTable.strideV)])
            return n0 &<< YUVLookupTable.codeShift &+ Int(t.fa) &* (n1 &- n0) &+ Int(t.fb) &* (n2 &- n1) &+ Int(t.fc) &* (n3 &- n2)
        }

        /// A sum of `sum` rounded once to a code and clamped to 0…255.
        @inline(__always)
        static func code(_ sum: Int, _ table: Tables) -> UInt8 {
            let bits = YUVLookupTable.codeShift + YUVLookupTable.valueBits
            return table.clamped[(sum &+ (1 << (bits - 1))) &>> bits]
        }

        /// The graded Y' of luma code `y` in this cell.
        @inline(__always)
        func luma(_ y: Int, _ table: Tables) -> UInt8 {
            Self.code(sum(y, table.y, table), table)
        }

        /// The graded (Cb, Cr) of this cell at luma code `luma`.
        @inline(__always)
        func chroma(luma: Int, _ table: Tables) -> (UInt8, UInt8) {
            let packed = sum(luma, table.uv, table)
            let cr = Int(Int32(truncatingIfNeeded: packed))
            return (Self.code((packed &- cr) &>> 32, table), Self.code(cr, table))
        }
    }
}
