@testable import LentaMedia
import LentaPixels
import Testing

/// A decoded frame at exactly half its size: every plane's 2×2 blocks averaged, rounded half up,
/// codes and depth kept; sizes whose chroma does not halve exactly are left to libswscale.
@Suite("Halved picture")
struct HalvedPictureTests {
    /// A frame of `format` whose every sample is a pseudo-random code below `limit` (the same each run).
    static func frame(width: Int, height: Int, format: FramePixelFormat, limit: Int) throws -> CodecFrame {
        let frame = try CodecFrame.video(width: width, height: height, pixelFormat: format, path: "test")
        var state: UInt32 = 12345
        let planes = [(0, width, height), (1, width / 2, height / 2), (2, width / 2, height / 2)]
        for (index, w, h) in planes {
            let drawn: Void? = frame.withPlane(index) { base, stride in
                for row in 0..<h {
                    for x in 0..<w {
                        state = state &* 1_103_515_245 &+ 12345
                        let code = Int(state >> 8) % limit
                        if limit > 256 {
                            UnsafeMutableRawPointer(base + row * stride).storeBytes(of: UInt16(code), toByteOffset: 2 * x, as: UInt16.self)
                        } else {
                            base[row * stride + x] = UInt8(code)
                        }
                    }
                }
            }
            guard drawn != nil else { throw TestFailure("no plane") }
        }
        return frame
    }

    /// The rounded 2×2 means of plane `index` of `frame` (`w × h` samples after halving).
    static func expectedMeans(_ frame: CodecFrame, plane index: Int, w: Int, h: Int, deep: Bool) -> [Int] {
        frame.withPlane(index) { base, stride in
            let sample = { (x: Int, y: Int) -> Int in
                deep ? Int(UnsafeRawPointer(base + y * stride).load(fromByteOffset: 2 * x, as: UInt16.self))
                     : Int(base[y * stride + x])
            }
            var means: [Int] = []
            for y in 0..<h {
                for x in 0..<w {
                    means.append((sample(2 * x, 2 * y) + sample(2 * x + 1, 2 * y) + sample(2 * x, 2 * y + 1) + sample(2 * x + 1, 2 * y + 1) + 2) >> 2)
                }
            }
            return means
        } ?? []
    }

    // 72 × 20: rows of 36 and 18 samples after halving, so the 16- and 8-wide steps and the
    // sample-by-sample tail all run, on planes whose strides are wider than their rows.
    @Test("an 8-bit frame's planes are its 2×2 means")
    func eightBit() throws {
        let frame = try Self.frame(width: 72, height: 20, format: FramePixelFormat.yuv420p, limit: 256)
        guard case .eightBit(let halved)? = HalvedPicture.make(from: frame) else {
            Issue.record("not halved to an 8-bit picture")
            return
        }
        #expect(halved.width == 36 && halved.height == 10)
        #expect(halved.y.map(Int.init) == Self.expectedMeans(frame, plane: 0, w: 36, h: 10, deep: false))
        #expect(halved.u.map(Int.init) == Self.expectedMeans(frame, plane: 1, w: 18, h: 5, deep: false))
        #expect(halved.v.map(Int.init) == Self.expectedMeans(frame, plane: 2, w: 18, h: 5, deep: false))
    }

    @Test("a 10-bit frame's planes are its 2×2 means, at 10 bits")
    func tenBit() throws {
        let frame = try Self.frame(width: 72, height: 20, format: FramePixelFormat.yuv420p10, limit: 1024)
        guard case .deep(let halved)? = HalvedPicture.make(from: frame) else {
            Issue.record("not halved to a 10-bit picture")
            return
        }
        #expect(halved.width == 36 && halved.height == 10 && halved.bitDepth == 10)
        #expect(halved.y.map(Int.init) == Self.expectedMeans(frame, plane: 0, w: 36, h: 10, deep: true))
        #expect(halved.u.map(Int.init) == Self.expectedMeans(frame, plane: 1, w: 18, h: 5, deep: true))
        #expect(halved.v.map(Int.init) == Self.expectedMeans(frame, plane: 2, w: 18, h: 5, deep: true))
    }

    @Test("sizes whose chroma does not halve exactly, and other layouts, are left to libswscale")
    func leftToLibswscale() throws {
        #expect(HalvedPicture.make(from: try Self.frame(width: 70, height: 20, format: FramePixelFormat.yuv420p, limit: 256)) == nil)
        #expect(HalvedPicture.make(from: try Self.frame(width: 72, height: 18, format: FramePixelFormat.yuv420p, limit: 256)) == nil)
        let packed = try CodecFrame.video(width: 72, height: 20, pixelFormat: .nv12, path: "test")
        #expect(HalvedPicture.make(from: packed) == nil)
    }
}

private struct TestFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
