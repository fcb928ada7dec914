/// A picture in 8-bit Y'CbCr 4:2:0 (BT.709, limited range, chroma sited at the centre of each
/// 2×2 block), each plane in 64-byte aligned memory (`PlaneSamples`): the working format of the
/// compositor and what the encoder takes. Chroma planes are `ceil(width/2) × ceil(height/2)`; rows
/// are packed (stride = width).
public struct PlanarFrame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var y: PlaneSamples
    public var u: PlaneSamples
    public var v: PlaneSamples

    public var chromaWidth: Int { (width + 1) / 2 }
    public var chromaHeight: Int { (height + 1) / 2 }

    /// A frame of one colour.
    public init(width: Int, height: Int, colour: YUVColour = .black) {
        precondition(width > 0 && height > 0, "a frame has a size")
        self.width = width
        self.height = height
        y = PlaneSamples(repeating: colour.y, count: width * height)
        u = PlaneSamples(repeating: colour.u, count: ((width + 1) / 2) * ((height + 1) / 2))
        v = PlaneSamples(repeating: colour.v, count: ((width + 1) / 2) * ((height + 1) / 2))
    }

    /// A frame from its planes; their sizes must match.
    public init(width: Int, height: Int, y: PlaneSamples, u: PlaneSamples, v: PlaneSamples) {
        precondition(y.count == width * height && u.count == ((width + 1) / 2) * ((height + 1) / 2) && v.count == u.count,
                     "plane sizes match the frame")
        self.width = width
        self.height = height
        self.y = y
        self.u = u
        self.v = v
    }

    /// The luma sample at (x, y).
    public func luma(_ x: Int, _ y: Int) -> UInt8 { self.y[y * width + x] }

    /// The colour at luma position (x, y): its luma sample and the chroma of its 2×2 block.
    public func colour(_ x: Int, _ y: Int) -> YUVColour {
        let c = (y / 2) * chromaWidth + x / 2
        return YUVColour(y: self.y[y * width + x], u: u[c], v: v[c])
    }

    /// The part `[x, x+width) × [y, y+height)`; `x` and `y` must be even so chroma stays aligned.
    public func cropped(x: Int, y top: Int, width w: Int, height h: Int) -> PlanarFrame {
        precondition(x % 2 == 0 && top % 2 == 0 && x >= 0 && top >= 0 && x + w <= width && top + h <= height && w > 0 && h > 0)
        var out = PlanarFrame(width: w, height: h)
        for row in 0..<h {
            let from = (top + row) * width + x
            out.y[row * w ..< row * w + w] = y[from ..< from + w]
        }
        let cw = out.chromaWidth, ch = out.chromaHeight
        for row in 0..<ch {
            let from = (top / 2 + row) * chromaWidth + x / 2
            out.u[row * cw ..< row * cw + cw] = u[from ..< from + cw]
            out.v[row * cw ..< row * cw + cw] = v[from ..< from + cw]
        }
        return out
    }
}

/// One Y'CbCr colour (BT.709, limited range).
public struct YUVColour: Sendable, Hashable {
    public var y: UInt8
    public var u: UInt8
    public var v: UInt8

    public init(y: UInt8, u: UInt8, v: UInt8) {
        self.y = y
        self.u = u
        self.v = v
    }

    public static let black = YUVColour(y: 16, u: 128, v: 128)
    public static let white = YUVColour(y: 235, u: 128, v: 128)

    /// An sRGB-encoded colour (gamma-encoded R'G'B', 0…255) in BT.709 limited range.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        let r = Double(red) / 255, g = Double(green) / 255, b = Double(blue) / 255
        let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let cb = (b - luma) / 1.8556, cr = (r - luma) / 1.5748
        func clamp(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
        y = clamp(16 + 219 * luma)
        u = clamp(128 + 224 * cb)
        v = clamp(128 + 224 * cr)
    }
}
