import CHeif
import LentaCore

/// One image of a `HeifContext` (`heif_image_handle`), owned here and released in `deinit`.
package final class HeifImageHandle {
    let pointer: OpaquePointer
    package let path: String

    init(_ pointer: OpaquePointer, path: String) {
        self.pointer = pointer
        self.path = path
    }

    deinit { heif_image_handle_release(pointer) }

    /// The size as displayed (after `irot`).
    package var width: Int { Int(heif_image_handle_get_width(pointer)) }
    package var height: Int { Int(heif_image_handle_get_height(pointer)) }

    /// The first EXIF block from its TIFF header on, or nil when there is none (or it is absurd).
    package func exifBlock() throws -> [UInt8]? {
        var id = heif_item_id()
        guard heif_image_handle_get_list_of_metadata_block_IDs(pointer, "Exif", &id, 1) == 1 else { return nil }
        let size = heif_image_handle_get_metadata_size(pointer, id)
        guard size > 4, size < 64 << 20 else { return nil }
        var block = [UInt8](repeating: 0, count: size)
        let got = block.withUnsafeMutableBytes { heif_image_handle_get_metadata(pointer, id, $0.baseAddress) }
        // The block starts with a 4-byte offset to the TIFF header (usually after "Exif\0\0").
        guard got.code == heif_error_Ok, let skip = block.bigEndian32(at: 0), Int(skip) + 4 < size else { return nil }
        return Array(block[(4 + Int(skip))...])
    }

    /// How the image's Y'CbCr codes mean colours: the `nclx` profile when there is one, else
    /// HEIF's default (BT.601, full range).
    package func colourEncoding() -> (matrix: ScaleContext.Matrix, fullRange: Bool) {
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        guard heif_image_handle_get_nclx_color_profile(pointer, &nclx).code == heif_error_Ok, let nclx else {
            return (.bt601, true)
        }
        defer { heif_nclx_color_profile_free(nclx) }
        let matrix: ScaleContext.Matrix = switch nclx.pointee.matrix_coefficients {
        case heif_matrix_coefficients_ITU_R_BT_709_5: .bt709
        case heif_matrix_coefficients_ITU_R_BT_2020_2_non_constant_luminance: .bt2020
        default: .bt601
        }
        return (matrix, nclx.pointee.full_range_flag != 0)
    }

    /// Decodes to Y'CbCr 4:2:0, the codec's own form (tile grids assembled, `irot`/`imir`
    /// applied): 8-bit, or with `keepingDepth` a deeper image (10-bit HDR) at its own bits, each
    /// code in 16 bits.
    package func decodeYCbCr420(keepingDepth: Bool = false) throws -> HeifImage {
        try decode(heif_colorspace_YCbCr, heif_chroma_420, operation: "decode HEIF image", keepingDepth: keepingDepth)
    }

    /// The XMP packet (a `mime` item of type `application/rdf+xml`), or nil when there is none.
    package func xmpPacket() -> [UInt8]? {
        var ids = [heif_item_id](repeating: 0, count: 8)
        let count = Int(heif_image_handle_get_list_of_metadata_block_IDs(pointer, "mime", &ids, Int32(ids.count)))
        for id in ids.prefix(max(0, min(count, ids.count))) {
            guard let type = heif_image_handle_get_metadata_content_type(pointer, id),
                  String(cString: type) == "application/rdf+xml" else { continue }
            let size = heif_image_handle_get_metadata_size(pointer, id)
            guard size > 0, size < 16 << 20 else { continue }
            var block = [UInt8](repeating: 0, count: size)
            let got = block.withUnsafeMutableBytes { heif_image_handle_get_metadata(pointer, id, $0.baseAddress) }
            if got.code == heif_error_Ok { return block }
        }
        return nil
    }

    /// The colour the image's codes describe (its `nclx` or ICC profile), with a warning when
    /// that cannot be honoured.
    package func colour() -> (ColourDescription, warning: String?) { SourceColour.heif(pointer) }

    /// The first thumbnail when its longer side is at least `minimumSide`, else nil.
    package func thumbnail(minimumSide: Int) -> HeifImageHandle? {
        var id = heif_item_id()
        guard heif_image_handle_get_list_of_thumbnail_IDs(pointer, &id, 1) == 1 else { return nil }
        var thumbnail: OpaquePointer?
        guard heif_image_handle_get_thumbnail(pointer, id, &thumbnail).code == heif_error_Ok, let thumbnail else { return nil }
        let handle = HeifImageHandle(thumbnail, path: path)
        return max(handle.width, handle.height) >= minimumSide ? handle : nil
    }

    /// Decodes to interleaved 8-bit RGB (HDR reduced to 8 bits).
    package func decodeRGB(operation: String) throws -> HeifImage {
        try decode(heif_colorspace_RGB, heif_chroma_interleaved_RGB, operation: operation)
    }

    private func decode(_ colourspace: heif_colorspace, _ chroma: heif_chroma, operation: String,
                        keepingDepth: Bool = false) throws -> HeifImage {
        guard let options = heif_decoding_options_alloc() else {
            throw MediaError("heif_decoding_options_alloc", path: path, reason: "out of memory")
        }
        defer { heif_decoding_options_free(options) }
        let depth = Int(heif_image_handle_get_luma_bits_per_pixel(pointer))
        options.pointee.convert_hdr_to_8bit = keepingDepth && depth > 8 && depth <= 16 ? 0 : 1
        var decoded: OpaquePointer?
        try check(heif_decode_image(pointer, &decoded, colourspace, chroma, options), operation, path: path)
        guard let decoded else { throw MediaError(operation, path: path, reason: "no image returned") }
        return HeifImage(decoded, path: path)
    }
}
