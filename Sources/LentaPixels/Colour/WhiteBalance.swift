import Foundation

/// White-balance gains on linear BT.709 RGB for `temperature` and `tint`, normalised so that
/// luminance is unchanged.
///
/// Temperature moves the light along the Planckian locus: +1 tints the picture as if lit by
/// a light 100 mired warmer than D65 (about 3900 K), −1 by one 100 mired cooler (about 18 600 K).
/// The gains are the linear RGB of that black body over the RGB of one at 6504 K, so 0 is
/// exactly neutral. Tint scales green against red and blue: +1 is half a stop towards magenta.
package enum WhiteBalance {
    package static let miredPerUnit = 100.0
    package static let tintStops = 0.5
    package static let neutralKelvin = 6504.0

    package static func gains(temperature: Double, tint: Double) -> SIMD3<Double> {
        var gains = SIMD3<Double>(repeating: 1)
        if temperature != 0 {
            let mired = 1e6 / neutralKelvin + temperature * miredPerUnit
            let kelvin = min(25_000, max(1667, 1e6 / mired))
            gains = blackBodyRGB(kelvin) / blackBodyRGB(neutralKelvin)
        }
        if tint != 0 {
            let half = pow(2, tintStops * tint / 2)
            gains *= SIMD3(half, 1 / half, half)
        }
        return gains / BT709Transfer.luma(gains)
    }

    /// The linear BT.709 RGB of a black body (luminance 1), from Kim et al.'s fit of the
    /// Planckian locus' chromaticity (1667…25 000 K).
    package static func blackBodyRGB(_ t: Double) -> SIMD3<Double> {
        let t2 = t * t, t3 = t2 * t
        let x = t <= 4000
            ? -0.2661239e9 / t3 - 0.2343589e6 / t2 + 0.8776956e3 / t + 0.179910
            : -3.0258469e9 / t3 + 2.1070379e6 / t2 + 0.2226347e3 / t + 0.240390
        let x2 = x * x, x3 = x2 * x
        let y: Double
        if t <= 2222 {
            y = -1.1063814 * x3 - 1.34811020 * x2 + 2.18555832 * x - 0.20219683
        } else if t <= 4000 {
            y = -0.9549476 * x3 - 1.37418593 * x2 + 2.09137015 * x - 0.16748867
        } else {
            y = 3.0817580 * x3 - 5.87338670 * x2 + 3.75112997 * x - 0.37001483
        }
        let X = x / y, Y = 1.0, Z = (1 - x - y) / y
        return SIMD3(3.2404542 * X - 1.5371385 * Y - 0.4985314 * Z,
                     -0.9692660 * X + 1.8760108 * Y + 0.0415560 * Z,
                     0.0556434 * X - 0.2040259 * Y + 1.0572252 * Z)
    }
}
