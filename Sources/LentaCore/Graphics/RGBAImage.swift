/// A picture as 8-bit sRGB-encoded red, green, blue and straight (not premultiplied) alpha,
/// row-major: what maps and title cards are drawn on before they become video frames or PNGs.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A per pixel.
    public var pixels: [UInt8]

    /// A picture of one colour (alpha 255 unless said).
    public init(width: Int, height: Int, red: UInt8 = 0, green: UInt8 = 0, blue: UInt8 = 0, alpha: UInt8 = 255) {
        precondition(width > 0 && height > 0, "a picture has a size")
        self.width = width
        self.height = height
        var p = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: p.count, by: 4) {
            p[i] = red; p[i + 1] = green; p[i + 2] = blue; p[i + 3] = alpha
        }
        pixels = p
    }

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "pixels match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Paints `colour` through `mask` placed at (x, y) (the mask's origin is added), with
    /// `opacity` (0…1) over what is there ("source over", blended in the encoded values as
    /// video titling does). Colours are exact over an opaque picture, which is what lenta draws on.
    public mutating func draw(_ mask: AlphaMask, atX x: Int, y: Int, red: UInt8, green: UInt8, blue: UInt8, opacity: Double = 1) {
        let left = x + mask.originX, top = y + mask.originY
        let o = Int((max(0, min(1, opacity)) * 256).rounded())
        guard o > 0, !mask.isEmpty else { return }
        let colour = (Int(red), Int(green), Int(blue))
        // Clipped to the picture: a mask wholly outside it (text below the frame) draws nothing.
        guard let rows = Self.overlap(offset: top, length: mask.height, within: height),
              let columns = Self.overlap(offset: left, length: mask.width, within: width) else { return }
        pixels.withUnsafeMutableBufferPointer { p in
            for my in rows {
                let row = (top + my) * width
                for mx in columns {
                    let a = Int(mask.alpha[my * mask.width + mx]) * o   // 0…255·256
                    guard a > 0 else { continue }
                    let i = (row + left + mx) * 4
                    // Straight alpha "over": out = src·a + dst·(1 − a); alpha likewise.
                    let inv = 255 * 256 - a
                    p[i] = UInt8((colour.0 * a + Int(p[i]) * inv + 32640) / 65280)
                    p[i + 1] = UInt8((colour.1 * a + Int(p[i + 1]) * inv + 32640) / 65280)
                    p[i + 2] = UInt8((colour.2 * a + Int(p[i + 2]) * inv + 32640) / 65280)
                    p[i + 3] = UInt8((255 * a + Int(p[i + 3]) * inv + 32640) / 65280)
                }
            }
        }
    }

    /// Lays `picture` over this one with its top-left at (x, y), by its alpha ("source over";
    /// exact over an opaque picture).
    public mutating func place(_ picture: RGBAImage, atX x: Int, y: Int) {
        guard let rows = Self.overlap(offset: y, length: picture.height, within: height),
              let columns = Self.overlap(offset: x, length: picture.width, within: width) else { return }
        pixels.withUnsafeMutableBufferPointer { p in
            picture.pixels.withUnsafeBufferPointer { q in
                for row in rows {
                    for column in columns {
                        let s = (row * picture.width + column) * 4, d = ((y + row) * width + x + column) * 4
                        let a = Int(q[s + 3])
                        if a == 255 {
                            p[d] = q[s]; p[d + 1] = q[s + 1]; p[d + 2] = q[s + 2]; p[d + 3] = 255
                        } else if a > 0 {
                            for c in 0..<3 { p[d + c] = UInt8((Int(q[s + c]) * a + Int(p[d + c]) * (255 - a) + 127) / 255) }
                            p[d + 3] = UInt8(a + (Int(p[d + 3]) * (255 - a) + 127) / 255)
                        }
                    }
                }
            }
        }
    }

    /// The indices `0..<length` of something placed at `offset` that fall inside `0..<extent`;
    /// nil when none do (placed wholly before or after it).
    static func overlap(offset: Int, length: Int, within extent: Int) -> Range<Int>? {
        let first = max(0, -offset)
        let (end, overflow) = extent.subtractingReportingOverflow(offset)
        let last = overflow ? (offset < 0 ? length : 0) : min(length, end)
        return first < last ? first..<last : nil
    }
}
