/// A picture in Y'CbCr 4:2:0 with more than 8 bits per code (10-bit HDR video, 10-bit HEIF and
/// AVIF), codes as stored — in the source's own matrix, range and transfer — so they can be read
/// at full precision by the item's colour table, which turns them into a `PlanarFrame`.
/// Planes are packed (stride = width), chroma `ceil(width/2) × ceil(height/2)`.
public struct DeepPlanarFrame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Bits per code (10).
    public let bitDepth: Int
    public var y: [UInt16]
    public var u: [UInt16]
    public var v: [UInt16]

    public var chromaWidth: Int { (width + 1) / 2 }
    public var chromaHeight: Int { (height + 1) / 2 }

    public init(width: Int, height: Int, bitDepth: Int, y: [UInt16], u: [UInt16], v: [UInt16]) {
        precondition(y.count == width * height && u.count == ((width + 1) / 2) * ((height + 1) / 2) && v.count == u.count,
                     "plane sizes match the frame")
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.y = y
        self.u = u
        self.v = v
    }
}

/// A decoded picture with its codes as the source stored them: 8-bit, or deeper.
public enum SourcePicture: Sendable {
    case eightBit(PlanarFrame)
    case deep(DeepPlanarFrame)

    public var width: Int {
        switch self {
        case .eightBit(let f): return f.width
        case .deep(let f): return f.width
        }
    }

    public var height: Int {
        switch self {
        case .eightBit(let f): return f.height
        case .deep(let f): return f.height
        }
    }
}
