/// The smooth shapes the tone controls are built from. Each is monotone, so a gradient stays
/// a gradient, and defined beyond 0…1 (out-of-gamut colours pass through a grade too).
package enum ToneShapes {
    /// 0 below `a`, 1 above `b`, a smooth cubic between.
    package static func smoothstep(_ a: Double, _ b: Double, _ x: Double) -> Double {
        let t = min(1, max(0, (x - a) / (b - a)))
        return t * t * (3 - 2 * t)
    }

    /// Contrast `k` about `pivot` on an encoded value. Up to 1 a straight line through the
    /// pivot (0 is flat grey); above it a cubic S that keeps 0 and 1 where they are, has slope
    /// `k` at the pivot and `2 − k` at the ends (monotone for k ≤ 2), so nothing clips hard.
    package static func contrast(_ x: Double, _ k: Double, pivot p: Double) -> Double {
        if k <= 1 { return p + k * (x - p) }
        let endSlope = 2 - k
        if x <= 0 { return x * endSlope }
        if x >= 1 { return 1 + (x - 1) * endSlope }
        if x <= p {
            // u from 0 (black) to 1 (pivot); the curve's slopes in u are endSlope and k.
            let u = x / p
            return p * hermite(u, startSlope: endSlope, endSlope: k)
        }
        let u = (1 - x) / (1 - p)
        return 1 - (1 - p) * hermite(u, startSlope: endSlope, endSlope: k)
    }

    /// The cubic on [0, 1] from 0 to 1 with the given end slopes.
    package static func hermite(_ u: Double, startSlope a: Double, endSlope b: Double) -> Double {
        let u2 = u * u, u3 = u2 * u
        return a * (u3 - 2 * u2 + u) + b * (u3 - u2) + (3 * u2 - 2 * u3)
    }

    /// A highlight shoulder on linear light: values up to `knee` unchanged, `knee…peak`
    /// brought smoothly into `knee…1` (slope 1 at the knee), so a brightened white reaches 1
    /// without a hard clip. Identity when `peak` ≤ 1.
    package static let knee = 0.8
    package static func shoulder(_ x: Double, peak: Double) -> Double {
        guard peak > 1, x > knee else { return x }
        let t = x - knee, room = 1 - knee, span = peak - knee
        return knee + t / (1 + t * (1 / room - 1 / span))
    }
}
