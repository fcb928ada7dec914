import CFFmpeg

/// A decoded 4:2:0 frame at exactly half its width and height, each plane's 2×2 blocks averaged
/// (rounded half up): the area filter at 2:1, which is what a 2160p clip in a 1080p story needs,
/// without libswscale's general filter machinery. Codes keep their meaning and depth (8 or 10
/// bits), as the colour table expects. Integer sums, so the same bytes on every run and machine.
enum HalvedPicture {
    /// The frame halved, or nil when it is not yuv420p/yuvj420p/yuv420p10le with both sides a
    /// multiple of 4 (so every plane, chroma too, halves exactly); libswscale then does it.
    static func make(from frame: CodecFrame) -> SourcePicture? {
        let f = frame.pointer.pointee
        let width = Int(f.width), height = Int(f.height)
        guard width > 0, height > 0, width % 4 == 0, height % 4 == 0,
              let y = f.data.0, let u = f.data.1, let v = f.data.2,
              f.linesize.0 > 0, f.linesize.1 > 0, f.linesize.2 > 0 else { return nil }
        let half = (width: width / 2, height: height / 2)
        let chroma = (width: width / 4, height: height / 4)
        switch f.format {
        case AV_PIX_FMT_YUV420P.rawValue, AV_PIX_FMT_YUVJ420P.rawValue:
            return .eightBit(PlanarFrame(width: half.width, height: half.height,
                                         y: halve8(y, Int(f.linesize.0), half.width, half.height),
                                         u: halve8(u, Int(f.linesize.1), chroma.width, chroma.height),
                                         v: halve8(v, Int(f.linesize.2), chroma.width, chroma.height)))
        case AV_PIX_FMT_YUV420P10LE.rawValue:
            return .deep(DeepPlanarFrame(width: half.width, height: half.height, bitDepth: 10,
                                         y: halve16(y, Int(f.linesize.0), half.width, half.height),
                                         u: halve16(u, Int(f.linesize.1), chroma.width, chroma.height),
                                         v: halve16(v, Int(f.linesize.2), chroma.width, chroma.height)))
        default:
            return nil
        }
    }

    /// An 8-bit plane of `2·width × 2·height` samples, `stride` bytes a row, halved.
    static func halve8(_ source: UnsafeMutablePointer<UInt8>, _ stride: Int, _ width: Int, _ height: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height) { out, count in
            guard let out = out.baseAddress else { return }
            let source = UnsafeRawPointer(source)
            for row in 0..<height {
                let top = source + 2 * row * stride, bottom = top + stride
                let target = UnsafeMutableRawPointer(out + row * width)
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
            count = width * height
        }
    }

    /// A 16-bit (10-bit codes) plane of `2·width × 2·height` samples, `stride` bytes a row, halved.
    static func halve16(_ source: UnsafeMutablePointer<UInt8>, _ stride: Int, _ width: Int, _ height: Int) -> [UInt16] {
        [UInt16](unsafeUninitializedCapacity: width * height) { out, count in
            guard let out = out.baseAddress else { return }
            let source = UnsafeRawPointer(source)
            for row in 0..<height {
                let top = source + 2 * row * stride, bottom = top + stride
                let target = UnsafeMutableRawPointer(out + row * width)
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
            count = width * height
        }
    }
}
