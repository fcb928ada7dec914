import CFFmpeg

/// A libswscale context (`SwsContext`) converting frames of one size and pixel format to
/// another, owned here and freed in `deinit`.
package final class ScaleContext {
    private let context: OpaquePointer
    package let path: String
    package let sourceWidth: Int
    package let sourceHeight: Int
    package let sourceFormat: AVPixelFormat
    package let destinationWidth: Int
    package let destinationHeight: Int
    package let destinationFormat: AVPixelFormat

    /// The matrices libswscale knows (`SWS_CS_*`).
    package enum Matrix: Int32 {
        case bt709 = 1  // SWS_CS_ITU709
        case bt601 = 5  // SWS_CS_ITU601
        case bt2020 = 9  // SWS_CS_BT2020
    }

    /// - Parameter flags: `SWS_*` flags: the filter (`SWS_AREA`, `SWS_LANCZOS`, …) and, for exact
    ///   results, `SWS_BITEXACT | SWS_ACCURATE_RND`.
    package init(from source: (width: Int, height: Int, format: AVPixelFormat),
         to destination: (width: Int, height: Int, format: AVPixelFormat), flags: Int32, path: String) throws {
        self.path = path
        sourceWidth = source.width
        sourceHeight = source.height
        sourceFormat = source.format
        destinationWidth = destination.width
        destinationHeight = destination.height
        destinationFormat = destination.format
        guard let made = sws_getContext(Int32(source.width), Int32(source.height), source.format,
                                        Int32(destination.width), Int32(destination.height), destination.format,
                                        flags, nil, nil, nil) else {
            let from = av_get_pix_fmt_name(source.format).map { String(cString: $0) } ?? "format \(source.format.rawValue)"
            let to = av_get_pix_fmt_name(destination.format).map { String(cString: $0) } ?? "format \(destination.format.rawValue)"
            throw MediaError("convert \(from) \(source.width)×\(source.height) to \(to) \(destination.width)×\(destination.height)",
                                 path: path, reason: "libswscale cannot do this conversion")
        }
        context = made
    }

    deinit { sws_freeContext(context) }

    /// Sets the Y'CbCr matrices and ranges of both sides (ignored on an RGB side).
    package func setColourspace(source: Matrix, sourceFullRange: Bool, destination: Matrix, destinationFullRange: Bool) {
        _ = sws_setColorspaceDetails(context, sws_getCoefficients(source.rawValue), sourceFullRange ? 1 : 0,
                                     sws_getCoefficients(destination.rawValue), destinationFullRange ? 1 : 0,
                                     0, 1 << 16, 1 << 16)
    }

    /// Converts `source` into three planes the caller owns (a planar destination format), each
    /// `strides` bytes a row: no frame is allocated and copied out again.
    package func convert(_ source: CodecFrame, into planes: (UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer),
                         strides: (Int, Int, Int)) throws {
        let f = source.pointer.pointee
        let sourcePlanes: [UnsafePointer<UInt8>?] = [f.data.0, f.data.1, f.data.2, f.data.3].map { $0.map { UnsafePointer($0) } }
        let sourceStrides: [Int32] = [f.linesize.0, f.linesize.1, f.linesize.2, f.linesize.3]
        let destination: [UnsafeMutablePointer<UInt8>?] = [planes.0, planes.1, planes.2].map { $0.assumingMemoryBound(to: UInt8.self) } + [nil]
        let destinationStrides: [Int32] = [Int32(strides.0), Int32(strides.1), Int32(strides.2), 0]
        let rows = sws_scale(context, sourcePlanes, sourceStrides, 0, Int32(sourceHeight), destination, destinationStrides)
        try check(rows, "scale picture", path: path)
        guard rows == Int32(destinationHeight) else {
            throw MediaError("scale picture", path: path, reason: "libswscale wrote \(rows) of \(destinationHeight) rows")
        }
    }

    /// Converts `source` into a new frame of the destination's size and format.
    package func convert(_ source: CodecFrame) throws -> CodecFrame {
        let output = try CodecFrame.video(width: destinationWidth, height: destinationHeight, format: destinationFormat, path: path)
        let status = sws_scale_frame(context, output.pointer, source.pointer)
        try check(status, "scale picture", path: path)
        return output
    }
}
