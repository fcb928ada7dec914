import LentaCore
import LentaText

/// Map labels drawn by the text engine: place names in bold, on one line.
public struct TextLabeller: MapLabeller {
    public let engine: TextEngine

    public init(engine: TextEngine) { self.engine = engine }

    /// The engine shared by the process, or nil (maps are then drawn without names) when
    /// fontconfig or FreeType cannot give a font.
    public static func shared() -> TextLabeller? {
        (try? TextEngine.shared()).map(TextLabeller.init)
    }

    public func label(_ text: String, pixelSize: Double) -> AlphaMask? {
        let rendered = engine.render(text, pixelSize: pixelSize, maxWidth: nil, alignment: .left, weight: .bold)
        return rendered.mask.isEmpty ? nil : rendered.mask
    }
}
