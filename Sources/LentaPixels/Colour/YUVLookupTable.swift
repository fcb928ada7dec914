import CPixelKernels
import Foundation
import LentaCore

/// An item's whole colour path as one 3D table over its source's Y'CbCr codes: the source's
/// own coding (matrix, range, 8 or 10 bits) read, its colour converted to the output's
/// (`ColourConversion`: primaries, transfer, HDR tone mapping), the item's grade, and the
/// output's coding (8-bit, limited range: the compositor's working format) written — so a
/// picture costs one interpolated lookup per sample however much colour work it needs.
///
/// Nodes sit every 2ⁿ⁻⁵ codes on each axis (8 for 8-bit sources, 32 for 10-bit: 33 per axis),
/// so a code's cell and its place inside it are a shift and a mask. Each node holds the output
/// Y', Cb and Cr codes in 8.8 fixed point (unclamped: clamping a node would bend the colours
/// near it), made by decoding the node to R'G'B', converting and grading, and encoding back.
/// Lookups interpolate tetrahedrally in integers and round once at the end, so gradients keep
/// 16-bit precision until the last step; a 10-bit source is read at its 10 bits.
///
/// 4:2:0 is graded as the picture is stored: each luma sample with its 2×2 block's chroma, and
/// each block's chroma with the mean of its (up to) four luma samples. Luma samples need only Y'
/// and blocks only Cb and Cr, so those live in separate tables; a block's five lookups share its
/// (Cb, Cr) cell.
public struct YUVLookupTable: Sendable {
    package static let nodesPerAxis = 33
    /// Node values are codes × 256.
    package static let valueBits = 8
    package static let strideY = 1
    package static let strideU = nodesPerAxis
    package static let strideV = nodesPerAxis * nodesPerAxis
    /// Node values stay within ± this many codes (see `fixed`), so an interpolated code does too.
    package static let codeBound = 4096

    /// Bits of the source codes the table is indexed by (8 or 10).
    package let inputBits: Int
    /// log2 of the codes between nodes.
    package let codeShift: Int

    /// Graded Y' at each node; Y' changes fastest, then Cb, then Cr.
    package let y: [Int32]
    /// Graded Cb × 2³² + Cr at each node: both interpolate with the same weights, so one 64-bit
    /// sum carries both (each part stays far below 2³¹, so they split back exactly).
    package let uv: [Int64]
    /// The same Cb and Cr apart, for the AVX2 kernel, which sums them in 32-bit lanes (to the same
    /// values: the parts of `uv` never carry into each other).
    package let cb: [Int32]
    package let cr: [Int32]
    /// Whether `apply` grades eight blocks at a time with the AVX2 kernel (`CPixelKernels`) where
    /// the CPU has it: the same bytes as the portable loop, about half its time (the table is 5 %
    /// of bench/clips' CPU). Off only to compare the two.
    package var vectorised = FixedPointKernel.avx2Available

    /// The graded (Y', Cb, Cr) of one node, in 8.8 fixed point.
    package func node(_ index: Int) -> SIMD3<Int32> {
        let (cb, cr) = Self.split(uv[index])
        return SIMD3(y[index], cb, cr)
    }

    /// A node's packed Cb × 2³² + Cr (or a sum of them) as its two parts.
    package static func split(_ packed: Int64) -> (cb: Int32, cr: Int32) {
        let cr = Int32(truncatingIfNeeded: packed)
        return (Int32(truncatingIfNeeded: (packed - Int64(cr)) >> 32), cr)
    }

    /// The table of `grade` for BT.709 8-bit sources, or nil when the grade changes nothing (no table, no cost).
    public static func make(for grade: ColourGrade, threads: Int = 1) -> YUVLookupTable? {
        grade.isIdentity ? nil : YUVLookupTable(grade: grade, parallel: ParallelSlices(threads: threads))
    }

