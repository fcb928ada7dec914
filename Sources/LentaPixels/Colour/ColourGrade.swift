import Foundation
import LentaCore

/// All of an item's colour work as one function on gamma-encoded BT.709 R'G'B' (0…1 in
/// gamut): its `adjust` (`ToneAndColour`), then its look (a recipe or a `.cube` file).
///
/// The result is brought back into gamut by moving it towards its own luma (keeping luma and
/// hue, giving up only chroma) until each channel is within [min(0, in), max(1, in)]: an
/// in-gamut colour ends in 0…1, while an out-of-gamut input (a corner of the Y'CbCr table no
/// pixel reaches) may stay as far out as it was, so interpolating between such corners cannot
/// bend an identity.
public struct ColourGrade: Sendable {
    package let adjust: ToneAndColour?
    package let look: Look?

    package enum Look: Sendable {
        case recipe(LookGrade)
        case cube(CubeFile)
    }

    public init(adjust: Adjustments?, look: ItemLook?) {
        let tone = adjust.map(ToneAndColour.init)
        self.adjust = tone?.isNeutral == false ? tone : nil
        switch look {
        case .recipe(_, let recipe)?: self.look = .recipe(LookGrade(recipe))
        case .cube(_, let file)?: self.look = .cube(file)
        case nil: self.look = nil
        }
    }

    /// True when the grade changes nothing, so no table need be built.
    public var isIdentity: Bool { adjust == nil && look == nil }

    public func apply(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        var out = rgb
        if let adjust { out = adjust.apply(out) }
        switch look {
        case .recipe(let grade)?: out = grade.apply(out)
        case .cube(let file)?: out = file.lookUp(out)
        case nil: break
        }
        return Self.intoGamut(out, low: pointwiseMin(rgb, .zero), high: pointwiseMax(rgb, .one))
    }

    package static func intoGamut(_ rgb: SIMD3<Double>, low: SIMD3<Double>, high: SIMD3<Double>) -> SIMD3<Double> {
        ColourSpaces.intoGamut(rgb, low: low, high: high)
    }
}
