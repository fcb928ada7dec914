/// A glyph placed on a line: its font, its id, and its pen position in 26.6 pixels from the
/// line's start on the baseline (x right, y up).
struct PlacedGlyph {
    let font: HarfBuzzFont
    let glyph: UInt32
    let x: Int
    let y: Int
}

/// One line shaped: its glyphs and its advance (26.6 pixels).
struct ShapedLine {
    var glyphs: [PlacedGlyph] = []
    var advance = 0
}

/// Shapes lines with HarfBuzz, kerning on, splitting a line into runs by font where a
/// character needs a fallback. Use under `TextEngine`'s lock.
final class TextShaper {
    let fonts: FontLibrary
    private let buffer: ShapingBuffer

    init(fonts: FontLibrary) throws {
        self.fonts = fonts
        buffer = try ShapingBuffer()
    }

    /// `text` shaped at the em size `emSize` (26.6 pixels). Characters no font has are skipped
    /// (the caller has taken them out already), and glyph 0 (.notdef, "tofu") is never placed.
    func shape(_ text: String, weight: FontWeight, emSize: Int) -> ShapedLine {
        var runs: [(font: HarfBuzzFont, text: String)] = []
        for character in text {
            guard let font = fonts.font(for: character, weight: weight) else { continue }
            if let last = runs.indices.last, runs[last].font === font {
                runs[last].text.append(character)
            } else {
                runs.append((font, String(character)))
            }
        }
        var line = ShapedLine()
        for run in runs {
            guard (try? run.font.setEmSize(emSize)) != nil else { continue }
            for glyph in buffer.shape(run.text, with: run.font) {
                if glyph.glyph != 0 {
                    line.glyphs.append(PlacedGlyph(font: run.font, glyph: glyph.glyph, x: line.advance + glyph.xOffset, y: glyph.yOffset))
                }
                line.advance += glyph.xAdvance
            }
        }
        return line
    }
}