    /// The table of an item: its source's colour to the output's, then its grade; nil when
    /// the source is already in the output's coding and colours and there is no grade.
    public static func make(source: ColourDescription, output: ColourDescription = .bt709, grade: ColourGrade?,
                            threads: Int = 1) -> YUVLookupTable? {
        make(source: source, output: output, grade: grade, parallel: ParallelSlices(threads: threads))
    }

    package static func make(source: ColourDescription, output: ColourDescription, grade: ColourGrade?, parallel: ParallelSlices) -> YUVLookupTable? {
        let conversion = ColourConversion(source: source, output: output)
        let grade = grade?.isIdentity == true ? nil : grade
        let input = Self.inputCoding(source)
        let outputCoding = ColourSpaces.Coding(matrix: output.matrix, fullRange: false, bitDepth: 8)
        if grade == nil, conversion.changesNoColour, input == outputCoding { return nil }
        return YUVLookupTable(conversion: conversion, input: input, grade: grade, parallel: parallel)
    }

    /// The coding a source's codes are read in: its own, at 8 or 10 bits (deeper sources are
    /// read at 10); R'G'B' sources reach the table as limited-range BT.709 Y'CbCr.
    package static func inputCoding(_ source: ColourDescription) -> ColourSpaces.Coding {
        let bits = source.bitDepth > 8 ? 10 : 8
        if source.matrix == .rgb { return ColourSpaces.Coding(matrix: .bt709, fullRange: false, bitDepth: bits) }
        return ColourSpaces.Coding(matrix: source.matrix, fullRange: source.fullRange, bitDepth: bits)
    }

    package init(grade: ColourGrade, parallel: ParallelSlices) {
        self.init(conversion: ColourConversion(source: .bt709), input: ColourSpaces.Coding(ColourDescription.bt709), grade: grade,
                  parallel: parallel)
    }

    package init(conversion: ColourConversion, input: ColourSpaces.Coding, grade: ColourGrade?, parallel: ParallelSlices) {
        precondition(input.bitDepth == 8 || input.bitDepth == 10, "the table reads 8- or 10-bit codes")
        inputBits = input.bitDepth
        codeShift = input.bitDepth - 5
        let step = Double(1 << codeShift)
        let output = ColourSpaces.Coding(matrix: conversion.output.matrix, fullRange: false, bitDepth: 8)
        let n = Self.nodesPerAxis
        let count = n * n * n
        var ys = [Int32](repeating: 0, count: count)
        var uvs = [Int64](repeating: 0, count: count)
        ys.withUnsafeMutableBufferPointer { yOut in
            uvs.withUnsafeMutableBufferPointer { uvOut in
                // Slices write disjoint nodes, and `parallel.run` returns when all are done.
                let shared = SliceShared((y: yOut.baseAddress, uv: uvOut.baseAddress))
                // The type named, not `Self`: a Sendable closure may not capture a metatype.
                // Each slice fills one Cr plane of nodes: disjoint writes, the same values for any split.
                parallel.run(n) { vi in
                    guard let yp = shared.value.y, let uvp = shared.value.uv else { return }
                    for ui in 0..<n {
                        for yi in 0..<n {
                            let node = yi * YUVLookupTable.strideY + ui * YUVLookupTable.strideU + vi * YUVLookupTable.strideV
                            let codes = SIMD3(Double(yi), Double(ui), Double(vi)) * step
                            var rgb = conversion.toWorking(input.rgb(ofCodes: codes))
                            if let grade { rgb = grade.apply(rgb) }
                            let graded = output.codes(ofRGB: conversion.toOutput(rgb))
                            yp[node] = YUVLookupTable.fixed(graded.x)
                            uvp[node] = Int64(YUVLookupTable.fixed(graded.y)) << 32 + Int64(YUVLookupTable.fixed(graded.z))
                        }
                    }
                }
            }
        }
        y = ys
        uv = uvs
        cb = uvs.map { Self.split($0).cb }
        cr = uvs.map { Self.split($0).cr }
    }

