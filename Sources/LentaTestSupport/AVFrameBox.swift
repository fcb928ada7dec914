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

    /// Draws a `SyntheticPicture` of the frame's size into a yuvj420p (full-range BT.601, as
    /// JPEG has it) or rgb24 frame.
    func draw(_ picture: SyntheticPicture) throws {
        try makeWritable()
        clearBuffers()
        let f = pointer.pointee
        let width = Int(f.width), height = Int(f.height)
        guard picture.width == width, picture.height == height else {
            throw SyntheticMediaError("draw frame", reason: "picture is \(picture.width)×\(picture.height), frame \(width)×\(height)")
        }
        switch AVPixelFormat(rawValue: f.format) {
        case AV_PIX_FMT_RGB24:
            guard let base = f.data.0 else { throw SyntheticMediaError("draw frame", reason: "frame has no planes") }
            for y in 0..<height {
                for x in 0..<(width * 3) { base[y * Int(f.linesize.0) + x] = picture.rgb[y * width * 3 + x] }
            }
        case AV_PIX_FMT_YUVJ420P:
            guard let yPlane = f.data.0, let u = f.data.1, let v = f.data.2 else {
                throw SyntheticMediaError("draw frame", reason: "frame has no planes")
            }
            func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
                let i = (y * width + x) * 3
                return (Int(picture.rgb[i]), Int(picture.rgb[i + 1]), Int(picture.rgb[i + 2]))
            }
            for y in 0..<height {
                for x in 0..<width {
                    let (r, g, b) = rgb(x, y)
                    yPlane[y * Int(f.linesize.0) + x] = PlaneFill.luma(r, g, b, .full)
                }
            }
            for cy in 0..<((height + 1) / 2) {
                for cx in 0..<((width + 1) / 2) {
                    var sr = 0, sg = 0, sb = 0, n = 0
                    for dy in 0..<2 where cy * 2 + dy < height {
                        for dx in 0..<2 where cx * 2 + dx < width {
                            let (r, g, b) = rgb(cx * 2 + dx, cy * 2 + dy)
                            sr += r; sg += g; sb += b; n += 1
                        }
                    }
                    let (cb, cr) = PlaneFill.chroma((sr + n / 2) / n, (sg + n / 2) / n, (sb + n / 2) / n, .full)
                    u[cy * Int(f.linesize.1) + cx] = cb
                    v[cy * Int(f.linesize.2) + cx] = cr
                }
            }
        default:
            throw SyntheticMediaError("draw frame", reason: "pixel format \(f.format) is not supported here")
        }
    }
}
