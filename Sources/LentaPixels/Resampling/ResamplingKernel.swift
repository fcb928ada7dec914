/// The Catmull-Rom cubic (B = 0, C = ½): sharp, no ringing to speak of, interpolating (it passes
/// through the samples, so a still picture at scale 1 stays exactly itself).
package enum CatmullRom {
    /// The kernel at distance `x` (in source pixels), support (-2, 2).
    @inline(__always)
    package static func weight(_ x: Double) -> Double {
        let a = abs(x)
        if a < 1 { return (1.5 * a - 2.5) * a * a + 1 }
        if a < 2 { return ((-0.5 * a + 2.5) * a - 4) * a + 2 }
        return 0
    }

    /// The four weights for a sample at fractional offset `f` ∈ [0, 1) past the second tap,
    /// in Float, summing to 1 up to rounding.
    @inline(__always)
    package static func weights(_ f: Float) -> (Float, Float, Float, Float) {
        let f2 = f * f, f3 = f2 * f
        let w0 = -0.5 * f3 + f2 - 0.5 * f
        let w1 = 1.5 * f3 - 2.5 * f2 + 1
        let w2 = -1.5 * f3 + 2 * f2 + 0.5 * f
        let w3 = 0.5 * f3 - 0.5 * f2
        return (w0, w1, w2, w3)
    }
}

/// Filter taps along one axis for a run of output pixels: output pixel `i` (its centre at
/// `i + ½`) takes source coordinate `scale · (i + ½) + offset` and the weighted sum of
/// `tapCount` source samples from `start[i]`.
///
/// When minifying by more than 1.25 (`scale` > 1.25) the kernel is stretched by `scale` (a
/// prefilter: the picture is low-passed to the output's sampling rate, so fine textures do not
/// alias or shimmer). Taps
/// that fall outside the source are folded onto its edge samples, so the window always lies
/// inside and the inner loops need no bounds checks.
package struct AxisTaps {
    package let outputStart: Int
    package let count: Int
    package let tapCount: Int
    package var start: [Int32]
    package var weights: [Float]

    package static let plainCubicLimit = 1.25

    package init(outputRange: Range<Int>, scale: Double, offset: Double, sourceLength: Int) {
        outputStart = outputRange.lowerBound
        count = outputRange.count
        // Up to 1.25× smaller the cubic alone is sharp and alias-free enough (and 4 taps are
        // cheap); beyond, it is stretched to low-pass the picture to the output's sampling rate.
        let stretch = scale <= AxisTaps.plainCubicLimit ? 1 : scale
        let support = 2 * stretch
        let fullTaps = Int((2 * support - 1e-9).rounded(.up))
        let taps = min(fullTaps, sourceLength)
        tapCount = taps
        // Once per plane per frame: written through pointers, with no bounds or uniqueness checks
        // per tap (the same arithmetic as the plain loops, so the same weights).
        let count = outputRange.count
        var start = [Int32](repeating: 0, count: count)
        var weights = [Float](repeating: 0, count: count * taps)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: fullTaps) { raw in
            start.withUnsafeMutableBufferPointer { starts in
            weights.withUnsafeMutableBufferPointer { out in
                for i in 0..<count {
                    let x = Double(outputRange.lowerBound + i)
                    let p = scale * (x + 0.5) + offset - 0.5  // in sample indices
                    let first = Int((p - support).rounded(.down)) + 1
                    var total = 0.0
                    for k in 0..<fullTaps {
                        // Dividing by 1 gives the same value: skipped for the plain cubic.
                        let d = Double(first + k) - p
                        let w = CatmullRom.weight(stretch == 1 ? d : d / stretch)
                        raw[k] = w
                        total += w
                    }
                    let windowStart = min(max(first, 0), max(0, sourceLength - taps))
                    starts[i] = Int32(windowStart)
                    let base = i * taps
                    for k in 0..<fullTaps where raw[k] != 0 {
                        let j = min(max(first + k, 0), sourceLength - 1)
                        out[base + j - windowStart] += Float(raw[k] / total)
                    }
                }
            }
            }
        }
        self.start = start
        self.weights = weights
    }
}

/// One axis's taps in 16-bit fixed point for `FixedPointResampler`: `AxisTaps`' windows, their
/// weights in units of 2⁻¹⁴, each output's summing to exactly 2¹⁴ (so a flat area stays flat).
package struct FixedAxisTaps {
    package let outputStart: Int
    package let count: Int
    package let tapCount: Int
    package let start: [Int32]
    package let weights: [Int16]

    package static let one = 1 << 14

    package init(outputStart: Int, count: Int, tapCount: Int, start: [Int32], weights: [Int16]) {
        (self.outputStart, self.count, self.tapCount, self.start, self.weights) = (outputStart, count, tapCount, start, weights)
    }

    /// `taps`' weights rounded to fixed point: the reference construction, which
    /// `init(outputRange:scale:offset:sourceLength:)` gives bit for bit in one pass.
    package init(_ taps: AxisTaps) {
        outputStart = taps.outputStart
        count = taps.count
        tapCount = taps.tapCount
        start = taps.start
        let n = taps.tapCount
        var weights = [Int16](repeating: 0, count: taps.weights.count)
        taps.weights.withUnsafeBufferPointer { source in
        weights.withUnsafeMutableBufferPointer { out in
            for i in 0 ..< taps.count {
                var total = 0, largest = 0
                for k in 0 ..< n {
                    let w = source[i * n + k]
                    out[i * n + k] = Int16(clamping: Int((Double(w) * Double(Self.one)).rounded()))
                    total += Int(out[i * n + k])
                    if abs(w) > abs(source[i * n + largest]) { largest = k }
                }
                // The rounding's remainder goes to the largest tap.
                out[i * n + largest] = Int16(clamping: Int(out[i * n + largest]) + Self.one - total)
            }
        }
        }
        self.weights = weights
    }
}

/// How much of output pixels `[i, i+1)` a span `[lower, upper)` covers, for each pixel of a
/// range: 1 inside, 0 outside, a fraction on the edges (anti-aliased picture borders and wipes).
package func spanCoverage(_ range: Range<Int>, lower: Double, upper: Double) -> [Float] {
    range.map { i in
        let x = Double(i)
        return Float(max(0, min(x + 1, upper) - max(x, lower)))
    }
}
