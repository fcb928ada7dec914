import CFFmpeg
import LentaPixels

extension CodecFrame {
    /// A yuv420p frame whose planes are `frame`'s own, lent to the encoder instead of copied: each
    /// plane is a read-only `AVBufferRef` holding the frame alive, so however long the encoder
    /// keeps a reference, the pixels stay. When the last reference goes, the frame is handed to
    /// `pool` to be drawn over again. For encoders that copy what they are sent row by row
    /// (libx264): the planes are packed, with no padding for SIMD to read past.
    package static func lending(_ frame: PlanarFrame, to pool: PlanarFramePool?, path: String) throws -> CodecFrame {
        let lent = try CodecFrame()
        let f = lent.pointer
        f.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        f.pointee.width = Int32(frame.width)
        f.pointee.height = Int32(frame.height)
        let owner = LentPlanes(frame, pool: pool)
        // The owner keeps the arrays and never changes them, so their storage stays where it is
        // for as long as a buffer (each holding one retain of the owner) refers to it.
        let planes = [(owner.frame.y, frame.width), (owner.frame.u, frame.chromaWidth), (owner.frame.v, frame.chromaWidth)]
        for (index, (samples, stride)) in planes.enumerated() {
            let base = samples.withUnsafeBufferPointer { $0.baseAddress }
            guard let base else { throw MediaError("lend a frame", path: path, reason: "a plane of the frame is empty") }
            let retained = Unmanaged.passRetained(owner).toOpaque()
            guard let buffer = av_buffer_create(UnsafeMutablePointer(mutating: base), samples.count, { opaque, _ in
                if let opaque { Unmanaged<LentPlanes>.fromOpaque(opaque).release() }
            }, retained, Int32(AV_BUFFER_FLAG_READONLY)) else {
                Unmanaged<LentPlanes>.fromOpaque(retained).release()
                throw MediaError("lend a frame", path: path, reason: "out of memory", code: .outOfMemory)
            }
            let data = UnsafeMutablePointer(mutating: base)
            switch index {
            case 0: f.pointee.buf.0 = buffer; f.pointee.data.0 = data; f.pointee.linesize.0 = Int32(stride)
            case 1: f.pointee.buf.1 = buffer; f.pointee.data.1 = data; f.pointee.linesize.1 = Int32(stride)
            default: f.pointee.buf.2 = buffer; f.pointee.data.2 = data; f.pointee.linesize.2 = Int32(stride)
            }
        }
        return lent
    }
}

/// A frame lent to an encoder's buffers: kept unchanged while they refer to it, then given to the
/// pool (by `deinit`, which runs once, after the last buffer let go, on whichever thread that was).
private final class LentPlanes: Sendable {
    let frame: PlanarFrame
    let pool: PlanarFramePool?

    init(_ frame: PlanarFrame, pool: PlanarFramePool?) {
        self.frame = frame
        self.pool = pool
    }

    deinit { pool?.give(frame) }
}
