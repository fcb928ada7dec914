/// A decoded 4:2:0 frame at exactly half its width and height, each plane's 2×2 blocks averaged
/// (rounded half up): the area filter at 2:1, which is what a 2160p clip in a 1080p story needs,
/// without libswscale's general filter machinery. Codes keep their meaning and depth (8 or 10
/// bits), as the colour table expects. Integer sums, so the same bytes on every run and machine.
/// The rows are halved one at a time (`halveRow8`, `halveRow16`), so a caller that grades the
/// decoder's frame straight (`YUVLookupTable`) halves them the same way without a picture between.
package enum HalvedPicture {
    /// The lent frame (`halved`) halved.
    package static func make(from lent: BorrowedVideoFrame) -> SourcePicture {
        precondition(lent.halved, "a frame lent to be halved")
        let half = (width: lent.width, height: lent.height)
        let chroma = (width: half.width / 2, height: half.height / 2)
        if lent.bitDepth > 8 {
            return .deep(DeepPlanarFrame(width: half.width, height: half.height, bitDepth: 10,
                                         y: halve(lent.y, half.width, half.height, as: UInt16.self, by: halveRow16),
                                         u: halve(lent.u, chroma.width, chroma.height, as: UInt16.self, by: halveRow16),
                                         v: halve(lent.v, chroma.width, chroma.height, as: UInt16.self, by: halveRow16)))
        }
        return .eightBit(PlanarFrame(width: half.width, height: half.height,
                                     y: halve8(lent.y, half.width, half.height),
                                     u: halve8(lent.u, chroma.width, chroma.height),
                                     v: halve8(lent.v, chroma.width, chroma.height)))
    }

    /// A plane of `2·width × 2·height` samples halved by `halveRow`.
    package static func halve<Sample>(_ plane: BorrowedVideoFrame.Plane, _ width: Int, _ height: Int, as _: Sample.Type,
                              by halveRow: (UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer, Int) -> Void) -> [Sample] {
        [Sample](unsafeUninitializedCapacity: width * height) { out, count in
            guard let out = out.baseAddress else { return }
            halveRows(plane, width, height, into: UnsafeMutableRawPointer(out), rowBytes: width * MemoryLayout<Sample>.stride, by: halveRow)
            count = width * height
        }
    }

    /// An 8-bit plane of `2·width × 2·height` samples halved, as a frame's plane.
    package static func halve8(_ plane: BorrowedVideoFrame.Plane, _ width: Int, _ height: Int) -> PlaneSamples {
        PlaneSamples(unsafeUninitializedCount: width * height) { out in
            guard let out = out.baseAddress else { return }
            halveRows(plane, width, height, into: UnsafeMutableRawPointer(out), rowBytes: width, by: halveRow8)
        }
    }

    /// Each of the `height` output rows of `width` samples, `rowBytes` apart from `target`.
    private static func halveRows(_ plane: BorrowedVideoFrame.Plane, _ width: Int, _ height: Int, into target: UnsafeMutableRawPointer,
                                  rowBytes: Int, by halveRow: (UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer, Int) -> Void) {
        for row in 0..<height {
            let top = plane.base + 2 * row * plane.stride
            halveRow(top, top + plane.stride, target + row * rowBytes, width)
        }
    }

    /// `width` 8-bit samples, each the rounded mean of a 2×2 block of rows `top` and `bottom`
    /// (`2·width` samples each).
    package static func halveRow8(_ top: UnsafeRawPointer, _ bottom: UnsafeRawPointer, _ target: UnsafeMutableRawPointer, _ width: Int) {
        var x = 0
        // 16 outputs at a time: each 16-bit lane holds a horizontal pair, summed in place.
        while x + 16 <= width {
            let t = top.loadUnaligned(fromByteOffset: 2 * x, as: SIMD16<UInt16>.self)
            let b = bottom.loadUnaligned(fromByteOffset: 2 * x, as: SIMD16<UInt16>.self)
            let sum = (t & 0xFF) &+ (t &>> 8) &+ (b & 0xFF) &+ (b &>> 8) &+ 2
            target.storeBytes(of: SIMD16<UInt8>(truncatingIfNeeded: sum &>> 2), toByteOffset: x, as: SIMD16<UInt8>.self)
            x += 16
        }
        while x < width {
            let sum = Int(top.load(fromByteOffset: 2 * x, as: UInt8.self)) + Int(top.load(fromByteOffset: 2 * x + 1, as: UInt8.self))
                + Int(bottom.load(fromByteOffset: 2 * x, as: UInt8.self)) + Int(bottom.load(fromByteOffset: 2 * x + 1, as: UInt8.self))
            target.storeBytes(of: UInt8(truncatingIfNeeded: (sum + 2) >> 2), toByteOffset: x, as: UInt8.self)
            x += 1
        }
    }

    /// `width` 16-bit samples (10-bit codes), each the rounded mean of a 2×2 block of rows `top`
    /// and `bottom` (`2·width` samples each).
    package static func halveRow16(_ top: UnsafeRawPointer, _ bottom: UnsafeRawPointer, _ target: UnsafeMutableRawPointer, _ width: Int) {
        var x = 0
        // 8 outputs at a time: each 32-bit lane holds a horizontal pair, summed in place.
        while x + 8 <= width {
            let t = top.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self)
            let b = bottom.loadUnaligned(fromByteOffset: 4 * x, as: SIMD8<UInt32>.self)
            let sum = (t & 0xFFFF) &+ (t &>> 16) &+ (b & 0xFFFF) &+ (b &>> 16) &+ 2
            target.storeBytes(of: SIMD8<UInt16>(truncatingIfNeeded: sum &>> 2), toByteOffset: 2 * x, as: SIMD8<UInt16>.self)
            x += 8
        }
        while x < width {
            let sum = Int(top.load(fromByteOffset: 4 * x, as: UInt16.self)) + Int(top.load(fromByteOffset: 4 * x + 2, as: UInt16.self))
                + Int(bottom.load(fromByteOffset: 4 * x, as: UInt16.self)) + Int(bottom.load(fromByteOffset: 4 * x + 2, as: UInt16.self))
            target.storeBytes(of: UInt16(truncatingIfNeeded: (sum + 2) >> 2), toByteOffset: 2 * x, as: UInt16.self)
            x += 1
        }
    }
}
