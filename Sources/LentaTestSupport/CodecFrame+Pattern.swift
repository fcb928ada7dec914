import CFFmpeg
import LentaMedia

extension CodecFrame {
    /// Draws `SyntheticPattern` into a yuv420p, yuvj420p or rgb24 frame (every buffer zeroed
    /// first, padding included, so the encoder sees the same bytes every run).
    func drawPattern(frame index: Int?, path: String) throws {
        try makeWritable(path: path)
        clearBuffers()
        let f = pointer.pointee
        let width = Int(f.width), height = Int(f.height)
        switch AVPixelFormat(rawValue: f.format) {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P:
            guard let y = f.data.0, let u = f.data.1, let v = f.data.2 else {
                throw MediaError("draw frame", path: path, reason: "frame has no planes")
            }
            PlaneFill.yuv420(y: y, yStride: Int(f.linesize.0), cb: u, cbStride: Int(f.linesize.1),
                             cr: v, crStride: Int(f.linesize.2), width: width, height: height, frame: index,
                             range: f.format == AV_PIX_FMT_YUVJ420P.rawValue ? .full : .limited)
        case AV_PIX_FMT_RGB24:
            guard let base = f.data.0 else { throw MediaError("draw frame", path: path, reason: "frame has no planes") }
            PlaneFill.rgb24(base, stride: Int(f.linesize.0), width: width, height: height, frame: index)
        default:
            throw MediaError("draw frame", path: path, reason: "pixel format \(f.format) is not supported here")
        }
    }

    /// Draws a `SyntheticPicture` of the frame's size into a yuvj420p (full-range BT.601, as
    /// JPEG has it) or rgb24 frame.
    func draw(_ picture: SyntheticPicture, path: String) throws {
        try makeWritable(path: path)
        clearBuffers()
        let f = pointer.pointee
        let width = Int(f.width), height = Int(f.height)
        guard picture.width == width, picture.height == height else {
            throw MediaError("draw frame", path: path, reason: "picture is \(picture.width)×\(picture.height), frame \(width)×\(height)")
        }
        switch AVPixelFormat(rawValue: f.format) {
        case AV_PIX_FMT_RGB24:
            guard let base = f.data.0 else { throw MediaError("draw frame", path: path, reason: "frame has no planes") }
            for y in 0..<height {
                for x in 0..<(width * 3) { base[y * Int(f.linesize.0) + x] = picture.rgb[y * width * 3 + x] }
            }
        case AV_PIX_FMT_YUVJ420P:
            guard let yPlane = f.data.0, let u = f.data.1, let v = f.data.2 else {
                throw MediaError("draw frame", path: path, reason: "frame has no planes")
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
            throw MediaError("draw frame", path: path, reason: "pixel format \(f.format) is not supported here")
        }
    }
}
