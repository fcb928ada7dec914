import CFFmpeg
import LentaCore
import LentaPixels

/// A VA-API device and a pool of its NV12 surfaces (`AVHWDeviceContext`, `AVHWFramesContext`),
/// owned here and released in `deinit`: what a `*_vaapi` encoder takes its pictures in. Each
/// picture is copied to an NV12 staging frame in memory and uploaded to a surface
/// (doc/examples/vaapi_encode.c).
final class HardwareFrames {
    private var device: UnsafeMutablePointer<AVBufferRef>?
    private var frames: UnsafeMutablePointer<AVBufferRef>?
    private let staging: CodecFrame
    let path: String

    /// Opens the default VA-API device (`/dev/dri/renderD128`, or `$LIBVA_DRIVER_NAME`'s) and a
    /// surface pool of `width`×`height`.
    init(width: Int, height: Int, path: String) throws {
        self.path = path
        var device: UnsafeMutablePointer<AVBufferRef>? = nil
        try check(av_hwdevice_ctx_create(&device, AV_HWDEVICE_TYPE_VAAPI, nil, nil, 0), "open a VA-API device", path: path)
        guard device != nil else { throw MediaError("open a VA-API device", path: path, reason: "none returned") }
        var frames: UnsafeMutablePointer<AVBufferRef>? = av_hwframe_ctx_alloc(device)
        func release() {
            av_buffer_unref(&frames)
            av_buffer_unref(&device)
        }
        guard let pool = frames, let data = pool.pointee.data else {
            release()
            throw MediaError("allocate VA-API surfaces", path: path, reason: "out of memory", code: .outOfMemory)
        }
        let context = UnsafeMutableRawPointer(data).assumingMemoryBound(to: AVHWFramesContext.self)
        context.pointee.format = AV_PIX_FMT_VAAPI
        context.pointee.sw_format = AV_PIX_FMT_NV12
        context.pointee.width = Int32(width)
        context.pointee.height = Int32(height)
        context.pointee.initial_pool_size = 20
        do {
            try check(av_hwframe_ctx_init(pool), "set up VA-API surfaces", path: path)
            staging = try CodecFrame.video(width: width, height: height, format: AV_PIX_FMT_NV12, path: path)
        } catch {
            release()
            throw error
        }
        self.device = device
        self.frames = frames
    }

    deinit {
        av_buffer_unref(&frames)
        av_buffer_unref(&device)
    }

    /// Hands the encoder its own reference to the surface pool.
    func attach(to encoder: EncoderContext) throws {
        guard let reference = av_buffer_ref(frames) else {
            throw MediaError("attach VA-API surfaces", path: path, reason: "out of memory", code: .outOfMemory)
        }
        encoder.pointer.pointee.pix_fmt = AV_PIX_FMT_VAAPI
        encoder.pointer.pointee.hw_frames_ctx = reference
    }

    /// `frame` on a surface: luma copied, chroma interleaved into NV12, then uploaded.
    func upload(_ frame: PlanarFrame, pts: Int64) throws -> CodecFrame {
        try staging.makeWritable(path: path)
        let f = staging.pointer.pointee
        guard let y = f.data.0, let uv = f.data.1 else { throw MediaError("upload a frame", path: path, reason: "no NV12 planes") }
        frame.y.withUnsafeBufferPointer { src in
            guard let s = src.baseAddress else { return }
            for row in 0..<frame.height { (y + row * Int(f.linesize.0)).update(from: s + row * frame.width, count: frame.width) }
        }
        let cw = frame.chromaWidth
        frame.u.withUnsafeBufferPointer { u in
            frame.v.withUnsafeBufferPointer { v in
                for row in 0..<frame.chromaHeight {
                    let line = uv + row * Int(f.linesize.1)
                    for x in 0..<cw {
                        line[2 * x] = u[row * cw + x]
                        line[2 * x + 1] = v[row * cw + x]
                    }
                }
            }
        }
        let surface = try CodecFrame()
        try check(av_hwframe_get_buffer(frames, surface.pointer, 0), "get a VA-API surface", path: path)
        try check(av_hwframe_transfer_data(surface.pointer, staging.pointer, 0), "upload a frame to VA-API", path: path)
        surface.pointer.pointee.pts = pts
        return surface
    }
}
