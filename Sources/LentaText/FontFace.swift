import CFreeType

/// Owns one `FT_Face`: a font file opened with FreeType, at one pixel size at a time.
/// Not thread-safe (FreeType faces are not); `FontLibrary` serialises all use.
final class FontFace {
    let file: FontFile
    /// Keeps the library alive for as long as the face.
    private let library: FreeTypeLibrary
    private let face: FT_Face
    /// The em size set last, in 26.6 pixels.
    private(set) var emSize26Dot6: Int = 0

    init(file: FontFile, library: FreeTypeLibrary) throws {
        var opened: FT_Face?
        let error = library.withUnsafeLibrary { FT_New_Face($0, file.path, FT_Long(file.index), &opened) }
        guard error == 0, let opened else { throw TextError(operation: "FT_New_Face", fontFile: file.description, code: error) }
        guard opened.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(opened)
            throw TextError(operation: "FT_New_Face", fontFile: file.description, detail: "not a scalable font")
        }
        self.file = file
        self.library = library
        face = opened
    }

    deinit { FT_Done_Face(face) }

    var unitsPerEM: Int { Int(face.pointee.units_per_EM) }
    /// Above the baseline, in font units (positive).
    var ascender: Int { Int(face.pointee.ascender) }
    /// Below the baseline, in font units (negative).
    var descender: Int { Int(face.pointee.descender) }
    var familyName: String { face.pointee.family_name.map { String(cString: $0) } ?? "" }

    /// Whether the font's character map has a glyph for `scalar`.
    func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// Sets the em size (26.6 pixels); a no-op when it is already that.
    func setEmSize(_ size26Dot6: Int) throws {
        guard size26Dot6 != emSize26Dot6 else { return }
        let error = FT_Set_Char_Size(face, 0, FT_F26Dot6(size26Dot6), 72, 72)
        guard error == 0 else { throw TextError(operation: "FT_Set_Char_Size", fontFile: file.description, code: error) }
        emSize26Dot6 = size26Dot6
    }

    /// Rasterises glyph `id` antialiased, moved right by `dx` and up by `dy` (26.6, under a
    /// pixel) so glyphs keep their fractional positions. Unhinted, so the same outline always
    /// gives the same pixels at any position.
    func render(glyph id: UInt32, dx: Int, dy: Int) throws -> GlyphBitmap {
        var delta = FT_Vector(x: FT_Pos(dx), y: FT_Pos(dy))
        FT_Set_Transform(face, nil, &delta)
        defer { FT_Set_Transform(face, nil, nil) }
        var error = FT_Load_Glyph(face, id, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP))
        guard error == 0 else { throw TextError(operation: "FT_Load_Glyph", fontFile: file.description, code: error) }
        guard let slot = face.pointee.glyph else { throw TextError(operation: "FT_Load_Glyph", fontFile: file.description, detail: "no glyph slot") }
        error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        guard error == 0 else { throw TextError(operation: "FT_Render_Glyph", fontFile: file.description, code: error) }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var alpha = [UInt8](repeating: 0, count: width * height)
        if let buffer = bitmap.buffer, width > 0, height > 0, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) {
            for row in 0..<height {
                // A negative pitch means the rows are stored bottom-up.
                let source = pitch >= 0 ? buffer + row * pitch : buffer + (height - 1 - row) * -pitch
                for column in 0..<width { alpha[row * width + column] = source[column] }
            }
        }
        return GlyphBitmap(width: width, height: height, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                           alpha: alpha)
    }

    /// The face for HarfBuzz to read; the pointer stays owned here.
    func withUnsafeFace<T>(_ body: (FT_Face) throws -> T) rethrows -> T { try body(face) }
}
