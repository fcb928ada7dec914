import CFFmpeg
import LentaPixels

/// An `AVFrame`, owned here and freed in `deinit`. Its pointer is handed only to the other
/// owning wrappers of this module, inside their calls.
package final class CodecFrame {
    package let pointer: UnsafeMutablePointer<AVFrame>

    package init() throws {
        guard let frame = av_frame_alloc() else {
            throw MediaError("av_frame_alloc", path: "", reason: "out of memory", code: .outOfMemory)
        }
        pointer = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    /// A video frame with its own zeroed buffers.
    package static func video(width: Int, height: Int, format: AVPixelFormat, path: String) throws -> CodecFrame {
        let box = try CodecFrame()
        box.pointer.pointee.format = format.rawValue
        box.pointer.pointee.width = Int32(width)
        box.pointer.pointee.height = Int32(height)
        let status = av_frame_get_buffer(box.pointer, 0)
        try check(status, "allocate a \(width)×\(height) frame", path: path)
        box.clearBuffers()
        return box
    }

    /// An audio frame of `samples` samples in the encoder's sample format, rate and channel
    /// layout, with its own buffers.
    package static func audio(samples: Int, for encoder: EncoderContext, path: String) throws -> CodecFrame {
        let frame = try CodecFrame()
        let f = frame.pointer
        let c = encoder.pointer
        f.pointee.format = c.pointee.sample_fmt.rawValue
        f.pointee.sample_rate = c.pointee.sample_rate
        f.pointee.nb_samples = Int32(samples)
        try check(av_channel_layout_copy(&f.pointee.ch_layout, &c.pointee.ch_layout), "set audio channel layout", path: path)
        try check(av_frame_get_buffer(f, 0), "allocate audio frame", path: path)
        return frame
    }

    /// Fills a planar float audio frame: channel `c` of sample `i` is `sample(i, c)`.
    package func fillPlanarFloat(_ sample: (_ index: Int, _ channel: Int) -> Float, path: String) throws {
        let f = pointer
        guard f.pointee.format == AV_SAMPLE_FMT_FLTP.rawValue, let planes = f.pointee.extended_data else {
            throw MediaError("fill audio frame", path: path, reason: "the frame is not planar float with its own planes")
        }
        let count = Int(f.pointee.nb_samples)
        for ch in 0..<Int(f.pointee.ch_layout.nb_channels) {
            guard let plane = planes[ch] else { continue }
            plane.withMemoryRebound(to: Float.self, capacity: count) { out in
                for i in 0..<count { out[i] = sample(i, ch) }
            }
        }
    }

    /// Drops the frame's buffers (after a decoder's frame has been used).
    package func unreference() { av_frame_unref(pointer) }

    /// Makes the buffers safe to write (an encoder may still hold a reference to them).
    package func makeWritable(path: String) throws {
        let status = av_frame_make_writable(pointer)
        try check(status, "make a frame writable", path: path)
    }

    /// Zeroes every buffer, padding included: encoders' SIMD may read past the width, and
    /// leftover bytes would make the output differ from run to run.
    package func clearBuffers() {
        withUnsafeMutableBytes(of: &pointer.pointee.buf) { raw in
            for ref in raw.bindMemory(to: UnsafeMutablePointer<AVBufferRef>?.self) {
                guard let ref, let data = ref.pointee.data, ref.pointee.size > 0 else { continue }
                data.initialize(repeating: 0, count: Int(ref.pointee.size))
            }
        }
    }

    package var width: Int { Int(pointer.pointee.width) }
    package var height: Int { Int(pointer.pointee.height) }
    package var format: AVPixelFormat { AVPixelFormat(rawValue: pointer.pointee.format) }

    /// Copies a `PlanarFrame` into this yuv420p frame's planes (or, for yuv420p10le, each code
    /// times 4: the same code at 10 bits).
    package func fill(from frame: PlanarFrame, path: String) throws {
        try makeWritable(path: path)
        let f = pointer.pointee
        if f.format == AV_PIX_FMT_YUV420P10LE.rawValue {
            guard let y = f.data.0, let u = f.data.1, let v = f.data.2, f.width == frame.width, f.height == frame.height else {
                throw MediaError("copy a frame", path: path, reason: "the frame is not \(frame.width)×\(frame.height) yuv420p10le")
            }
            Self.copyWidened(frame.y, width: frame.width, height: frame.height, to: y, stride: Int(f.linesize.0))
            Self.copyWidened(frame.u, width: frame.chromaWidth, height: frame.chromaHeight, to: u, stride: Int(f.linesize.1))
            Self.copyWidened(frame.v, width: frame.chromaWidth, height: frame.chromaHeight, to: v, stride: Int(f.linesize.2))
            return
        }
        guard let y = f.data.0, let u = f.data.1, let v = f.data.2, f.width == frame.width, f.height == frame.height else {
            throw MediaError("copy a frame", path: path, reason: "the frame is not \(frame.width)×\(frame.height) yuv420p")
        }
        Self.copy(frame.y, width: frame.width, height: frame.height, to: y, stride: Int(f.linesize.0))
        Self.copy(frame.u, width: frame.chromaWidth, height: frame.chromaHeight, to: u, stride: Int(f.linesize.1))
        Self.copy(frame.v, width: frame.chromaWidth, height: frame.chromaHeight, to: v, stride: Int(f.linesize.2))
    }

    private static func copyWidened(_ plane: PlaneSamples, width: Int, height: Int, to base: UnsafeMutablePointer<UInt8>, stride: Int) {
        plane.withUnsafeBufferPointer { src in
            guard let s = src.baseAddress else { return }
            for row in 0..<height {
                let out = UnsafeMutableRawPointer(base + row * stride)
                for x in 0..<width { out.storeBytes(of: (UInt16(s[row * width + x]) << 2).littleEndian, toByteOffset: 2 * x, as: UInt16.self) }
            }
        }
    }

    private static func copy(_ plane: PlaneSamples, width: Int, height: Int, to base: UnsafeMutablePointer<UInt8>, stride: Int) {
        plane.withUnsafeBufferPointer { src in
            guard let s = src.baseAddress else { return }
            for row in 0..<height {
                (base + row * stride).update(from: s + row * width, count: width)
            }
        }
    }

    /// The yuv420p (or yuvj420p) planes copied out as a `PlanarFrame`, codes as they are.
    package func planarFrame() -> PlanarFrame? {
        let f = pointer.pointee
        guard f.format == AV_PIX_FMT_YUV420P.rawValue || f.format == AV_PIX_FMT_YUVJ420P.rawValue, let y = f.data.0, let u = f.data.1, let v = f.data.2,
              f.width > 0, f.height > 0 else { return nil }
        let w = Int(f.width), h = Int(f.height), cw = (w + 1) / 2, ch = (h + 1) / 2
        func plane(_ base: UnsafeMutablePointer<UInt8>, _ stride: Int32, _ pw: Int, _ ph: Int) -> PlaneSamples {
            PlaneSamples(unsafeUninitializedCount: pw * ph) { buffer in
                if let dst = buffer.baseAddress {
                    for row in 0..<ph { (dst + row * pw).initialize(from: base + row * Int(stride), count: pw) }
                }
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
