import Foundation
import LentaCore

/// A look recipe (`LookRecipe`) as a function on gamma-encoded R'G'B', in the recipe's order:
/// its adjustments, the tone curve on each channel, mono, the split tone, then the fade.
package struct LookGrade: Sendable {
    package let adjust: ToneAndColour
    package let curve: MonotoneCurve?
    package let mono: Bool
    /// Chroma offsets (zero luma) for the dark and bright tones, already scaled by amount.
    package let shadowTint: SIMD3<Double>
    package let highlightTint: SIMD3<Double>
    package let fade: Double

    /// How far a split tone of amount 1 moves a colour towards its hue, in R'G'B'.
    package static let splitToneStrength = 0.25

    package init(_ recipe: LookRecipe) {
        adjust = ToneAndColour(recipe.adjust)
        curve = recipe.curve.map { MonotoneCurve(points: $0.map { (x: $0.x, y: $0.y) }) }
        mono = recipe.mono ?? false
        shadowTint = recipe.splitTone?.shadows.map(Self.offset) ?? .zero
        highlightTint = recipe.splitTone?.highlights.map(Self.offset) ?? .zero
        fade = recipe.fade ?? 0
    }

    /// The fully saturated colour of `tint.hue` less its luma, scaled by its amount.
    package static func offset(_ tint: LookRecipe.Tint) -> SIMD3<Double> {
        let h = (tint.hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 60
        func channel(_ n: Double) -> Double {
            let k = (n + h).truncatingRemainder(dividingBy: 6)
            return 1 - max(0, min(k, 4 - k, 1))
        }
        let rgb = SIMD3(channel(5), channel(3), channel(1))
        return (rgb - BT709Transfer.luma(rgb)) * tint.amount * splitToneStrength
    }

    package func apply(_ encoded: SIMD3<Double>) -> SIMD3<Double> {
        var rgb = adjust.isNeutral ? encoded : adjust.apply(encoded)
        if let curve { rgb = SIMD3(curve(rgb.x), curve(rgb.y), curve(rgb.z)) }
        if mono { rgb = SIMD3(repeating: BT709Transfer.luma(rgb)) }
        if shadowTint != .zero || highlightTint != .zero {
            let luma = BT709Transfer.luma(rgb)
            rgb += shadowTint * ToneAndColour.shadowMask(luma) + highlightTint * ToneAndColour.highlightMask(luma)
        }
        if fade != 0 { rgb = fade + (1 - fade) * rgb }
        return rgb
    }
}
