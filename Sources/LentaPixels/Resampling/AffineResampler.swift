import CPixelKernels
import LentaCore

/// An affine map from output pixel coordinates to source pixel coordinates (continuous, a pixel
/// `i` spanning `[i, i+1)`): `source = (a·x + b·y + tx, c·x + d·y + ty)`.
package struct AffineMap: Sendable, Equatable {
    package var a, b, c, d, tx, ty: Double

    package init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    package func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (a * x + b * y + tx, c * x + d * y + ty) }

    /// True when the map neither rotates nor shears (the separable fast path applies).
    package var isAxisAligned: Bool { b == 0 && c == 0 && a > 0 && d > 0 }
}

/// The general path, for rotated placements: each output pixel maps through the affine map to
/// a sub-pixel source position and takes a 4×4 Catmull-Rom sum there (edges clamped). The loops
/// are `CPixelKernels`' integer ones (`lenta_affine_rows`): positions rounded to 1/1024 of a
/// pixel, weights in units of 2⁻¹⁴ from one table, the sum rounded once, so a pixel is within one
/// level of the floating-point sum and the same whatever the split, the thread count or the
/// kernel (the plain loop, or eight pixels at a time with AVX2 gathers where the CPU has them).
package enum AffineResampler {
    package static let stripHeight = 16

    /// The four weights (taps −1, 0, 1, 2) of every phase, in units of 2⁻¹⁴, each four summing to
    /// exactly 2¹⁴ (so a flat area stays flat): the rounding's remainder goes to the largest.
    package static let phaseWeights: [Int16] = {
        let phases = 1 << lenta_affine_phase_bits
        var table = [Int16](repeating: 0, count: 4 * phases)
        for phase in 0 ..< phases {
            let f = Double(phase) / Double(phases)
            let exact = [CatmullRom.weight(1 + f), CatmullRom.weight(f), CatmullRom.weight(1 - f), CatmullRom.weight(2 - f)]
            let fixed = exact.map { Int(($0 * Double(FixedAxisTaps.one)).rounded()) }
            let largest = exact.indices.max { abs(exact[$0]) < abs(exact[$1]) } ?? 1
            for k in 0 ..< 4 {
                table[4 * phase + k] = Int16(k == largest ? fixed[k] + FixedAxisTaps.one - fixed.reduce(0, +) : fixed[k])
            }
        }
        return table
    }()

    package static func resample(_ source: SourcePlane, into target: TargetPlane, map: AffineMap, columns: Range<Int>, rows: Range<Int>,
                         coverage: (x: [Float], y: [Float])?, parallel: ParallelSlices, kernel: FixedPointKernel = .best) {
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let edges = coverage.map { PartialCoverage(target, columns: columns, rows: rows, cx: $0.x, cy: $0.y) }
        @inline(__always) func fixed(_ value: Double) -> Int64 { Int64((value * 4_294_967_296).rounded()) }
        // Output pixel (columnStart, 0)'s centre, less half a source pixel (sample indices).
        let xc = Double(columns.lowerBound) + 0.5
        let strips = (rows.count + stripHeight - 1) / stripHeight
        phaseWeights.withUnsafeBufferPointer { table in
            guard let weights = table.baseAddress else { return }
            let plane = lenta_affine_plane(
                source: source.base, sourceWidth: source.width, sourceHeight: source.height,
                target: target.base, targetWidth: target.width,
                columnStart: columns.lowerBound, columnEnd: columns.upperBound,
                x0: fixed(map.a * xc + map.b * 0.5 + map.tx - 0.5), dxColumn: fixed(map.a), dxRow: fixed(map.b),
                y0: fixed(map.c * xc + map.d * 0.5 + map.ty - 0.5), dyColumn: fixed(map.c), dyRow: fixed(map.d),
                weights: weights)
            // Only read (each strip writes its own rows), and it outlives `parallel.run`.
            let shared = SliceShared(plane)
            parallel.run(strips) { strip in
                let first = rows.lowerBound + strip * stripHeight
                let last = min(rows.upperBound, first + stripHeight)
                withUnsafePointer(to: shared.value) {
                    if kernel != .portable { lenta_affine_rows_avx2($0, first, last) } else { lenta_affine_rows($0, first, last) }
                }
            }
        }
        edges?.blend(into: target)
    }
}
