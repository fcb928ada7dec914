import CFFmpeg
import LentaCore
import LentaPixels

// The decoder's frames lent as LentaPixels' borrowed planes (no copy), and halved.

extension CodecFrame {
    /// The planes of an 8-bit planar Y'CbCr frame (4:2:0, 4:2:2, 4:4:4 or 4:4:0, as a JPEG may
    /// store them), or nil for any other layout.
    package func borrowedPlanes(matrix: ColourDescription.Matrix, fullRange: Bool) -> BorrowedPlanes? {
        let f = pointer
        let subsampling: [Int32: (x: Int, y: Int)] = [
            AV_PIX_FMT_YUV420P.rawValue: (1, 1), AV_PIX_FMT_YUVJ420P.rawValue: (1, 1),
            AV_PIX_FMT_YUV422P.rawValue: (1, 0), AV_PIX_FMT_YUVJ422P.rawValue: (1, 0),
            AV_PIX_FMT_YUV444P.rawValue: (0, 0), AV_PIX_FMT_YUVJ444P.rawValue: (0, 0),
            AV_PIX_FMT_YUV440P.rawValue: (0, 1), AV_PIX_FMT_YUVJ440P.rawValue: (0, 1),
        ]
        guard let shift = subsampling[f.pointee.format], f.pointee.width > 0, f.pointee.height > 0 else { return nil }
        let width = Int(f.pointee.width), height = Int(f.pointee.height)
        func plane(_ index: Int, _ pw: Int, _ ph: Int) -> BorrowedPlanes.Plane? {
            let data = withUnsafeBytes(of: f.pointee.data) { $0.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)[index] }
            let stride = withUnsafeBytes(of: f.pointee.linesize) { Int($0.bindMemory(to: Int32.self)[index]) }
            guard let data, stride >= pw else { return nil }
            // A plane of libheif's (no buffer of FFmpeg's) may be read to its last sample only.
            var readable = stride * (ph - 1) + pw
            if let buffer = av_frame_get_plane_buffer(f, Int32(index))?.pointee, let start = buffer.data {
                readable = max(readable, start + Int(buffer.size) - data)
            }
            return BorrowedPlanes.Plane(base: data, width: pw, height: ph, stride: stride, readable: readable)
        }
        let cw = (width + (1 << shift.x) - 1) >> shift.x, ch = (height + (1 << shift.y) - 1) >> shift.y
        guard let y = plane(0, width, height), let cb = plane(1, cw, ch), let cr = plane(2, cw, ch) else { return nil }
        return BorrowedPlanes(y: y, cb: cb, cr: cr, matrix: matrix, fullRange: fullRange)
    }
}

extension ScaleContext.Matrix {
    package var colourMatrix: ColourDescription.Matrix {
        switch self {
        case .bt709: return .bt709
        case .bt601: return .bt601
        case .bt2020: return .bt2020NCL
        }
    }
}

extension CodecFrame {
    /// The planes of a yuv420p, yuvj420p or yuv420p10le frame, to be handed on whole or `halved`;
    /// nil for any other layout, or a size or rows `BorrowedVideoFrame` cannot take.
    package func borrowedVideoFrame(halved: Bool) -> BorrowedVideoFrame? {
        let f = pointer.pointee
        let bitDepth: Int
        switch f.format {
        case AV_PIX_FMT_YUV420P.rawValue, AV_PIX_FMT_YUVJ420P.rawValue: bitDepth = 8
        case AV_PIX_FMT_YUV420P10LE.rawValue: bitDepth = 10
        default: return nil
        }
        guard let y = f.data.0, let u = f.data.1, let v = f.data.2 else { return nil }
        return BorrowedVideoFrame(y: .init(base: y, stride: Int(f.linesize.0)), u: .init(base: u, stride: Int(f.linesize.1)),
                                  v: .init(base: v, stride: Int(f.linesize.2)), storedWidth: Int(f.width), storedHeight: Int(f.height),
                                  bitDepth: bitDepth, halved: halved)
    }
}

extension HalvedPicture {
    /// The frame halved, or nil when it is not yuv420p/yuvj420p/yuv420p10le with both sides a
    /// multiple of 4 (so every plane, chroma too, halves exactly); libswscale then does it.
    static func make(from frame: CodecFrame) -> SourcePicture? {
        frame.borrowedVideoFrame(halved: true).map { make(from: $0) }
    }
}
