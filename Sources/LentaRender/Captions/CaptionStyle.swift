import LentaCore
import LentaMedia
import LentaPixels

/// How a caption looks beyond its words, in proportion to its line height so a caption looks
/// the same at any output size.
struct CaptionStyle {
    /// Line height in pixels.
    var lineHeight: Double
    var colour: ProjectColour
    var shadow: Bool
    var box: Bool

    init(_ text: TextOverlay, frameHeight: Int) {
        lineHeight = (text.size ?? TextOverlay.defaultSize) * Double(frameHeight)
        colour = text.colour ?? .white
        shadow = text.shadow ?? true
        box = text.box ?? false
    }

    /// Black behind the text at these opacities: dark enough to read over snow, light enough to
    /// see the picture through.
    static let shadowOpacity = 0.6
    static let boxOpacity = 0.5

    /// The shadow falls down and right, softened by three box blurs of `shadowBlurRadius`.
    var shadowOffset: Int { max(1, Int((lineHeight * 0.04).rounded())) }
    var shadowBlurRadius: Int { max(1, Int((lineHeight * 0.03).rounded())) }
    /// How far the blurred shadow reaches beyond the letters.
    var shadowSpread: Int { shadowOffset + 3 * shadowBlurRadius }

    var boxPaddingX: Int { Int((lineHeight * 0.35).rounded()) }
    var boxPaddingY: Int { Int((lineHeight * 0.15).rounded()) }

    /// What the caption adds to the text's width on each side (box padding or shadow), so the
    /// text wraps to a width at which all of it fits the title-safe area.
    var horizontalMargin: Int {
        max(box ? boxPaddingX : 0, shadow ? shadowSpread : 0) + Int((lineHeight * 0.1).rounded(.up))
    }

    var textColour: YUVColour { YUVColour(red: colour.red, green: colour.green, blue: colour.blue) }
    var textOpacity: Double { Double(colour.alpha) / 255 }
}
