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
/// a sub-pixel source position and takes a 4×4 Catmull-Rom sum there (edges clamped).
package enum AffineResampler {
    package static let stripHeight = 16

    package static func resample(_ source: SourcePlane, into target: TargetPlane, map: AffineMap, columns: Range<Int>, rows: Range<Int>,
                         coverage: (x: [Float], y: [Float])?, parallel: ParallelSlices) {
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let strips = (rows.count + stripHeight - 1) / stripHeight
        parallel.run(strips) { strip in
            let first = rows.lowerBound + strip * stripHeight
            for row in first..<min(rows.upperBound, first + stripHeight) {
                resampleRow(source, target, map: map, columns: columns, row: row, rowIndex: row - rows.lowerBound, coverage: coverage)
            }
        }
    }

    private static func resampleRow(_ source: SourcePlane, _ target: TargetPlane, map: AffineMap, columns: Range<Int>, row: Int,
                                    rowIndex: Int, coverage: (x: [Float], y: [Float])?) {
        let w = source.width, h = source.height
        let out = target.base + row * target.width
        let yc = Double(row) + 0.5
        let cy = coverage?.y[rowIndex] ?? 1
        for column in columns {
            let xc = Double(column) + 0.5
            let px = map.a * xc + map.b * yc + map.tx - 0.5
            let py = map.c * xc + map.d * yc + map.ty - 0.5
            let fx = px.rounded(.down), fy = py.rounded(.down)
            let wx = CatmullRom.weights(Float(px - fx)), wy = CatmullRom.weights(Float(py - fy))
            let ix = Int(max(-4, min(Double(w + 4), fx))), iy = Int(max(-4, min(Double(h + 4), fy)))
            @inline(__always) func clampX(_ i: Int) -> Int { min(max(i, 0), w - 1) }
            @inline(__always) func clampY(_ i: Int) -> Int { min(max(i, 0), h - 1) }
            let x0 = clampX(ix - 1), x1 = clampX(ix), x2 = clampX(ix + 1), x3 = clampX(ix + 2)
            @inline(__always) func rowSum(_ r: Int) -> Float {
                let s = source.base + clampY(r) * w
                return wx.0 * Float(s[x0]) + wx.1 * Float(s[x1]) + wx.2 * Float(s[x2]) + wx.3 * Float(s[x3])
            }
            let value = wy.0 * rowSum(iy - 1) + wy.1 * rowSum(iy) + wy.2 * rowSum(iy + 1) + wy.3 * rowSum(iy + 2)
            let c = (coverage?.x[column - columns.lowerBound] ?? 1) * cy
            if c >= 1 {
                out[column] = quantise(value)
            } else if c > 0 {
                let under = Float(out[column])
                out[column] = quantise(under + (value - under) * c)
            }
        }
    }
}