    /// Limited-range BT.709 codes → gamma-encoded R'G'B' (0…1 in gamut).
    package static func rgb(ofCodes c: SIMD3<Double>) -> SIMD3<Double> { ColourSpaces.Coding(ColourDescription.bt709).rgb(ofCodes: c) }

    /// Gamma-encoded R'G'B' → limited-range BT.709 codes (unrounded, unclamped).
    package static func codes(ofRGB rgb: SIMD3<Double>) -> SIMD3<Double> { ColourSpaces.Coding(ColourDescription.bt709).codes(ofRGB: rgb) }

    /// A code in 8.8 fixed point, bounded far outside any real value so sums cannot overflow
    /// and every interpolated code has an entry in `clampedCodes`.
    package static func fixed(_ code: Double) -> Int32 {
        let bound = Double(codeBound)
        return Int32((max(-bound, min(bound, code)) * Double(1 << valueBits)).rounded())
    }

    /// Grades an 8-bit picture in place.
    public func apply(to frame: inout PlanarFrame, threads: Int) {
        apply(to: &frame, parallel: ParallelSlices(threads: threads))
    }

    package func apply(to frame: inout PlanarFrame, parallel: ParallelSlices) {
        precondition(inputBits == 8, "an 8-bit picture through an 8-bit table")
        let width = frame.width, height = frame.height
        Self.withPlanes(of: &frame) { planes in
            // In place: each block's samples are all read before any is written.
            run(SourcePlanes(packed: UnsafePointer(planes.y), UnsafePointer(planes.u), UnsafePointer(planes.v), width: width),
                into: planes, width: width, height: height, parallel: parallel)
        }
    }

    /// Converts and grades a deeper picture (10-bit codes) into a new 8-bit one.
    public func apply(_ deep: DeepPlanarFrame, threads: Int) -> PlanarFrame {
        apply(deep, parallel: ParallelSlices(threads: threads))
    }

    package func apply(_ deep: DeepPlanarFrame, parallel: ParallelSlices) -> PlanarFrame {
        precondition(inputBits == deep.bitDepth, "a \(deep.bitDepth)-bit picture through a \(inputBits)-bit table")
        var out = PlanarFrame(width: deep.width, height: deep.height)
        deep.y.withUnsafeBufferPointer { sy in
            deep.u.withUnsafeBufferPointer { su in
                deep.v.withUnsafeBufferPointer { sv in
                    guard let sy = sy.baseAddress, let su = su.baseAddress, let sv = sv.baseAddress else { return }
                    Self.withPlanes(of: &out) { planes in
                        run(SourcePlanes(packed: sy, su, sv, width: deep.width), into: planes, width: deep.width, height: deep.height,
                            parallel: parallel)
                    }
                }
            }
        }
        return out
    }

    /// Grades `source`, `width` × `height`, into `planes`, in slices of whole chroma rows.
    package func run<S: FixedWidthInteger & SendableMetatype>(_ source: SourcePlanes<S>, into planes: Planes, width: Int, height: Int,
                                                      parallel: ParallelSlices) {
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        withTables { table in
            // The source and the table are only read; each slice writes its own rows of `planes`.
            let shared = SliceShared((source, planes, table))
            parallel.run(Self.slices(chromaHeight: chromaHeight)) { slice in
                let (source, planes, table) = shared.value
                for cy in YUVLookupTable.chromaRows(ofSlice: slice, chromaHeight: chromaHeight) {
                    let hasBottom = 2 * cy + 1 < height
                    YUVLookupTable.gradeChromaRow(source.rows(cy, hasBottom: hasBottom), into: planes.rows(cy, hasBottom: hasBottom),
                                                  hasBottom: hasBottom, table: table, width: width, chromaWidth: chromaWidth)
                }
            }
        }
    }

    /// Chroma rows a slice grades: each slice owns whole chroma rows and the two luma rows under them.
    package static let chromaRowsPerSlice = 16

    /// The slices of a picture `chromaHeight` chroma rows high.
    package static func slices(chromaHeight: Int) -> Int { (chromaHeight + chromaRowsPerSlice - 1) / chromaRowsPerSlice }

