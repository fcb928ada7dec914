import LentaCore
import LentaMedia
import LentaPixels
import LentaText

/// An item's text as drawn over its frames: laid out once for the output size (line height =
/// size × frame height, wrapped to the title-safe width), placed inside the title-safe area,
/// drawn once with its shadow and box, then blended into each frame at the opacity its fades
/// give.
struct Caption: Sendable {
    let sprite: CaptionSprite
    /// Everything the caption draws, in the frame (before rounding out to the chroma grid).
    let block: CaptionRect
    let text: RenderedText
    let fadeIn: Double
    let fadeOut: Double

    init(_ overlay: TextOverlay, frameWidth: Int, frameHeight: Int, engine: TextEngine) {
        let style = CaptionStyle(overlay, frameHeight: frameHeight)
        let safe = CaptionRect.titleSafe(width: frameWidth, height: frameHeight)
        let maxWidth = Double(max(1, safe.width - 2 * style.horizontalMargin))
        text = engine.render(overlay.content, pixelSize: style.lineHeight, maxWidth: maxWidth, maxHeight: Double(frameHeight),
                             alignment: .centre)
        let extent = CaptionSprite.extent(of: text, style: style)
        let origin = CaptionPlacement(width: frameWidth, height: frameHeight)
            .origin(for: overlay.position ?? .anchor(.bottom), extent: extent, boxWidth: text.width, boxHeight: text.height)
        block = extent.offsetBy(x: origin.x, y: origin.y)
        sprite = CaptionSprite(text, style: style, origin: origin, frameWidth: frameWidth, frameHeight: frameHeight)
        fadeIn = overlay.fadeIn ?? 0
        fadeOut = overlay.fadeOut ?? 0
    }

    /// 0…1 at `time` seconds into a segment `length` seconds long: rising over `fadeIn` from the
    /// segment's start, falling over `fadeOut` to its end.
    func opacity(at time: Double, segmentLength length: Double) -> Double {
        var opacity = 1.0
        if fadeIn > 0 { opacity = min(opacity, time / fadeIn) }
        if fadeOut > 0 { opacity = min(opacity, (length - time) / fadeOut) }
        return max(0, min(1, opacity))
    }

    func draw(into frame: inout PlanarFrame, at time: Double, segmentLength: Double) {
        sprite.draw(into: &frame, opacity: opacity(at: time, segmentLength: segmentLength))
    }
}
