/// A point in a picture's pixels: x right, y down, (0, 0) the top-left corner of the top-left
/// pixel (so that pixel's centre is (0.5, 0.5)).
public struct PixelPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned rectangle in pixels.
public struct PixelRect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    public func intersects(_ other: PixelRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The area the two share.
    public func overlap(_ other: PixelRect) -> Double {
        max(0, min(maxX, other.maxX) - max(x, other.x)) * max(0, min(maxY, other.maxY) - max(y, other.y))
    }

    /// Whether it lies inside `other` entirely.
    public func isInside(_ other: PixelRect) -> Bool {
        x >= other.x && y >= other.y && maxX <= other.maxX && maxY <= other.maxY
    }

    public func insetBy(_ d: Double) -> PixelRect { PixelRect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d) }
}