    /// The chroma rows of slice `slice`.
    package static func chromaRows(ofSlice slice: Int, chromaHeight: Int) -> Range<Int> {
        slice * chromaRowsPerSlice ..< min(chromaHeight, (slice + 1) * chromaRowsPerSlice)
    }

    /// The table's storage lent to `body` as `Tables`.
    package func withTables(_ body: (Tables) -> Void) {
        let shift = codeShift
        let vectorised = vectorised
        y.withUnsafeBufferPointer { ty in
            uv.withUnsafeBufferPointer { tuv in
                Self.tetrahedra(shift: shift).withUnsafeBufferPointer { tetrahedra in
                    Self.clampedCodes.withUnsafeBufferPointer { clamped in
                    cb.withUnsafeBufferPointer { tcb in
                    cr.withUnsafeBufferPointer { tcr in
                        guard let ty = ty.baseAddress, let tuv = tuv.baseAddress, let tetrahedra = tetrahedra.baseAddress,
                              let clamped = clamped.baseAddress, let tcb = tcb.baseAddress, let tcr = tcr.baseAddress else { return }
                        let kernel = vectorised ? lenta_yuv_table(y: ty, cb: tcb, cr: tcr, shift: Int32(shift)) : nil
                        body(Tables(y: ty, uv: tuv, tetrahedra: tetrahedra, clamped: clamped + Self.codeBound, shift: shift, kernel: kernel))
                    }
                    }
                    }
                }
            }
        }
    }

    /// `frame`'s planes lent to `body` to be written.
    package static func withPlanes(of frame: inout PlanarFrame, _ body: (Planes) -> Void) {
        let width = frame.width
        frame.y.withUnsafeMutableBufferPointer { py in
            frame.u.withUnsafeMutableBufferPointer { pu in
                frame.v.withUnsafeMutableBufferPointer { pv in
                    guard let py = py.baseAddress, let pu = pu.baseAddress, let pv = pv.baseAddress else { return }
                    body(Planes(y: py, u: pu, v: pv, width: width))
                }
            }
        }
    }

    /// The table's storage, read only, lent to the slices of one `apply` (in a `SliceShared`),
    /// which returns when they are all done.
    package struct Tables {
        package let y: UnsafePointer<Int32>
        package let uv: UnsafePointer<Int64>
        package let tetrahedra: UnsafePointer<Tetrahedron>
        /// Indexed by code, −codeBound…codeBound.
        package let clamped: UnsafePointer<UInt8>
        /// log2 of the codes between nodes.
        package let shift: Int
        /// The same table for the AVX2 kernel; nil: the portable loop only.
        package let kernel: lenta_yuv_table?
    }

    /// The source frame's planes, read only, lent to the slices of one `apply` (in a
    /// `SliceShared`), which returns when they are all done.
    package struct SourcePlanes<S: FixedWidthInteger> {
        package let y: UnsafePointer<S>
        package let u: UnsafePointer<S>
        package let v: UnsafePointer<S>
        /// Samples from one row of each plane to the next.
        package let yStride: Int
        package let uStride: Int
        package let vStride: Int

        package init(y: UnsafePointer<S>, u: UnsafePointer<S>, v: UnsafePointer<S>, yStride: Int, uStride: Int, vStride: Int) {
            self.y = y
            self.u = u
            self.v = v
            self.yStride = yStride
            self.uStride = uStride
            self.vStride = vStride
        }

        /// Planes with no gap between rows, luma `width` samples a row.
        package init(packed y: UnsafePointer<S>, _ u: UnsafePointer<S>, _ v: UnsafePointer<S>, width: Int) {
            self.init(y: y, u: u, v: v, yStride: width, uStride: (width + 1) / 2, vStride: (width + 1) / 2)
        }

        /// Chroma row `cy` and the luma rows under it (the top one twice when it has no bottom one).
        @inline(__always)
        package func rows(_ cy: Int, hasBottom: Bool) -> SourceRows<S> {
            let top = y + 2 * cy * yStride
            return SourceRows(top: top, bottom: hasBottom ? top + yStride : top, u: u + cy * uStride, v: v + cy * vStride)
        }
    }

