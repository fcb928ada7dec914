import CFFmpeg

/// An `AVFrame`, owned here and freed in `deinit`. Its pointer is handed only to the other
/// owning wrappers of this module, inside their calls.
final class CodecFrame {
    let pointer: UnsafeMutablePointer<AVFrame>

    init() throws {
        guard let frame = av_frame_alloc() else {
            throw MediaReadError("av_frame_alloc", path: "", reason: "out of memory")
        }
        pointer = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    /// A video frame with its own zeroed buffers.
    static func video(width: Int, height: Int, format: AVPixelFormat, path: String) throws -> CodecFrame {
        let box = try CodecFrame()
        box.pointer.pointee.format = format.rawValue
        box.pointer.pointee.width = Int32(width)
        box.pointer.pointee.height = Int32(height)
        let status = av_frame_get_buffer(box.pointer, 0)
        if status < 0 { throw MediaWriteError("allocate a \(width)×\(height) frame", path: path, reason: avErrorText(status)) }
        box.clearBuffers()
        return box
    }

    /// Drops the frame's buffers (after a decoder's frame has been used).
    func unreference() { av_frame_unref(pointer) }

    /// Makes the buffers safe to write (an encoder may still hold a reference to them).
    func makeWritable(path: String) throws {
        let status = av_frame_make_writable(pointer)
        if status < 0 { throw MediaWriteError("make a frame writable", path: path, reason: avErrorText(status)) }
    }

    /// Zeroes every buffer, padding included: encoders' SIMD may read past the width, and
    /// leftover bytes would make the output differ from run to run.
    func clearBuffers() {
        withUnsafeMutableBytes(of: &pointer.pointee.buf) { raw in
            for ref in raw.bindMemory(to: UnsafeMutablePointer<AVBufferRef>?.self) {
                guard let ref, let data = ref.pointee.data, ref.pointee.size > 0 else { continue }
                data.initialize(repeating: 0, count: Int(ref.pointee.size))
            }
        }
    }

    var width: Int { Int(pointer.pointee.width) }
    var height: Int { Int(pointer.pointee.height) }
    var format: AVPixelFormat { AVPixelFormat(rawValue: pointer.pointee.format) }

    /// Copies a `PlanarFrame` into this yuv420p frame's planes (or, for yuv420p10le, each code
    /// times 4: the same code at 10 bits).
    func fill(from frame: PlanarFrame, path: String) throws {
        try makeWritable(path: path)
        let f = pointer.pointee
        if f.format == AV_PIX_FMT_YUV420P10LE.rawValue {
            guard let y = f.data.0, let u = f.data.1, let v = f.data.2, f.width == frame.width, f.height == frame.height else {
                throw MediaWriteError("copy a frame", path: path, reason: "the frame is not \(frame.width)×\(frame.height) yuv420p10le")
            }
            Self.copyWidened(frame.y, width: frame.width, height: frame.height, to: y, stride: Int(f.linesize.0))
            Self.copyWidened(frame.u, width: frame.chromaWidth, height: frame.chromaHeight, to: u, stride: Int(f.linesize.1))
            Self.copyWidened(frame.v, width: frame.chromaWidth, height: frame.chromaHeight, to: v, stride: Int(f.linesize.2))
            return
        }
        guard let y = f.data.0, let u = f.data.1, let v = f.data.2, f.width == frame.width, f.height == frame.height else {
            throw MediaWriteError("copy a frame", path: path, reason: "the frame is not \(frame.width)×\(frame.height) yuv420p")
        }
        Self.copy(frame.y, width: frame.width, height: frame.height, to: y, stride: Int(f.linesize.0))
        Self.copy(frame.u, width: frame.chromaWidth, height: frame.chromaHeight, to: u, stride: Int(f.linesize.1))
        Self.copy(frame.v, width: frame.chromaWidth, height: frame.chromaHeight, to: v, stride: Int(f.linesize.2))
    }

    private static func copyWidened(_ plane: [UInt8], width: Int, height: Int, to base: UnsafeMutablePointer<UInt8>, stride: Int) {
        plane.withUnsafeBufferPointer { src in
            guard let s = src.baseAddress else { return }
            for row in 0..<height {
                let out = UnsafeMutableRawPointer(base + row * stride)
                for x in 0..<width { out.storeBytes(of: (UInt16(s[row * width + x]) << 2).littleEndian, toByteOffset: 2 * x, as: UInt16.self) }
            }
        }
    }

    private static func copy(_ plane: [UInt8], width: Int, height: Int, to base: UnsafeMutablePointer<UInt8>, stride: Int) {
        plane.withUnsafeBufferPointer { src in
            guard let s = src.baseAddress else { return }
            for row in 0..<height {
                (base + row * stride).update(from: s + row * width, count: width)
            }
        }
    }

    /// The yuv420p (or yuvj420p) planes copied out as a `PlanarFrame`, codes as they are.
    func planarFrame() -> PlanarFrame? {
        let f = pointer.pointee
        guard f.format == AV_PIX_FMT_YUV420P.rawValue || f.format == AV_PIX_FMT_YUVJ420P.rawValue, let y = f.data.0, let u = f.data.1, let v = f.data.2,
              f.width > 0, f.height > 0 else { return nil }
        let w = Int(f.width), h = Int(f.height), cw = (w + 1) / 2, ch = (h + 1) / 2
        func plane(_ base: UnsafeMutablePointer<UInt8>, _ stride: Int32, _ pw: Int, _ ph: Int) -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: pw * ph) { buffer, count in
                if let dst = buffer.baseAddress {
                    for row in 0..<ph { (dst + row * pw).initialize(from: base + row * Int(stride), count: pw) }
                }
                count = pw * ph
            }
        }
        return PlanarFrame(width: w, height: h, y: plane(y, f.linesize.0, w, h), u: plane(u, f.linesize.1, cw, ch),
                           v: plane(v, f.linesize.2, cw, ch))
    }

    /// The yuv420p10le planes copied out as a `DeepPlanarFrame`, codes as they are.
    func deepPlanarFrame() -> DeepPlanarFrame? {
        let f = pointer.pointee
        guard f.format == AV_PIX_FMT_YUV420P10LE.rawValue, let y = f.data.0, let u = f.data.1, let v = f.data.2,
              f.width > 0, f.height > 0 else { return nil }
        let w = Int(f.width), h = Int(f.height), cw = (w + 1) / 2, ch = (h + 1) / 2
        func plane(_ base: UnsafeMutablePointer<UInt8>, _ stride: Int32, _ pw: Int, _ ph: Int) -> [UInt16] {
            [UInt16](unsafeUninitializedCapacity: pw * ph) { buffer, count in
                if let dst = buffer.baseAddress {
                    for row in 0..<ph {
                        UnsafeMutableRawPointer(dst + row * pw).copyMemory(from: base + row * Int(stride), byteCount: pw * 2)
                    }
                }
                count = pw * ph
            }
        }
        return DeepPlanarFrame(width: w, height: h, bitDepth: 10, y: plane(y, f.linesize.0, w, h), u: plane(u, f.linesize.1, cw, ch),
                               v: plane(v, f.linesize.2, cw, ch))
    }
}
