import CFreeType

/// Owns one `FcPattern`: a description of a wanted font (family, weight), or a font
/// fontconfig found (file, index, family).
final class FontPattern {
    private let pattern: OpaquePointer

    /// A pattern asking for `family` at `weight` (an `FC_WEIGHT_…` value).
    init(family: String, weight: Int32) throws {
        guard let made = FcPatternCreate() else { throw TextError(operation: "FcPatternCreate") }
        pattern = made
        let added = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { FcPatternAddString(made, FC_FAMILY, $0) }
        }
        guard added != 0, FcPatternAddInteger(made, FC_WEIGHT, weight) != 0 else {
            throw TextError(operation: "FcPatternAddString", detail: "cannot describe the font \(family)")
        }
    }

    /// Takes ownership of a pattern fontconfig returned.
    init(owning pattern: OpaquePointer) { self.pattern = pattern }

    deinit { FcPatternDestroy(pattern) }

    /// The font file and face index a matched pattern names.
    var file: FontFile? { FontPattern.file(of: pattern) }

    var family: String? { FontPattern.string(FC_FAMILY, of: pattern) }

    func withUnsafePattern<T>(_ body: (OpaquePointer) throws -> T) rethrows -> T { try body(pattern) }

    /// The file of any pattern (also ones a `FontSet` owns).
    static func file(of pattern: OpaquePointer) -> FontFile? {
        guard let path = string(FC_FILE, of: pattern) else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        return FontFile(path: path, index: Int(index))
    }

    static func string(_ object: String, of pattern: OpaquePointer) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
