import CHeif
import LentaCore

/// A libheif failure as a thrown error.
func heifCheck(_ error: heif_error, _ operation: String, path: String? = nil) throws {
    guard error.code != heif_error_Ok else { return }
    let message = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
    throw SyntheticMediaError(operation, path: path, reason: message)
}

/// A `heif_context` being written, owned here and freed in `deinit`.
final class HeifWriteContext {
    let pointer: OpaquePointer

    init() throws {
        guard let context = heif_context_alloc() else {
            throw SyntheticMediaError("heif_context_alloc", reason: "out of memory")
        }
        pointer = context
    }

    deinit { heif_context_free(pointer) }
}

/// A `heif_encoder`, owned here and released in `deinit`.
final class HeifEncoderBox {
    let pointer: OpaquePointer

    /// The context's encoder for HEVC (x265 on this system).
    init(hevcFor context: HeifWriteContext) throws {
        var encoder: OpaquePointer?
        try heifCheck(heif_context_get_encoder_for_format(context.pointer, heif_compression_HEVC, &encoder),
                      "find HEVC encoder in libheif")
        guard let encoder else { throw SyntheticMediaError("find HEVC encoder in libheif", reason: "none returned") }
        pointer = encoder
    }

    deinit { heif_encoder_release(pointer) }
}

/// A `heif_image` (uncompressed planes), owned here and released in `deinit`.
final class HeifImageBox {
    let pointer: OpaquePointer

    /// An interleaved 8-bit RGB image filled with `SyntheticPattern`; libheif converts it to
    /// Y'CbCr 4:2:0 for the encoder.
    init(patternWidth width: Int, height: Int) throws {
        var image: OpaquePointer?
        try heifCheck(heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image),
                      "heif_image_create")
        guard let image else { throw SyntheticMediaError("heif_image_create", reason: "no image returned") }
        pointer = image
        try heifCheck(heif_image_add_plane(pointer, heif_channel_interleaved, Int32(width), Int32(height), 8),
                      "heif_image_add_plane")
        var stride: Int32 = 0
        guard let base = heif_image_get_plane(pointer, heif_channel_interleaved, &stride) else {
            throw SyntheticMediaError("heif_image_get_plane", reason: "no interleaved plane")
        }
        PlaneFill.rgb24(base, stride: Int(stride), width: width, height: height, frame: nil)
    }

    /// An interleaved 8-bit RGB image of `picture` (alpha dropped).
    init(picture: RGBAImage) throws {
        var image: OpaquePointer?
        try heifCheck(heif_image_create(Int32(picture.width), Int32(picture.height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image),
                      "heif_image_create")
        guard let image else { throw SyntheticMediaError("heif_image_create", reason: "no image returned") }
        pointer = image
        try heifCheck(heif_image_add_plane(pointer, heif_channel_interleaved, Int32(picture.width), Int32(picture.height), 8),
                      "heif_image_add_plane")
        var stride: Int32 = 0
        guard let base = heif_image_get_plane(pointer, heif_channel_interleaved, &stride) else {
            throw SyntheticMediaError("heif_image_get_plane", reason: "no interleaved plane")
        }
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let p = picture.pixel(x, y)
                let o = y * Int(stride) + 3 * x
                base[o] = p.0
                base[o + 1] = p.1
                base[o + 2] = p.2
            }
        }
    }

    /// Y'CbCr 4:2:0 planes of `bits` bits (9…16: libheif stores each code in 16 bits), filled by `fill`
    /// with each plane's base, stride in samples, width and height.
    init(width: Int, height: Int, bits: Int,
         fill: (heif_channel, UnsafeMutablePointer<UInt16>, Int, Int, Int) -> Void) throws {
        var image: OpaquePointer?
        try heifCheck(heif_image_create(Int32(width), Int32(height), heif_colorspace_YCbCr, heif_chroma_420, &image), "heif_image_create")
        guard let image else { throw SyntheticMediaError("heif_image_create", reason: "no image returned") }
        pointer = image
        for channel in [heif_channel_Y, heif_channel_Cb, heif_channel_Cr] {
            let (w, h) = channel == heif_channel_Y ? (width, height) : ((width + 1) / 2, (height + 1) / 2)
            try heifCheck(heif_image_add_plane(pointer, channel, Int32(w), Int32(h), Int32(bits)), "heif_image_add_plane")
            var stride: Int32 = 0
            guard let base = heif_image_get_plane(pointer, channel, &stride) else {
                throw SyntheticMediaError("heif_image_get_plane", reason: "no \(channel) plane")
            }
            UnsafeMutableRawPointer(base).withMemoryRebound(to: UInt16.self, capacity: Int(stride) / 2 * h) {
                fill(channel, $0, Int(stride) / 2, w, h)
            }
        }
    }

    /// Tags the image with an `nclx` colour box (H.273 code points).
    func setColour(primaries: Int, transfer: Int, matrix: Int, fullRange: Bool) throws {
        guard let nclx = heif_nclx_color_profile_alloc() else { throw SyntheticMediaError("heif_nclx_color_profile_alloc", reason: "out of memory") }
        defer { heif_nclx_color_profile_free(nclx) }
        try heifCheck(heif_nclx_color_profile_set_color_primaries(nclx, UInt16(primaries)), "set nclx primaries")
        try heifCheck(heif_nclx_color_profile_set_transfer_characteristics(nclx, UInt16(transfer)), "set nclx transfer")
        try heifCheck(heif_nclx_color_profile_set_matrix_coefficients(nclx, UInt16(matrix)), "set nclx matrix")
        nclx.pointee.full_range_flag = fullRange ? 1 : 0
        try heifCheck(heif_image_set_nclx_color_profile(pointer, nclx), "set nclx colour profile")
    }

    deinit { heif_image_release(pointer) }
}

/// A `heif_image_handle`, owned here and released in `deinit`.
final class HeifImageHandleBox {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { heif_image_handle_release(pointer) }
}

/// `heif_encoding_options`, owned here and freed in `deinit`.
final class HeifEncodingOptionsBox {
    let pointer: UnsafeMutablePointer<heif_encoding_options>

    init() throws {
        guard let options = heif_encoding_options_alloc() else {
            throw SyntheticMediaError("heif_encoding_options_alloc", reason: "out of memory")
        }
        pointer = options
    }

    deinit { heif_encoding_options_free(pointer) }
}
