import CFreeType
import Foundation

/// The fonts text is drawn with, found by fontconfig: a primary family ("DejaVu Sans", else
/// whatever fontconfig gives for `sans-serif`), its bold for titles, and for a character the
/// primary lacks, the best installed font that has it (`FcFontSort`, by character set).
///
/// Faces are opened once and kept. FreeType faces are not thread-safe, so a library is not
/// `Sendable`: `TextEngine` keeps its one under a `Mutex`.
final class FontLibrary {
    /// The family the primary font really is.
    let primaryFamily: String
    let regularFile: FontFile
    let boldFile: FontFile

    private let config: FontConfig
    private let freeType: FreeTypeLibrary
    private var sorted: [FontWeight: FontSet] = [:]
    private var opened: [FontFile: HarfBuzzFont] = [:]
    /// Files that fontconfig lists but FreeType cannot open: never offered again.
    private var unusable: Set<FontFile> = []
    /// The font for each character seen, nil when no installed font has it.
    private var chosen: [FontWeight: [Character: FontFile?]] = [:]

    /// - Throws: `TextError` when fontconfig finds no font or the primary cannot be opened.
    init(family: String = "DejaVu Sans") throws {
        config = try FontConfig()
        freeType = try FreeTypeLibrary()
        var regular = try config.match(FontPattern(family: family, weight: FontWeight.regular.fontconfigWeight))
        if regular.family?.caseInsensitiveCompare(family) != .orderedSame {
            // fontconfig always answers with something; when it is not the family asked for,
            // use its choice for sans-serif instead of an arbitrary close match.
            regular = try config.match(FontPattern(family: "sans-serif", weight: FontWeight.regular.fontconfigWeight))
        }
        guard let regularFile = regular.file else { throw TextError(operation: "FcFontMatch", detail: "the match for \(family) names no file") }
        let primaryFamily = regular.family ?? family
        let bold = try config.match(FontPattern(family: primaryFamily, weight: FontWeight.bold.fontconfigWeight))
        self.primaryFamily = primaryFamily
        self.regularFile = regularFile
        boldFile = bold.file ?? regularFile
        _ = try open(regularFile)
        _ = try open(boldFile)
    }

    func primary(_ weight: FontWeight) -> HarfBuzzFont? {
        try? open(weight == .bold ? boldFile : regularFile)
    }

    /// The font for one grapheme cluster. Default-ignorable scalars (joiners, variation
    /// selectors) need no glyph of their own.
    func font(for character: Character, weight: FontWeight) -> HarfBuzzFont? {
        if let known = chosen[weight]?[character] { return known.flatMap { try? open($0) } }
        let needed = character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        let found = findFont(covering: Array(needed), weight: weight)
        chosen[weight, default: [:]][character] = .some(found?.face.file)
        return found
    }

    private func findFont(covering scalars: [Unicode.Scalar], weight: FontWeight) -> HarfBuzzFont? {
        if let primary = primary(weight), scalars.allSatisfy(primary.face.hasGlyph) { return primary }
        if weight == .bold, let regular = primary(.regular), scalars.allSatisfy(regular.face.hasGlyph) { return regular }
        guard let candidates = fallbacks(weight) else { return nil }
        var tried = unusable
        while let file = candidates.firstFont(covering: scalars, excluding: tried) {
            tried.insert(file)
            // fontconfig's character set and the face's own map can disagree; the face decides.
            if let font = try? open(file), scalars.allSatisfy(font.face.hasGlyph) { return font }
        }
        return nil
    }

    private func fallbacks(_ weight: FontWeight) -> FontSet? {
        if let set = sorted[weight] { return set }
        guard let set = try? config.sort(FontPattern(family: primaryFamily, weight: weight.fontconfigWeight)) else { return nil }
        sorted[weight] = set
        return set
    }

    private func open(_ file: FontFile) throws -> HarfBuzzFont {
        if let font = opened[file] { return font }
        do {
            let font = try HarfBuzzFont(face: FontFace(file: file, library: freeType))
            opened[file] = font
            return font
        } catch {
            unusable.insert(file)
            throw error
        }
    }
}
