import LentaCore

/// Text laid out and rasterised: a mask to paint with a colour, the layout box it belongs to,
/// the lines it was wrapped into, and the characters left out because no font has them.
public struct RenderedText: Sendable, Equatable {
    /// Coverage; origin (0, 0) = the top-left of the layout box (ink reaching outside the box
    /// makes the mask's origin negative).
    public let mask: AlphaMask
    /// The layout box: the widest line's advance, and lines × line height, in pixels.
    public let width: Double
    public let height: Double
    public let lines: [String]
    /// Characters no installed font has, in order of first appearance; not drawn.
    public let missing: [Character]

    public init(mask: AlphaMask, width: Double, height: Double, lines: [String], missing: [Character]) {
        self.mask = mask
        self.width = width
        self.height = height
        self.lines = lines
        self.missing = missing
    }

    public static let empty = RenderedText(mask: AlphaMask(width: 0, height: 0), width: 0, height: 0, lines: [], missing: [])
}