    /// One chroma row of a source and the (one or two) luma rows under it.
    package struct SourceRows<S: FixedWidthInteger> {
        package let top: UnsafePointer<S>
        package let bottom: UnsafePointer<S>
        package let u: UnsafePointer<S>
        package let v: UnsafePointer<S>
    }

    /// The frame's planes (packed, luma `width` samples a row), lent to the slices of one `apply`
    /// (in a `SliceShared`); each slice writes its own rows, and `apply` returns when they are all done.
    package struct Planes {
        package let y: UnsafeMutablePointer<UInt8>
        package let u: UnsafeMutablePointer<UInt8>
        package let v: UnsafeMutablePointer<UInt8>
        package let width: Int

        /// Chroma row `cy` and the luma rows under it (the top one twice when it has no bottom one).
        @inline(__always)
        package func rows(_ cy: Int, hasBottom: Bool) -> TargetRows {
            let chromaWidth = (width + 1) / 2
            let top = y + 2 * cy * width
            return TargetRows(top: top, bottom: hasBottom ? top + width : top, u: u + cy * chromaWidth, v: v + cy * chromaWidth)
        }
    }

    /// One chroma row of the graded picture and the (one or two) luma rows under it.
    package struct TargetRows {
        package let top: UnsafeMutablePointer<UInt8>
        package let bottom: UnsafeMutablePointer<UInt8>
        package let u: UnsafeMutablePointer<UInt8>
        package let v: UnsafeMutablePointer<UInt8>
    }

    /// The tetrahedron of a cell holding a code whose places along Y', Cb, Cr are (fy, fu, fv):
    /// the cell's axes walked from the largest place to the smallest. Its first node is the
    /// cell's corner and its last the opposite corner; `second` and `third` are the other two as
    /// offsets from the first, and `fa ≥ fb ≥ fc` the places sorted.
    package struct Tetrahedron: Sendable {
        package let second: Int16, third: Int16
        package let fa: UInt8, fb: UInt8, fc: UInt8
    }

    /// Every tetrahedron, at `fu << 2s | fv << s | fy` (s: the table's shift): a load instead of
    /// sorting three places per lookup, whose data-dependent branches mispredict on real
    /// pictures. (Equal places may go in either order: the node between them then weighs nothing.)
    package static func tetrahedra(shift: Int) -> [Tetrahedron] { shift == 3 ? tetrahedra8 : tetrahedra10 }
    package static let tetrahedra8 = makeTetrahedra(shift: 3)
    package static let tetrahedra10 = makeTetrahedra(shift: 5)

    package static func makeTetrahedra(shift: Int) -> [Tetrahedron] {
        let step = 1 << shift
        var out: [Tetrahedron] = []
        out.reserveCapacity(step * step * step)
        for fu in 0..<step {
            for fv in 0..<step {
                for fy in 0..<step {
                    let axes = [(fy, strideY), (fu, strideU), (fv, strideV)].sorted { $0.0 > $1.0 }
                    out.append(Tetrahedron(second: Int16(axes[0].1), third: Int16(axes[0].1 + axes[1].1),
                                           fa: UInt8(axes[0].0), fb: UInt8(axes[1].0), fc: UInt8(axes[2].0)))
                }
            }
        }
        return out
    }

    /// Each code from −codeBound to codeBound clamped to 0…255: a load instead of two compares.
    package static let clampedCodes: [UInt8] = (-codeBound...codeBound).map { UInt8(clamping: $0) }

