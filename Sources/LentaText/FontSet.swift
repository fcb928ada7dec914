import CFreeType

/// Owns one `FcFontSet`: fonts fontconfig sorted from best to worst for a pattern, searched for
/// the first that has a character.
final class FontSet {
    private let set: UnsafeMutablePointer<FcFontSet>

    init(owning set: UnsafeMutablePointer<FcFontSet>) { self.set = set }

    deinit { FcFontSetDestroy(set) }

    var count: Int { Int(set.pointee.nfont) }

    /// The first font whose character set has every one of `scalars`, skipping `excluded`.
    func firstFont(covering scalars: [Unicode.Scalar], excluding excluded: Set<FontFile>) -> FontFile? {
        guard let fonts = set.pointee.fonts else { return nil }
        for i in 0..<count {
            guard let pattern = fonts[i] else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
            guard scalars.allSatisfy({ FcCharSetHasChar(charset, $0.value) != 0 }) else { continue }
            guard let file = FontPattern.file(of: pattern), !excluded.contains(file) else { continue }
            return file
        }
        return nil
    }
}
