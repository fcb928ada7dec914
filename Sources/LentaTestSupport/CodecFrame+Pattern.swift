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
}