    /// One row of 2×2 blocks: their chroma from the old luma's mean, then their luma samples
    /// from the old chroma. Without `hasBottom` (an odd picture's last row) the rows' `bottom`
    /// is their `top`.
    @inline(__always)
    package static func gradeChromaRow<S: FixedWidthInteger>(_ source: SourceRows<S>, into target: TargetRows, hasBottom: Bool, table: Tables,
                                                     width: Int, chromaWidth: Int) {
        let top = target.top, bottom = target.bottom, uRow = target.u, vRow = target.v
        let sourceTop = source.top, sourceBottom = source.bottom, uSource = source.u, vSource = source.v
        // Whole blocks first, without the edge tests (eight at a time by the AVX2 kernel, the
        // rest here); then a right edge column of one sample's width.
        let whole = hasBottom ? width / 2 : 0
        var done = 0
        if var kernel = table.kernel, whole >= 8 {
            done = lenta_yuv_table_row_avx2(&kernel, Int32(MemoryLayout<S>.size), sourceTop, sourceBottom, uSource, vSource,
                                            top, bottom, uRow, vRow, whole)
        }
        for cx in done..<whole {
            let x0 = 2 &* cx
            let a = Int(sourceTop[x0]), b = Int(sourceTop[x0 &+ 1]), c = Int(sourceBottom[x0]), d = Int(sourceBottom[x0 &+ 1])
            let cell = ChromaCell(u: Int(uSource[cx]), v: Int(vSource[cx]), table)
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
            let a = Int(sourceTop[x0]), b = Int(sourceTop[x1]), c = Int(sourceBottom[x0]), d = Int(sourceBottom[x1])
            let cell = ChromaCell(u: Int(uSource[cx]), v: Int(vSource[cx]), table)
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
    package struct ChromaCell {
        package let base: Int
        package let places: Int

        @inline(__always)
        package init(u: Int, v: Int, _ table: Tables) {
            let shift = table.shift, mask = (1 &<< shift) &- 1
            base = (u &>> shift) &* YUVLookupTable.strideU &+ (v &>> shift) &* YUVLookupTable.strideV
            places = (u & mask) &<< (2 &* shift) | (v & mask) &<< shift
        }

        /// Σ weight × node over the tetrahedron holding luma code `y`, the weights in steps
        /// (as step·first + fa·(second − first) + fb·(third − second) + fc·(last − third)).
        @inline(__always)
        package func sum<T: FixedWidthInteger>(_ y: Int, _ nodes: UnsafePointer<T>, _ table: Tables) -> Int {
            let shift = table.shift
            let t = table.tetrahedra[places | (y & ((1 &<< shift) &- 1))]
            let first = base &+ (y &>> shift)
            let n0 = Int(nodes[first]), n1 = Int(nodes[first &+ Int(t.second)]), n2 = Int(nodes[first &+ Int(t.third)])
            let n3 = Int(nodes[first &+ (YUVLookupTable.strideY + YUVLookupTable.strideU + YUVLookupTable.strideV)])
            return n0 &<< shift &+ Int(t.fa) &* (n1 &- n0) &+ Int(t.fb) &* (n2 &- n1) &+ Int(t.fc) &* (n3 &- n2)
        }

        /// A sum of `sum` rounded once to a code and clamped to 0…255.
        @inline(__always)
        package static func code(_ sum: Int, _ table: Tables) -> UInt8 {
            let bits = table.shift &+ YUVLookupTable.valueBits
            return table.clamped[(sum &+ (1 &<< (bits &- 1))) &>> bits]
        }

        /// The graded Y' of luma code `y` in this cell.
        @inline(__always)
        package func luma(_ y: Int, _ table: Tables) -> UInt8 {
            Self.code(sum(y, table.y, table), table)
        }

        /// The graded (Cb, Cr) of this cell at luma code `luma`.
        @inline(__always)
        package func chroma(luma: Int, _ table: Tables) -> (UInt8, UInt8) {
            let packed = sum(luma, table.uv, table)
            let cr = Int(Int32(truncatingIfNeeded: packed))
            return (Self.code((packed &- cr) &>> 32, table), Self.code(cr, table))
        }
    }
}
