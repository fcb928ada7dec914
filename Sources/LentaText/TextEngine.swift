import LentaCore
import Synchronization

/// Lays out and rasterises text: fontconfig finds the fonts, HarfBuzz shapes (kerning on,
/// fallback fonts per run), lines wrap within a width, FreeType draws all glyphs into one
/// `AlphaMask`. Deterministic; safe to call from any thread: FreeType faces and HarfBuzz buffers
/// are not thread-safe, so the fonts and the shaper are reached only through one `Mutex` (calls
/// take turns).
public final class TextEngine: Sendable {
    /// The family the primary font really is.
    public let primaryFamily: String
    public let regularFile: FontFile
    public let boldFile: FontFile
    private let typesetter: Mutex<Typesetter>

    /// - Throws: `TextError` when fontconfig finds no font or the primary cannot be opened.
    public init(family: String = "DejaVu Sans") throws {
        let fonts = try FontLibrary(family: family)
        primaryFamily = fonts.primaryFamily
        regularFile = fonts.regularFile
        boldFile = fonts.boldFile
        typesetter = Mutex(Typesetter(fonts: fonts, shaper: try TextShaper(fonts: fonts)))
    }

    private static let made = Result<TextEngine, Error> { try TextEngine() }

    /// The engine with fontconfig's "DejaVu Sans" (else its sans-serif), made once per process.
    /// - Throws: `TextError` when fontconfig or FreeType cannot give a font.
    public static func shared() throws -> TextEngine { try made.get() }

    /// The file drawing `character` at `weight`: the primary when it has it, else a fallback;
    /// nil when no installed font has it.
    public func file(for character: Character, weight: FontWeight = .regular) -> FontFile? {
        typesetter.withLock { $0.fonts.font(for: character, weight: weight)?.face.file }
    }

    /// `text` laid out and rasterised.
    /// - Parameters:
    ///   - pixelSize: the line height in pixels (baseline to baseline); the em size follows from
    ///     the primary font's ascender and descender, which together make one line.
    ///   - maxWidth: widest a line may be, in pixels; nil wraps only at `\n`.
    ///   - maxHeight: the height that can show (the frame's), in pixels: lines starting below it
    ///     are neither laid out nor drawn, so the cost follows what is visible, not the text's
    ///     length. nil lays out every line.
    public func render(_ text: String, pixelSize: Double, maxWidth: Double?, maxHeight: Double? = nil,
                       alignment: TextAlignment = .centre, weight: FontWeight = .regular) -> RenderedText {
        typesetter.withLock { $0.render(text, pixelSize: pixelSize, maxWidth: maxWidth, maxHeight: maxHeight, alignment: alignment, weight: weight) }
    }

    /// Characters of `text` that no installed font has, in order of first appearance.
    public func missingCharacters(in text: String) -> [Character] {
        typesetter.withLock { $0.split(text, weight: .regular).missing }
    }
}

/// The fonts and the shaper, reached only under `TextEngine`'s lock.
private final class Typesetter {
    let fonts: FontLibrary
    let shaper: TextShaper

    init(fonts: FontLibrary, shaper: TextShaper) {
        self.fonts = fonts
        self.shaper = shaper
    }

    func render(_ text: String, pixelSize: Double, maxWidth: Double?, maxHeight: Double? = nil,
                       alignment: TextAlignment = .centre, weight: FontWeight = .regular) -> RenderedText {
        guard pixelSize.isFinite, pixelSize > 0, let primary = fonts.primary(weight) else { return .empty }
        let face = primary.face
        let emPixels = pixelSize * Double(face.unitsPerEM) / Double(max(1, face.ascender - face.descender))
        let emSize = max(1, Int((emPixels * 64).rounded()))
        let ascent = Double(face.ascender) * emPixels / Double(face.unitsPerEM)

        let (drawable, missing) = split(text, weight: weight)
        let limit = maxWidth.map { max(0, Int(($0 * 64).rounded(.down))) }
        let breaker = LineBreaker(maxWidth: limit) { self.shaper.shape($0, weight: weight, emSize: emSize).advance }
        // One line more than fits, so text cut by the frame still reaches past its edge.
        let lineLimit = maxHeight.map { Int(min(Double(Int32.max), max(0, $0) / pixelSize)) + 1 } ?? Int.max
        var lines: [String] = []
        for paragraph in drawable.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            guard lines.count < lineLimit else { break }
            lines += breaker.lines(of: paragraph, limit: lineLimit - lines.count)
        }
        let shaped = lines.map { shaper.shape($0, weight: weight, emSize: emSize) }

        let boxWidth = shaped.map(\.advance).max() ?? 0
        let starts = shaped.map { line -> Int in
            switch alignment {
            case .left: return 0
            case .centre: return (boxWidth - line.advance) / 2
            case .right: return boxWidth - line.advance
            }
        }
        let baselines = lines.indices.map { Int((Double($0) * pixelSize + ascent).rounded()) }
        let height = Double(lines.count) * pixelSize
        let mask = GlyphRasteriser(emSize: emSize)
            .mask(of: shaped, starts: starts, baselines: baselines, boxWidth: (boxWidth + 63) >> 6,
                  boxHeight: Int(height.rounded(.up)))
        return RenderedText(mask: mask, width: Double(boxWidth) / 64, height: height, lines: lines, missing: missing)
    }

    /// The text that can be drawn (tabs as spaces, control characters and characters without
    /// a font taken out) and the characters taken out for want of a font.
    func split(_ text: String, weight: FontWeight) -> (drawable: String, missing: [Character]) {
        var drawable = ""
        var missing: [Character] = []
        for character in text {
            if character.isNewline || character == " " {
                drawable.append(character)
            } else if character == "\t" {
                drawable.append(" ")
            } else if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) {
                continue
            } else if fonts.font(for: character, weight: weight) != nil {
                drawable.append(character)
            } else if !missing.contains(character) {
                missing.append(character)
            }
        }
        return (drawable, missing)
    }
}
