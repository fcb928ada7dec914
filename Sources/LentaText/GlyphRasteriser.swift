import LentaCore

/// Draws shaped lines into one `AlphaMask` with FreeType (antialiased, unhinted, each glyph at
/// its fractional position). The same lines give the same mask every time. Use under
/// `TextEngine`'s lock.
struct GlyphRasteriser {
    /// Em size of the faces, 26.6 pixels.
    var emSize: Int

    /// A mask covering the layout box (`boxWidth` × `boxHeight` pixels, origin its top-left)
    /// and any ink outside it (the mask's origin then says how far out it reaches).
    /// - Parameters:
    ///   - starts: each line's start from the box's left edge, 26.6 pixels.
    ///   - baselines: each line's baseline from the box's top, pixels.
    func mask(of lines: [ShapedLine], starts: [Int], baselines: [Int], boxWidth: Int, boxHeight: Int) -> AlphaMask {
        var placed: [(bitmap: GlyphBitmap, x: Int, y: Int)] = []
        var left = 0, top = 0, right = boxWidth, bottom = boxHeight
        for (k, line) in lines.enumerated() {
            for glyph in line.glyphs {
                let x = starts[k] + glyph.x, y = glyph.y
                // Whole pixels by flooring (>> 6), the rest moves the outline before rendering.
                guard (try? glyph.font.setEmSize(emSize)) != nil,
                      let bitmap = try? glyph.font.face.render(glyph: glyph.glyph, dx: x & 63, dy: y & 63),
                      bitmap.width > 0, bitmap.height > 0 else { continue }
                let px = (x >> 6) + bitmap.left, py = baselines[k] - (y >> 6) - bitmap.top
                placed.append((bitmap, px, py))
                left = min(left, px); top = min(top, py)
                right = max(right, px + bitmap.width); bottom = max(bottom, py + bitmap.height)
            }
        }
        let width = right - left, height = bottom - top
        guard width > 0, height > 0 else { return AlphaMask(width: 0, height: 0) }
        var alpha = [UInt8](repeating: 0, count: width * height)
        for (bitmap, px, py) in placed {
            for row in 0..<bitmap.height {
                let target = (py - top + row) * width + (px - left)
                let source = row * bitmap.width
                for column in 0..<bitmap.width {
                    // Overlapping glyphs (marks, tight kerning) take the stronger coverage.
                    alpha[target + column] = max(alpha[target + column], bitmap.alpha[source + column])
                }
            }
        }
        return AlphaMask(width: width, height: height, alpha: alpha, originX: left, originY: top)
    }
}
