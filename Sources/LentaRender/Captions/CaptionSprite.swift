import LentaCore
import LentaMedia
import LentaPixels
import LentaText

/// A caption drawn once, ready to blend into frames: box, shadow and letters composited into
/// premultiplied Y'CbCr with alpha, on the frame's 4:2:0 grid (left and top even), clipped to
/// the frame. Chroma carries the mean alpha of each 2×2 block.
struct CaptionSprite: Sendable {
    /// Where it goes in the frame.
    let rect: CaptionRect
    /// Per pixel: alpha 0…255, and luma × alpha × 255 (0…65025).
    let lumaAlpha: [UInt8]
    let lumaPremultiplied: [UInt16]
    /// Per chroma sample (2×2 pixels): mean alpha, and Cb, Cr × alpha × 255.
    let chromaAlpha: [UInt8]
    let cbPremultiplied: [UInt16]
    let crPremultiplied: [UInt16]

    /// Everything `text` draws with `style`, relative to the layout box's top-left.
    static func extent(of text: RenderedText, style: CaptionStyle) -> CaptionRect {
        let box = CaptionRect(left: 0, top: 0, right: Int(text.width.rounded(.up)), bottom: Int(text.height.rounded(.up)))
        let ink = CaptionRect(left: text.mask.originX, top: text.mask.originY, right: text.mask.originX + text.mask.width,
                              bottom: text.mask.originY + text.mask.height).union(box)
        var extent = ink
        if style.shadow {
            let blur = 3 * style.shadowBlurRadius, offset = style.shadowOffset
            extent = extent.union(CaptionRect(left: ink.left + offset - blur, top: ink.top + offset - blur,
                                              right: ink.right + offset + blur, bottom: ink.bottom + offset + blur))
        }
        if style.box { extent = extent.union(boxRect(around: ink, style: style)) }
        return extent
    }

    static func boxRect(around ink: CaptionRect, style: CaptionStyle) -> CaptionRect {
        CaptionRect(left: ink.left - style.boxPaddingX, top: ink.top - style.boxPaddingY,
                    right: ink.right + style.boxPaddingX, bottom: ink.bottom + style.boxPaddingY)
    }

    /// - Parameters:
    ///   - origin: the layout box's top-left in the frame.
    init(_ text: RenderedText, style: CaptionStyle, origin: (x: Int, y: Int), frameWidth: Int, frameHeight: Int) {
        let extent = Self.extent(of: text, style: style).offsetBy(x: origin.x, y: origin.y)
        // On the chroma grid: start at even pixels, whole 2×2 blocks, inside the frame.
        let rect = CaptionRect(left: max(0, extent.left & ~1), top: max(0, extent.top & ~1),
                               right: min(frameWidth, (extent.right + 1) & ~1), bottom: min(frameHeight, (extent.bottom + 1) & ~1))
        self.rect = rect
        let width = max(0, rect.width), height = max(0, rect.height)
        let mask = text.mask
        let ink = CaptionRect(left: mask.originX, top: mask.originY, right: mask.originX + mask.width, bottom: mask.originY + mask.height)
            .union(CaptionRect(left: 0, top: 0, right: Int(text.width.rounded(.up)), bottom: Int(text.height.rounded(.up))))
        let box = Self.boxRect(around: ink, style: style)
        let shadow = style.shadow ? SoftShadow(mask, radius: style.shadowBlurRadius) : nil
        let black = YUVColour.black, colour = style.textColour

        // Layers bottom to top (box, shadow, letters), composited "over" in premultiplied form.
        var alpha = [Double](repeating: 0, count: width * height)
        var planes = [[Double]](repeating: [Double](repeating: 0, count: width * height), count: 3)
        func over(_ i: Int, _ a: Double, _ c: YUVColour) {
            guard a > 0 else { return }
            let keep = 1 - a
            planes[0][i] = Double(c.y) * a + planes[0][i] * keep
            planes[1][i] = Double(c.u) * a + planes[1][i] * keep
            planes[2][i] = Double(c.v) * a + planes[2][i] * keep
            alpha[i] = a + alpha[i] * keep
        }
        for row in 0..<height {
            let ly = rect.top + row - origin.y
            for column in 0..<width {
                let lx = rect.left + column - origin.x, i = row * width + column
                if style.box, lx >= box.left, lx < box.right, ly >= box.top, ly < box.bottom {
                    over(i, CaptionStyle.boxOpacity, black)
                }
                if let shadow {
                    over(i, shadow.alpha(x: lx - style.shadowOffset - mask.originX, y: ly - style.shadowOffset - mask.originY)
                         * CaptionStyle.shadowOpacity, black)
                }
                let mx = lx - mask.originX, my = ly - mask.originY
                if mx >= 0, mx < mask.width, my >= 0, my < mask.height {
                    over(i, Double(mask.alpha[my * mask.width + mx]) / 255 * style.textOpacity, colour)
                }
            }
        }

        func quantised(_ value: Double) -> UInt16 { UInt16(max(0, min(65025, (value * 255).rounded()))) }
        lumaAlpha = alpha.map { UInt8(max(0, min(255, ($0 * 255).rounded()))) }
        lumaPremultiplied = planes[0].map(quantised)
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        var meanAlpha = [UInt8](repeating: 0, count: chromaWidth * chromaHeight)
        var cb = [UInt16](repeating: 0, count: chromaWidth * chromaHeight), cr = cb
        for row in 0..<chromaHeight {
            for column in 0..<chromaWidth {
                var a = 0.0, u = 0.0, v = 0.0, n = 0.0
                for dy in 0..<2 where 2 * row + dy < height {
                    for dx in 0..<2 where 2 * column + dx < width {
                        let i = (2 * row + dy) * width + 2 * column + dx
                        a += alpha[i]; u += planes[1][i]; v += planes[2][i]; n += 1
                    }
                }
                let c = row * chromaWidth + column
                meanAlpha[c] = UInt8(max(0, min(255, (a / n * 255).rounded())))
                cb[c] = quantised(u / n)
                cr[c] = quantised(v / n)
            }
        }
        chromaAlpha = meanAlpha
        cbPremultiplied = cb
        crPremultiplied = cr
    }

    /// Blends into `frame` at `opacity` (0…1), touching only `rect`.
    func draw(into frame: inout PlanarFrame, opacity: Double) {
        let o = Int((max(0, min(1, opacity)) * 256).rounded())
        let width = rect.width, height = rect.height
        guard o > 0, width > 0, height > 0 else { return }
        PremultipliedBlend.blend(&frame.y, stride: frame.width, left: rect.left, top: rect.top, width: width, height: height,
                   alpha: lumaAlpha, premultiplied: lumaPremultiplied, opacity: o)
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        PremultipliedBlend.blend(&frame.u, stride: frame.chromaWidth, left: rect.left / 2, top: rect.top / 2, width: chromaWidth,
                   height: chromaHeight, alpha: chromaAlpha, premultiplied: cbPremultiplied, opacity: o)
        PremultipliedBlend.blend(&frame.v, stride: frame.chromaWidth, left: rect.left / 2, top: rect.top / 2, width: chromaWidth,
                   height: chromaHeight, alpha: chromaAlpha, premultiplied: crPremultiplied, opacity: o)
    }
}
