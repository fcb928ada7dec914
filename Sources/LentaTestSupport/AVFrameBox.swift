import CFFmpeg

/// An `AVFrame`, owned here and freed in `deinit`.
final class AVFrameBox {
    let pointer: UnsafeMutablePointer<AVFrame>

    init() throws {
        guard let frame = av_frame_alloc() else {
            throw SyntheticMediaError("av_frame_alloc", reason: "out of memory")
        }
        pointer = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    /// A video frame with its own buffers.
    static func video(width: Int, height: Int, format: AVPixelFormat) throws -> AVFrameBox {
        let box = try AVFrameBox()
        box.pointer.pointee.format = format.rawValue
        box.pointer.pointee.width = Int32(width)
        box.pointer.pointee.height = Int32(height)
        let status = av_frame_get_buffer(box.pointer, 0)
        if status < 0 { throw SyntheticMediaError("allocate video frame", averror: status) }
        return box
    }

    /// Makes the buffers safe to write (an encoder may still hold a reference to them).
    func makeWritable() throws {
        let status = av_frame_make_writable(pointer)
        if status < 0 { throw SyntheticMediaError("make frame writable", averror: status) }
    }

    /// Zeroes the whole of every buffer, row padding and alignment slack included: encoders
    /// (x264's SIMD plane copies) may read past the picture's width, and bytes left over from an
    /// earlier allocation would make the output differ from run to run.
    func clearBuffers() {
        withUnsafeMutableBytes(of: &pointer.pointee.buf) { raw in
            for ref in raw.bindMemory(to: UnsafeMutablePointer<AVBufferRef>?.self) {
                guard let ref, let data = ref.pointee.data, ref.pointee.size > 0 else { continue }
                data.initialize(repeating: 0, count: Int(ref.pointee.size))
            }
        }
    }

    /// Draws `SyntheticPattern` into a yuv420p, yuvj420p or rgb24 frame.
    func drawPattern(frame index: Int?) throws {
        try makeWritable()
        clearBuffers()
        let f = pointer.pointee
        let width = Int(f.width), height = Int(f.height)
        switch AVPixelFormat(rawValue: f.format) {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P:
            guard let y = f.data.0, let u = f.data.1, let v = f.data.2 else {
                throw SyntheticMediaError("draw frame", reason: "frame has no planes")
            }
            PlaneFill.yuv420(y: y, yStride: Int(f.linesize.0), cb: u, cbStride: Int(f.linesize.1),
                             cr: v, crStride: Int(f.linesize.2), width: width, height: height, frame: index,
                             range: f.format == AV_PIX_FMT_YUVJ420P.rawValue ? .full : .limited)
        case AV_PIX_FMT_RGB24:
            guard let base = f.data.0 else { throw SyntheticMediaError("draw frame", reason: "frame has no planes") }
            PlaneFill.rgb24(base, stride: Int(f.linesize.0), width: width, height: height, frame: index)
        default:
            throw SyntheticMediaError("draw frame", reason: "pixel format \(f.format) is not supported here")
        }
    }
}
