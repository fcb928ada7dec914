import Foundation

/// The BT.709 transfer function between scene-linear light and gamma-encoded R'G'B'.
/// Values outside 0…1 (out-of-gamut colours on the way through a grade) extend the curve:
/// mirrored below 0 and the power law continued above 1, so decode(encode(x)) == x everywhere.
package enum BT709Transfer {
    package static let alpha = 1.099
    package static let beta = 0.018
    package static let linearSlope = 4.5
    /// Where the encoded curve leaves its linear segment: 4.5 × 0.018.
    package static let encodedKnee = 0.081

    /// Linear light → R'G'B'.
    package static func encode(_ linear: Double) -> Double {
        let x = abs(linear)
        let e = x < beta ? linearSlope * x : alpha * pow(x, 0.45) - (alpha - 1)
        return linear < 0 ? -e : e
    }

    /// R'G'B' → linear light.
    package static func decode(_ encoded: Double) -> Double {
        let e = abs(encoded)
        let x = e < encodedKnee ? e / linearSlope : pow((e + (alpha - 1)) / alpha, 1 / 0.45)
        return encoded < 0 ? -x : x
    }

    package static func encode(_ rgb: SIMD3<Double>) -> SIMD3<Double> { SIMD3(encode(rgb.x), encode(rgb.y), encode(rgb.z)) }
    package static func decode(_ rgb: SIMD3<Double>) -> SIMD3<Double> { SIMD3(decode(rgb.x), decode(rgb.y), decode(rgb.z)) }

    /// BT.709 luma (of R'G'B') or luminance (of linear RGB): the same weights.
    package static func luma(_ rgb: SIMD3<Double>) -> Double { 0.2126 * rgb.x + 0.7152 * rgb.y + 0.0722 * rgb.z }

    /// Mid-grey (18 % reflectance) encoded: the pivot of contrast.
    package static let midGrey = encode(0.18)
}
