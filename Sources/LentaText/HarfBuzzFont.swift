import CFreeType

/// Owns one `hb_font_t` made from a `FontFace` (`hb_ft_font_create`): HarfBuzz's view of the
/// face for shaping. Holds the face, which must outlive it.
final class HarfBuzzFont {
    let face: FontFace
    private let font: OpaquePointer

    init(face: FontFace) throws {
        guard let made = face.withUnsafeFace({ hb_ft_font_create($0, nil) }) else {
            throw TextError(operation: "hb_ft_font_create", fontFile: face.file.description)
        }
        // Unhinted advances, as the glyphs are rasterised: positions keep their fractions.
        hb_ft_font_set_load_flags(made, Int32(FT_LOAD_NO_HINTING))
        self.face = face
        font = made
    }

    deinit { hb_font_destroy(font) }

    /// Sets the face's em size (26.6 pixels) and tells HarfBuzz it changed.
    func setEmSize(_ size26Dot6: Int) throws {
        guard size26Dot6 != face.emSize26Dot6 else { return }
        try face.setEmSize(size26Dot6)
        hb_ft_font_changed(font)
    }

    func withUnsafeFont<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T { try body(font) }
}
