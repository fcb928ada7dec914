import CFFmpeg
import CHeif

/// A HEIF/HEIC/AVIF file's primary image decoded by libheif to interleaved RGB — 8-bit, or for a
/// deeper image asked `deep` its own bits in 16 — with tile grids assembled and `irot`/`imir`
/// applied (so it is already upright). Its values are the image's own R'G'B' (libheif applies
/// the `nclx` matrix only). Owns the `heif_context` and the `heif_image`, freed in `deinit`.
final class HeifPicture {
    private let context: OpaquePointer
    private var image: OpaquePointer?
    let path: String
    let width: Int
    let height: Int
    /// Bits per value in the decoded image (8, or the image's own depth when deep).
    let bits: Int

    init(path: String, deep: Bool = false) throws {
        self.path = path
        HeifLibrary.initialise()
        guard let made = heif_context_alloc() else {
            throw MediaReadError("heif_context_alloc", path: path, reason: "out of memory")
        }
        context = made
        var status = heif_context_read_from_file(context, path, nil)
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
        bits = keepDepth ? depth : 8
        var decoded: OpaquePointer?
        status = heif_decode_image(handle, &decoded, heif_colorspace_RGB,
                                   keepDepth ? heif_chroma_interleaved_RRGGBB_LE : heif_chroma_interleaved_RGB, options)
        guard status.code == heif_error_Ok, let decoded else { throw Self.error("decode HEIF image", path, status) }
        image = decoded
        width = Int(heif_image_get_width(decoded, heif_channel_interleaved))
        height = Int(heif_image_get_height(decoded, heif_channel_interleaved))
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

    /// The pixels copied into an rgb24 frame (rgb48le, values scaled to 16 bits, when deep) for libswscale.
    func rgbFrame() throws -> CodecFrame {
        guard let image else { throw MediaReadError("read HEIF pixels", path: path, reason: "already released") }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
            throw MediaReadError("read HEIF pixels", path: path, reason: "the image has no RGB plane")
        }
        let frame = try CodecFrame.video(width: width, height: height, format: bits > 8 ? AV_PIX_FMT_RGB48LE : AV_PIX_FMT_RGB24, path: path)
        guard let base = frame.pointer.pointee.data.0 else {
            throw MediaReadError("read HEIF pixels", path: path, reason: "no frame buffer")
        }
        let lineSize = Int(frame.pointer.pointee.linesize.0)
        if bits > 8 {
            // libheif keeps the image's own bits (0…1023 for 10); libswscale wants 0…65535.
            let up = UInt16(16 - bits), top = UInt16((1 << bits) - 1)
            for row in 0..<height {
                let from = UnsafeRawPointer(plane + row * Int(stride)), to = UnsafeMutableRawPointer(base + row * lineSize)
                for i in 0..<(width * 3) {
                    let v = min(top, UInt16(littleEndian: from.loadUnaligned(fromByteOffset: 2 * i, as: UInt16.self)))
                    to.storeBytes(of: (v << up | v >> (bits > 8 ? UInt16(2 * bits - 16) : 0)).littleEndian, toByteOffset: 2 * i, as: UInt16.self)
                }
            }
            return frame
        }
        for row in 0..<height {
            (base + row * lineSize).update(from: plane + row * Int(stride), count: width * 3)
        }
        return frame
    }

    /// Frees the decoded pixels early (they are the largest thing a photo costs).
    func release() {
        if let image { heif_image_release(image) }
        image = nil
    }
}
