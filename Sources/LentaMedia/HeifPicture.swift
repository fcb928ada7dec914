import CFFmpeg
import LentaCore
import CHeif

/// A HEIF/HEIC/AVIF file's primary image decoded by libheif to Y'CbCr 4:2:0 — the codec's own
/// form, so no colour conversion and 1.5 bytes a pixel (3 for a deep image kept deep), the least
/// a whole-image decode can cost (libheif decodes a HEIC whole: a 200-megapixel photo is 300 MB
/// while it is reduced) — 8-bit, or at its own 9…16 bits when asked `deep` (10-bit HDR photos);
/// tile grids assembled and `irot`/`imir` applied (so it is already upright). Owns the
/// `heif_context` and the `heif_image`, freed in `deinit`.
final class HeifPicture {
    private let context: OpaquePointer
    private var image: OpaquePointer?
    let path: String
    let width: Int
    let height: Int
    /// How the Y'CbCr codes mean colours (the file's `nclx`, else HEIF's default: BT.601, full range).
    private(set) var matrix: ScaleContext.Matrix = .bt601
    private(set) var fullRange = true
    /// Bits per code in the decoded planes: 8, or the image's own depth when kept deep.
    let bits: Int

    /// - Parameter deep: keep a deeper image's own bits (9…16) instead of libheif's 8-bit reduction.
    init(path: String, deep: Bool = false) throws {
        self.path = path
        HeifLibrary.initialise()
        guard let made = heif_context_alloc() else {
            throw MediaReadError("heif_context_alloc", path: path, reason: "out of memory")
        }
        context = made
        var status = FilePathBytes.withCString(path) { heif_context_read_from_file(made, $0, nil) }
        guard status.code == heif_error_Ok else { throw Self.error("read HEIF", path, status) }
        var handle: OpaquePointer?
        status = heif_context_get_primary_image_handle(context, &handle)
        guard status.code == heif_error_Ok, let handle else { throw Self.error("find the HEIF primary image", path, status) }
        defer { heif_image_handle_release(handle) }
        guard let options = heif_decoding_options_alloc() else {
            throw MediaReadError("heif_decoding_options_alloc", path: path, reason: "out of memory")
        }
        defer { heif_decoding_options_free(options) }
        let depth = Int(heif_image_handle_get_luma_bits_per_pixel(handle))
        let keepDepth = deep && depth > 8 && depth <= 16
        options.pointee.convert_hdr_to_8bit = keepDepth ? 0 : 1
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        if heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx {
            switch nclx.pointee.matrix_coefficients {
            case heif_matrix_coefficients_ITU_R_BT_709_5: matrix = .bt709
            case heif_matrix_coefficients_ITU_R_BT_2020_2_non_constant_luminance: matrix = .bt2020
            default: matrix = .bt601
            }
            fullRange = nclx.pointee.full_range_flag != 0
            heif_nclx_color_profile_free(nclx)
        }
        var decoded: OpaquePointer?
        status = heif_decode_image(handle, &decoded, heif_colorspace_YCbCr, heif_chroma_420, options)
        guard status.code == heif_error_Ok, let decoded else { throw Self.error("decode HEIF image", path, status) }
        image = decoded
        width = Int(heif_image_get_width(decoded, heif_channel_Y))
        height = Int(heif_image_get_height(decoded, heif_channel_Y))
        let decodedBits = Int(heif_image_get_bits_per_pixel_range(decoded, heif_channel_Y))
        bits = keepDepth ? decodedBits : 8
        guard !keepDepth || Self.deepFormat(bits: decodedBits) != nil else {
            throw MediaReadError("decode HEIF image", path: path, reason: "\(decodedBits)-bit planes are not supported")
        }
        guard width > 0, height > 0 else { throw MediaReadError("decode HEIF image", path: path, reason: "the image has no pixels") }
    }

    deinit {
        if let image { heif_image_release(image) }
        heif_context_free(context)
    }

    static func error(_ operation: String, _ path: String, _ error: heif_error) -> MediaReadError {
        let message = error.message.map { String(cString: $0) } ?? "code \(error.code.rawValue)"
        return MediaReadError(operation, path: path, reason: message)
    }

    /// libswscale's format for 4:2:0 planes of `bits` bits in 16-bit little-endian samples (as libheif stores them).
    static func deepFormat(bits: Int) -> AVPixelFormat? {
        switch bits {
        case 9: return AV_PIX_FMT_YUV420P9LE
        case 10: return AV_PIX_FMT_YUV420P10LE
        case 12: return AV_PIX_FMT_YUV420P12LE
        case 14: return AV_PIX_FMT_YUV420P14LE
        case 16: return AV_PIX_FMT_YUV420P16LE
        default: return nil
        }
    }

    /// The decoded planes as a yuv420p frame (yuv420pNNle when deep) for libswscale, not copied:
    /// the frame points into this picture's memory, so it must not be used after the picture is
    /// released or freed.
    func borrowedYUVFrame() throws -> CodecFrame {
        guard let image else { throw MediaReadError("read HEIF pixels", path: path, reason: "already released") }
        let frame = try CodecFrame()
        frame.pointer.pointee.format = (bits > 8 ? Self.deepFormat(bits: bits) ?? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P).rawValue
        frame.pointer.pointee.width = Int32(width)
        frame.pointer.pointee.height = Int32(height)
        for (index, channel) in [heif_channel_Y, heif_channel_Cb, heif_channel_Cr].enumerated() {
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane_readonly(image, channel, &stride) else {
                throw MediaReadError("read HEIF pixels", path: path, reason: "the image has no Y'CbCr planes")
            }
            withUnsafeMutableBytes(of: &frame.pointer.pointee.data) { $0.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)[index] = UnsafeMutablePointer(mutating: plane) }
            withUnsafeMutableBytes(of: &frame.pointer.pointee.linesize) { $0.bindMemory(to: Int32.self)[index] = stride }
        }
        return frame
    }

    /// Frees the decoded pixels early (they are the largest thing a photo costs).
    func release() {
        if let image { heif_image_release(image) }
        image = nil
    }
}
