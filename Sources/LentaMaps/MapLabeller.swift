import LentaCore

/// Turns a place name into coverage the map can place and paint: the text engine in use, or
/// anything else that can draw words. The mask's box (its size, offset by its origin) is what
/// placement keeps clear of other labels and dots.
public protocol MapLabeller {
    /// The text at `pixelSize` (em size), or nil when it cannot be drawn (the label is left out).
    func label(_ text: String, pixelSize: Double) -> AlphaMask?
}
