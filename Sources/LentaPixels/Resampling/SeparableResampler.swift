import LentaCore
/// The fast path for axis-aligned placements (no rotation), separable: for each output row, a
/// vertical pass over the source columns the row needs (contiguous, so it vectorises, 8-bit to
/// Float), then a horizontal pass over that one Float row; taps are precomputed per column and
/// per row (`AxisTaps`). Positions are never rounded to whole pixels: a slow pan moves the
/// picture by the exact sub-pixel amount each frame.
package enum SeparableResampler {
    package static let stripHeight = 32

    /// Writes `columns × rows` of `target` (as given by the taps' output ranges). `coverage`
    /// (per column, per row) blends the picture's anti-aliased edges over what is already there.
    package static func resample(_ source: SourcePlane, into target: TargetPlane, x: AxisTaps, y: AxisTaps,
                         coverage: (x: [Float], y: [Float])?, parallel: ParallelSlices) {
        guard x.count > 0, y.count > 0 else { return }
        let strips = (y.count + stripHeight - 1) / stripHeight
        let columnMin = Int(x.start[0])
        let columnMax = Int(x.start[x.count - 1]) + x.tapCount
        // Column starts relative to the first column the rows need.
        let relativeStarts = x.start.map { $0 - Int32(columnMin) }
        // The 4-tap weights by tap (all columns' first weights, then all second …), so the SIMD
        // horizontal pass loads eight columns' weights for one tap in one go.
        let byTap = x.tapCount == 4 ? Self.weightsByTap(x) : []
        byTap.withUnsafeBufferPointer { byTapPointer in
        relativeStarts.withUnsafeBufferPointer { xStart in
            x.weights.withUnsafeBufferPointer { xWeights in
                y.start.withUnsafeBufferPointer { yStart in
                    y.weights.withUnsafeBufferPointer { yWeights in
                        guard let xStarts = xStart.baseAddress, let xWeight = xWeights.baseAddress,
                              let yStarts = yStart.baseAddress, let yWeight = yWeights.baseAddress else { return }
                        // The taps are only read, and they outlive `parallel.run`, which returns when every strip is done.
                        // (An empty array may still have a base address: the tap count decides.)
                        let shared = SliceShared((xStarts, xWeight, yStarts, yWeight, x.tapCount == 4 ? byTapPointer.baseAddress : nil))
                        parallel.run(strips) { strip in
                            let (xs, xw, ys, yw, xt) = shared.value
                            let first = strip * stripHeight, last = min(y.count, first + stripHeight)
                            let row = UnsafeMutablePointer<Float>.allocate(capacity: columnMax - columnMin)
                            defer { row.deallocate() }
                            let filtered = UnsafeMutablePointer<Float>.allocate(capacity: x.count)
                            defer { filtered.deallocate() }
                            for r in first..<last {
                                vertical(source, row: row, columns: columnMin..<columnMax, start: Int(ys[r]),
                                         weights: yw + r * y.tapCount, taps: y.tapCount)
                                let out = target.base + (y.outputStart + r) * target.width + x.outputStart
                                if let coverage {
                                    horizontalBlended(row, out, count: x.count, taps: x.tapCount, starts: xs, weights: xw,
                                                      coverageX: coverage.x, coverageY: coverage.y[r])
                                } else if let xt {
                                    horizontalFourTaps(row, out, filtered: filtered, count: x.count, starts: xs, weights: xw, byTap: xt)
                                } else {
                                    horizontal(row, filtered, count: x.count, taps: x.tapCount, starts: xs, weights: xw)
                                    // Rounding in its own loop lets it vectorise.
                                    for i in 0..<x.count { out[i] = quantise(filtered[i]) }
                                }
                            }
                        }
                    }
                }
            }
        }
        }
    }

    package static func weightsByTap(_ x: AxisTaps) -> [Float] {
        var out = [Float](repeating: 0, count: 4 * x.count)
        for i in 0..<x.count {
            for k in 0..<4 { out[k * x.count + i] = x.weights[4 * i + k] }
        }
        return out
    }

    /// `out[i] = quantise(Σ_k w_k · row[start_i + k])` for 4 taps, eight columns at a time in
    /// SIMD lanes. Each lane adds its products in the scalar order (w0·p0 + w1·p1 + w2·p2 +
    /// w3·p3, no fused multiply-add), so the result is bit-identical to the scalar loop. The
    /// rounding runs in its own loop over `filtered`, where it vectorises.
    @inline(never)
    private static func horizontalFourTaps(_ row: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<UInt8>,
                                           filtered: UnsafeMutablePointer<Float>, count: Int,
                                           starts: UnsafePointer<Int32>, weights: UnsafePointer<Float>, byTap: UnsafePointer<Float>) {
        let w0s = UnsafeRawPointer(byTap), w1s = UnsafeRawPointer(byTap + count)
        let w2s = UnsafeRawPointer(byTap + 2 * count), w3s = UnsafeRawPointer(byTap + 3 * count)
        var i = 0
        while i + 8 <= count {
            var p0 = SIMD8<Float>(), p1 = SIMD8<Float>(), p2 = SIMD8<Float>(), p3 = SIMD8<Float>()
            for lane in 0..<8 {
                let p = row + Int(starts[i + lane])
                p0[lane] = p[0]; p1[lane] = p[1]; p2[lane] = p[2]; p3[lane] = p[3]
            }
            let offset = i * MemoryLayout<Float>.stride
            var sum = w0s.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self) * p0
            sum += w1s.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self) * p1
            sum += w2s.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self) * p2
            sum += w3s.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self) * p3
            UnsafeMutableRawPointer(filtered + i).storeBytes(of: sum, as: SIMD8<Float>.self)
            i += 8
        }
        while i < count {
            let p = row + Int(starts[i])
            let w = weights + 4 * i
            filtered[i] = w[0] * p[0] + w[1] * p[1] + w[2] * p[2] + w[3] * p[3]
            i += 1
        }
        for i in 0..<count { out[i] = quantise(filtered[i]) }
    }

    /// `row[i] = Σ_k w_k · source[start + k][columns.lowerBound + i]`.
    @inline(never)
    private static func vertical(_ source: SourcePlane, row: UnsafeMutablePointer<Float>, columns: Range<Int>, start: Int,
                                 weights w: UnsafePointer<Float>, taps: Int) {
        let count = columns.count
        let s0 = source.base + start * source.width + columns.lowerBound
        let stride = source.width
        if taps == 4 {
            let s1 = s0 + stride, s2 = s1 + stride, s3 = s2 + stride
            let w0 = w[0], w1 = w[1], w2 = w[2], w3 = w[3]
            let v0 = SIMD8<Float>(repeating: w0), v1 = SIMD8<Float>(repeating: w1)
            let v2 = SIMD8<Float>(repeating: w2), v3 = SIMD8<Float>(repeating: w3)
            var i = 0
            // Eight columns at a time; each lane keeps the scalar order of the sum.
            while i + 8 <= count {
                @inline(__always) func load(_ s: UnsafePointer<UInt8>) -> SIMD8<Float> {
                    SIMD8<Float>(UnsafeRawPointer(s + i).loadUnaligned(as: SIMD8<UInt8>.self))
                }
                var sum = v0 * load(s0)
                sum += v1 * load(s1)
                sum += v2 * load(s2)
                sum += v3 * load(s3)
                UnsafeMutableRawPointer(row + i).storeBytes(of: sum, as: SIMD8<Float>.self)
                i += 8
            }
            while i < count {
                row[i] = w0 * Float(s0[i]) + w1 * Float(s1[i]) + w2 * Float(s2[i]) + w3 * Float(s3[i])
                i += 1
            }
        } else {
            let w0 = w[0]
            for i in 0..<count { row[i] = w0 * Float(s0[i]) }
            for k in 1..<max(taps, 1) {
                let wk = w[k], sk = s0 + k * stride
                for i in 0..<count { row[i] += wk * Float(sk[i]) }
            }
        }
    }

    @inline(__always)
    private static func tap(_ row: UnsafeMutablePointer<Float>, _ i: Int, taps: Int, starts: UnsafePointer<Int32>,
                            weights: UnsafePointer<Float>) -> Float {
        let p = row + Int(starts[i])
        if taps == 4 {
            let w = weights + 4 * i
            return w[0] * p[0] + w[1] * p[1] + w[2] * p[2] + w[3] * p[3]
        }
        let w = weights + taps * i
        var sum: Float = 0
        for k in 0..<taps { sum += w[k] * p[k] }
        return sum
    }

    @inline(__always)
    private static func horizontal(_ row: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<Float>, count: Int, taps: Int,
                                   starts: UnsafePointer<Int32>, weights: UnsafePointer<Float>) {
        if taps == 4 {
            for i in 0..<count {
                let p = row + Int(starts[i])
                let w = weights + 4 * i
                out[i] = w[0] * p[0] + w[1] * p[1] + w[2] * p[2] + w[3] * p[3]
            }
        } else {
            for i in 0..<count { out[i] = tap(row, i, taps: taps, starts: starts, weights: weights) }
        }
    }

    private static func horizontalBlended(_ row: UnsafeMutablePointer<Float>, _ out: UnsafeMutablePointer<UInt8>, count: Int, taps: Int,
                                          starts: UnsafePointer<Int32>, weights: UnsafePointer<Float>,
                                          coverageX: [Float], coverageY: Float) {
        for i in 0..<count {
            let c = coverageX[i] * coverageY
            if c >= 1 {
                out[i] = quantise(tap(row, i, taps: taps, starts: starts, weights: weights))
            } else if c > 0 {
                let under = Float(out[i])
                out[i] = quantise(under + (tap(row, i, taps: taps, starts: starts, weights: weights) - under) * c)
            }
        }
    }
}

/// A filtered value rounded to the nearest 8-bit sample (ties to even), without branches: the
/// clamped value plus 1.5·2²³ holds the rounded integer in its low mantissa bits.
@inline(__always)
package func quantise(_ value: Float) -> UInt8 {
    UInt8(truncatingIfNeeded: (min(max(value, 0), 255) + 12_582_912).bitPattern)
}
