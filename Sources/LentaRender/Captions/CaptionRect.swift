/// A rectangle of whole pixels in a frame: columns `left ..< right`, rows `top ..< bottom`.
struct CaptionRect: Equatable, Sendable {
    var left: Int
    var top: Int
    var right: Int
    var bottom: Int

    var width: Int { right - left }
    var height: Int { bottom - top }

    func union(_ other: CaptionRect) -> CaptionRect {
        CaptionRect(left: min(left, other.left), top: min(top, other.top), right: max(right, other.right),
                    bottom: max(bottom, other.bottom))
    }

    func offsetBy(x: Int, y: Int) -> CaptionRect {
        CaptionRect(left: left + x, top: top + y, right: right + x, bottom: bottom + y)
    }

    func contains(_ other: CaptionRect) -> Bool {
        other.left >= left && other.top >= top && other.right <= right && other.bottom <= bottom
    }

    /// The central 90% of a frame's width and height, where titles are safe from cropping.
    static func titleSafe(width: Int, height: Int) -> CaptionRect {
        CaptionRect(left: Int((Double(width) * 0.05).rounded(.up)), top: Int((Double(height) * 0.05).rounded(.up)),
                    right: Int((Double(width) * 0.95).rounded(.down)), bottom: Int((Double(height) * 0.95).rounded(.down)))
    }
}
