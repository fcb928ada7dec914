import Foundation
import LentaCore

/// An item's `adjust` (and a look recipe's same-named controls) as a function on gamma-encoded
/// BT.709 R'G'B':
///
/// 1. in linear light: exposure (2^stops) and white balance (`WhiteBalance`), then shadows and
///    highlights as gains on all three channels alike (so hue stays), weighted by smooth masks
///    of the pixel's luma: shadows up to ±1.5 stops on dark tones, highlights up to ±1 stop on
///    bright ones; then a shoulder brings anything brightened past white smoothly back to 1;
/// 2. encoded: contrast, an S-curve about mid-grey (`ToneShapes.contrast`);
/// 3. saturation: chroma scaled about luma, R'G'B' = Y' + s·(R'G'B' − Y'), which keeps the
///    Cb:Cr ratio and so the hue angle exactly.
package struct ToneAndColour: Sendable {
    package let gains: SIMD3<Double>
    package let shadows: Double
    package let highlights: Double
    /// Per channel, the brightest the linear stage can make white: where the shoulder maps to 1.
    package let peak: SIMD3<Double>
    package let contrast: Double
    package let saturation: Double
    package let isNeutral: Bool
    package let isLinearStageNeutral: Bool

    package static let shadowStops = 1.5
    package static let highlightStops = 1.0

    package init(_ adjust: Adjustments) {
        let exposure = adjust.exposure ?? 0
        let whiteBalance = WhiteBalance.gains(temperature: adjust.temperature ?? 0, tint: adjust.tint ?? 0)
        gains = pow(2, exposure) * whiteBalance
        shadows = adjust.shadows ?? 0
        highlights = adjust.highlights ?? 0
        peak = gains * pow(2, max(0, highlights) * Self.highlightStops)
        contrast = adjust.contrast ?? 1
        saturation = adjust.saturation ?? 1
        isLinearStageNeutral = gains == SIMD3(repeating: 1) && shadows == 0 && highlights == 0
        isNeutral = isLinearStageNeutral && contrast == 1 && saturation == 1
    }

    /// Dark tones: 1 at black, 0 from encoded luma 0.6 up.
    package static func shadowMask(_ luma: Double) -> Double {
        let m = 1 - ToneShapes.smoothstep(0, 0.6, luma)
        return m * m
    }

    /// Bright tones: 0 up to encoded luma 0.35, 1 at white.
    package static func highlightMask(_ luma: Double) -> Double {
        let m = ToneShapes.smoothstep(0.35, 1, luma)
        return m * m
    }

    package func apply(_ encoded: SIMD3<Double>) -> SIMD3<Double> {
        var rgb = encoded
        if !isLinearStageNeutral {
            // Light below black (the negative channel of a colour outside the gamut, as a
            // saturated red's green is in Y'CbCr) is no light: exposure, white balance and the
            // shoulder act on the light there is and leave the rest as it was. Multiplying it too
            // pushed that channel further below black while the shoulder held the bright one at
            // white, so more light made saturated colours darker (issue 13).
            let decoded = BT709Transfer.decode(rgb)
            let belowBlack = pointwiseMin(decoded, .zero)
            var linear = pointwiseMax(decoded, .zero) * gains
            if shadows != 0 || highlights != 0 {
                let luma = BT709Transfer.encode(BT709Transfer.luma(linear))
                let stops = shadows * Self.shadowStops * Self.shadowMask(luma) + highlights * Self.highlightStops * Self.highlightMask(luma)
                linear *= pow(2, stops)
            }
            linear = SIMD3(ToneShapes.shoulder(linear.x, peak: peak.x), ToneShapes.shoulder(linear.y, peak: peak.y),
                           ToneShapes.shoulder(linear.z, peak: peak.z))
            rgb = BT709Transfer.encode(linear + belowBlack)
        }
        if contrast != 1 {
            let p = BT709Transfer.midGrey
            rgb = SIMD3(ToneShapes.contrast(rgb.x, contrast, pivot: p), ToneShapes.contrast(rgb.y, contrast, pivot: p),
                        ToneShapes.contrast(rgb.z, contrast, pivot: p))
        }
        if saturation != 1 {
            let luma = BT709Transfer.luma(rgb)
            rgb = luma + saturation * (rgb - luma)
        }
        return rgb
    }
}
