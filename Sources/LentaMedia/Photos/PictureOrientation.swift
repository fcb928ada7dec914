import LentaPixels
/// How a stored picture is turned to be shown upright: the eight EXIF orientations (1 as stored,
/// 6 turned 90° clockwise, 8 turned 90° counter-clockwise, 3 half a turn, 2/4/5/7 mirrored).
/// A video's display matrix maps to 1, 3, 6 or 8.
public struct PictureOrientation: Sendable, Hashable {
    /// 1…8 as EXIF numbers them.
    public let exifValue: Int

    public init(exif value: Int?) {
        exifValue = (1...8).contains(value ?? 1) ? (value ?? 1) : 1
    }

    /// From a display matrix's rotation as `av_display_rotation_get` reports it (counter-clockwise
    /// degrees: -90 is a phone held upright, whose picture turns 90° clockwise to show).
    public init(displayMatrixRotation degrees: Double) {
        var quarter = Int((-degrees / 90).rounded()) % 4
        if quarter < 0 { quarter += 4 }
        exifValue = [1, 6, 3, 8][quarter]
    }

    public static let upright = PictureOrientation(exif: 1)

    /// Whether the shown picture's width is the stored height.
    public var swapsAxes: Bool { exifValue >= 5 }

    /// Where displayed pixel (x, y) comes from, as a start index and steps in a stored plane of
    /// `width × height`: index = base + x·dx + y·dy.
    func walk(storedWidth w: Int, storedHeight h: Int) -> (base: Int, dx: Int, dy: Int) {
        switch exifValue {
        case 2: return (w - 1, -1, w)
        case 3: return ((h - 1) * w + w - 1, -1, -w)
        case 4: return ((h - 1) * w, 1, -w)
        case 5: return (0, w, 1)
        case 6: return ((h - 1) * w, -w, 1)
        case 7: return ((h - 1) * w + w - 1, -w, -1)
        case 8: return (w - 1, w, -1)
        default: return (0, 1, w)
        }
    }

    /// The stored frame turned upright.
    public func apply(to frame: PlanarFrame) -> PlanarFrame {
        if exifValue == 1 { return frame }
        let w = swapsAxes ? frame.height : frame.width, h = swapsAxes ? frame.width : frame.height
        let y = turn(frame.y, width: frame.width, height: frame.height)
        let u = turn(frame.u, width: frame.chromaWidth, height: frame.chromaHeight)
        let v = turn(frame.v, width: frame.chromaWidth, height: frame.chromaHeight)
        return PlanarFrame(width: w, height: h, y: y, u: u, v: v)
    }

    /// A deeper stored frame turned upright.
    public func apply(to frame: DeepPlanarFrame) -> DeepPlanarFrame {
        if exifValue == 1 { return frame }
        let w = swapsAxes ? frame.height : frame.width, h = swapsAxes ? frame.width : frame.height
        return DeepPlanarFrame(width: w, height: h, bitDepth: frame.bitDepth, y: turn(frame.y, width: frame.width, height: frame.height),
                               u: turn(frame.u, width: frame.chromaWidth, height: frame.chromaHeight),
                               v: turn(frame.v, width: frame.chromaWidth, height: frame.chromaHeight))
    }

    /// A picture of either depth turned upright.
    public func apply(to picture: SourcePicture) -> SourcePicture {
        switch picture {
        case .eightBit(let f): return .eightBit(apply(to: f))
        case .deep(let f): return .deep(apply(to: f))
        }
    }

    private func turn(_ plane: PlaneSamples, width: Int, height: Int) -> PlaneSamples {
        PlaneSamples(unsafeUninitializedCount: plane.count) { out in
            plane.withUnsafeBufferPointer { turn($0, into: out, width: width, height: height) }
        }
    }

    private func turn<Sample: BitwiseCopyable>(_ plane: [Sample], width: Int, height: Int) -> [Sample] {
        [Sample](unsafeUninitializedCapacity: plane.count) { out, count in
            plane.withUnsafeBufferPointer { turn($0, into: out, width: width, height: height) }
            count = plane.count
        }
    }

    /// `src`, a stored plane of `width × height`, written upright into `out`.
    private func turn<Sample: BitwiseCopyable>(_ src: UnsafeBufferPointer<Sample>, into out: UnsafeMutableBufferPointer<Sample>, width: Int, height: Int) {
        let (base, dx, dy) = walk(storedWidth: width, storedHeight: height)
        let outWidth = swapsAxes ? height : width, outHeight = swapsAxes ? width : height
        let tile = 32
        // Tiles keep the scattered reads of a transpose within the cache.
        var ty = 0
        while ty < outHeight {
            var tx = 0
            while tx < outWidth {
                for y in ty..<min(ty + tile, outHeight) {
                    var s = base + tx * dx + y * dy
                    var o = y * outWidth + tx
                    for _ in tx..<min(tx + tile, outWidth) {
                        out[o] = src[s]
                        o += 1
                        s += dx
                    }
                }
                tx += tile
            }
            ty += tile
        }
    }
}
