import CFFmpeg
import LentaCore

/// A decoded 8-bit Y'CbCr picture's three planes as the decoder left them (its own coding, its
/// own chroma subsampling, rows `stride` bytes apart), lent for one call: what a reducer of the
/// caller's own (`PhotoDecoder.PlaneReducer`) reads instead of libswscale.
package struct BorrowedPlanes {
    package struct Plane {
        package let base: UnsafePointer<UInt8>
        package let width: Int
        package let height: Int
        package let stride: Int
        /// Bytes that may be read from `base` (to the end of the decoder's buffer, whose padding
        /// vector loads past the last row may use).
        package let readable: Int
    }

    package let y: Plane
    package let cb: Plane
    package let cr: Plane
    package let matrix: ColourDescription.Matrix
    package let fullRange: Bool
}

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
