import CFreeType

/// Owns one `FcConfig`: fontconfig's configuration and the fonts it found on the system.
final class FontConfig {
    private let config: OpaquePointer

    init() throws {
        guard let made = FcInitLoadConfigAndFonts() else {
            throw TextError(operation: "FcInitLoadConfigAndFonts", detail: "fontconfig could not load its configuration")
        }
        config = made
    }

    deinit { FcConfigDestroy(config) }

    /// The installed font that best matches `pattern` (after fontconfig's substitutions).
    func match(_ pattern: FontPattern) throws -> FontPattern {
        try pattern.withUnsafePattern { wanted in
            prepare(wanted)
            var result = FcResultNoMatch
            guard let found = FcFontMatch(config, wanted, &result), result == FcResultMatch else {
                throw TextError(operation: "FcFontMatch", detail: "no installed font matches \(FontPattern.string(FC_FAMILY, of: wanted) ?? "the pattern")")
            }
            return FontPattern(owning: found)
        }
    }

    /// Every installed font, best match for `pattern` first (`FcFontSort`), for fallbacks.
    func sort(_ pattern: FontPattern) throws -> FontSet {
        try pattern.withUnsafePattern { wanted in
            prepare(wanted)
            var result = FcResultNoMatch
            guard let sorted = FcFontSort(config, wanted, FcBool(FcFalse), nil, &result) else {
                throw TextError(operation: "FcFontSort", detail: "fontconfig lists no fonts")
            }
            return FontSet(owning: sorted)
        }
    }

    private func prepare(_ pattern: OpaquePointer) {
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
    }
}
