/// `FixedAxisTaps` built without `AxisTaps` in between, for the per-frame placements: every frame of a
/// Ken Burns zoom has a scale of its own, so each frame builds its four tables (two axes, luma and
/// chroma) afresh. Up to `AxisTaps.plainCubicLimit` (4 taps, no stretch), outputs whose window
/// lies inside the source take the same arithmetic as `AxisTaps` and `init(_:)` in the same order,
/// four outputs at a time and without branches; the other outputs (edges, stretched kernels) go
/// through the reference construction itself. The weights are the reference's bit for bit
/// (`FixedAxisTapsTests`); 1.6–1.7× faster for a 1080p frame's tables.
extension FixedAxisTaps {
    package init(outputRange: Range<Int>, scale: Double, offset: Double, sourceLength: Int) {
        guard scale <= AxisTaps.plainCubicLimit, sourceLength >= 4 else {
            self.init(AxisTaps(outputRange: outputRange, scale: scale, offset: offset, sourceLength: sourceLength))
            return
        }
        typealias D4 = SIMD4<Double>
        let count = outputRange.count
        var start = [Int32](repeating: 0, count: count)
        var weights = [Int16](repeating: 0, count: 4 * count)
        let lastStart = sourceLength - 4
        start.withUnsafeMutableBufferPointer { starts in
        weights.withUnsafeMutableBufferPointer { out in
            var i = 0
            while i < count {
                // Output i + l takes source coordinate p[l]. Lanes past the end are not stored; their
                // window follows their own p, so their weights are a window's (summing to 1), never 0 / 0.
                let valid = min(4, count - i)
                let x = D4(repeating: Double(outputRange.lowerBound + i)) + D4(0, 1, 2, 3)
                let p = scale * (x + 0.5) + offset - 0.5
                let below = p - 2
                let t = Self.truncated(below)  // first = floor(below) + 1
                let first = t &+ SIMD4<Int64>(repeating: 1).replacing(with: 0, where: D4(t) .> below)
                var edge = false
                for l in 0 ..< valid where first[l] < 0 || first[l] > lastStart { edge = true }
                if edge {
                    for l in 0 ..< valid {
                        let j = outputRange.lowerBound + i + l
                        let one = FixedAxisTaps(AxisTaps(outputRange: j ..< j + 1, scale: scale, offset: offset, sourceLength: sourceLength))
                        starts[i + l] = one.start[0]
                        for k in 0 ..< 4 { out[4 * (i + l) + k] = one.weights[k] }
                    }
                    i += 4
                    continue
                }
                // Inside the source each tap's distance is known: |d| in [1, 2) for the outer
                // two, [0, 1) for the inner two (exactly 1 or 2 gives 0 by either piece), so
                // each piece of `CatmullRom.weight` runs without its branches: the same values.
                let f = D4(first)
                let a0 = p - f, a1 = p - (f + 1), a2 = (f + 2) - p, a3 = (f + 3) - p
                let w0 = ((-0.5 * a0 + 2.5) * a0 - 4) * a0 + 2
                let w1 = (1.5 * a1 - 2.5) * a1 * a1 + 1
                let w2 = (1.5 * a2 - 2.5) * a2 * a2 + 1
                let w3 = ((-0.5 * a3 + 2.5) * a3 - 4) * a3 + 2
                let total = w0 + w1 + w2 + w3
                let f0 = SIMD4<Float>(w0 / total), f1 = SIMD4<Float>(w1 / total)
                let f2 = SIMD4<Float>(w2 / total), f3 = SIMD4<Float>(w3 / total)
                var q0 = Self.quantised(f0), q1 = Self.quantised(f1), q2 = Self.quantised(f2), q3 = Self.quantised(f3)
                let remainder = SIMD4<Int64>(repeating: Int64(Self.one)) &- (q0 &+ q1 &+ q2 &+ q3)
                // The remainder goes to the first of the largest taps, as `init(_:)` gives it.
                let m0 = Self.magnitude(f0), n1 = Self.magnitude(f1), n2 = Self.magnitude(f2), n3 = Self.magnitude(f3)
                var top = m0, taken = SIMD4<Int32>(repeating: 0)
                let m1 = n1 .> top; taken.replace(with: 1, where: m1); top.replace(with: n1, where: m1)
                let m2 = n2 .> top; taken.replace(with: 2, where: m2); top.replace(with: n2, where: m2)
                let m3 = n3 .> top; taken.replace(with: 3, where: m3)
                let largest = SIMD4<Int64>(truncatingIfNeeded: taken)
                q0 &+= remainder.replacing(with: 0, where: largest .!= 0)
                q1 &+= remainder.replacing(with: 0, where: largest .!= 1)
                q2 &+= remainder.replacing(with: 0, where: largest .!= 2)
                q3 &+= remainder.replacing(with: 0, where: largest .!= 3)
                for l in 0 ..< valid {
                    starts[i + l] = Int32(truncatingIfNeeded: first[l])
                    let o = 4 * (i + l)
                    out[o] = Int16(clamping: q0[l]); out[o + 1] = Int16(clamping: q1[l])
                    out[o + 2] = Int16(clamping: q2[l]); out[o + 3] = Int16(clamping: q3[l])
                }
                i += 4
            }
        }
        }
        self.init(outputStart: outputRange.lowerBound, count: count, tapCount: 4, start: start, weights: weights)
    }

    /// Each lane converted toward zero (a `cvttsd2si` each: the generic SIMD conversion is slow).
    @inline(__always)
    private static func truncated(_ v: SIMD4<Double>) -> SIMD4<Int64> { SIMD4(Int64(v[0]), Int64(v[1]), Int64(v[2]), Int64(v[3])) }

    @inline(__always)
    private static func magnitude(_ v: SIMD4<Float>) -> SIMD4<Float> { v.replacing(with: -v, where: v .< 0) }

    /// Weights in units of 2⁻¹⁴, rounded half away from zero as `rounded()` rounds (exact: `w · 2¹⁴`
    /// has 24 significant bits, and so has its sum with ½ unless it is below ½), kept in Int16's range.
    @inline(__always)
    private static func quantised(_ w: SIMD4<Float>) -> SIMD4<Int64> {
        let v = SIMD4<Double>(w) * Double(one)
        let half = SIMD4<Double>(repeating: 0.5).replacing(with: -0.5, where: v .< 0)
        // Clamped by masks: `clamped(lowerBound:upperBound:)` was a call to the generic
        // `pointwiseMin` and `pointwiseMax` per four weights (0.3 % of a 1080p render's samples).
        var q = truncated(v + half)
        q.replace(with: Int64(Int16.min), where: q .< Int64(Int16.min))
        q.replace(with: Int64(Int16.max), where: q .> Int64(Int16.max))
        return q
    }
}
