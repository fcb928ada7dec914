/// Coverage of a shape (text, a dot, a line) as 8-bit alpha, 0 nothing … 255 full, with where
/// its top-left pixel goes relative to the point it is drawn at (for text: the pen position on
/// the baseline).
public struct AlphaMask: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major, `width × height`.
    public var alpha: [UInt8]
    /// The offset of pixel (0, 0) from the drawing point, in pixels.
    public var originX: Int
    public var originY: Int

    public init(width: Int, height: Int, alpha: [UInt8]? = nil, originX: Int = 0, originY: Int = 0) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        self.alpha = alpha ?? [UInt8](repeating: 0, count: width * height)
        precondition(self.alpha.count == width * height, "alpha matches the size")
        self.originX = originX
        self.originY = originY
    }

    public var isEmpty: Bool { width == 0 || height == 0 }
}
