import CFreeType

/// A glyph as HarfBuzz placed it, in 26.6 pixels relative to the run's start.
struct ShapedGlyph {
    var glyph: UInt32
    var xAdvance: Int
    var xOffset: Int
    var yOffset: Int
}

/// Owns one `hb_buffer_t`, reused for every run shaped.
final class ShapingBuffer {
    private let buffer: OpaquePointer
    /// Kerning asked for explicitly (HarfBuzz turns it on by default; this says we rely on it).
    private var features: [hb_feature_t]

    init() throws {
        guard let made = hb_buffer_create(), hb_buffer_allocation_successful(made) != 0 else {
            throw TextError(operation: "hb_buffer_create")
        }
        buffer = made
        var kern = hb_feature_t()
        _ = hb_feature_from_string("kern", -1, &kern)
        features = [kern]
    }

    deinit { hb_buffer_destroy(buffer) }

    /// The glyphs of `text` in `font`, left to right, with kerning.
    func shape(_ text: String, with font: HarfBuzzFont) -> [ShapedGlyph] {
        hb_buffer_clear_contents(buffer)
        var utf8 = text
        utf8.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        font.withUnsafeFont { hb_shape($0, buffer, features, UInt32(features.count)) }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return [] }
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            glyphs.append(ShapedGlyph(glyph: infos[i].codepoint, xAdvance: Int(positions[i].x_advance),
                                      xOffset: Int(positions[i].x_offset), yOffset: Int(positions[i].y_offset)))
        }
        return glyphs
    }
}
