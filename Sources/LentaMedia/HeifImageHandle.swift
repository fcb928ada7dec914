import CHeif

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
        return (nclx.pointee.matrix_coefficients == heif_matrix_coefficients_ITU_R_BT_709_5 ? .bt709 : .bt601,
                nclx.pointee.full_range_flag != 0)
    }

    /// Decodes to 8-bit Y'CbCr 4:2:0, the codec's own form (tile grids assembled, `irot`/`imir`
    /// applied; HDR reduced to 8 bits).
    package func decodeYCbCr420() throws -> HeifImage {
        guard let options = heif_decoding_options_alloc() else {
            throw MediaError("heif_decoding_options_alloc", path: path, reason: "out of memory")
        }
        defer { heif_decoding_options_free(options) }
        options.pointee.convert_hdr_to_8bit = 1
        var decoded: OpaquePointer?
        try check(heif_decode_image(pointer, &decoded, heif_colorspace_YCbCr, heif_chroma_420, options),
                  "decode HEIF image", path: path)
        guard let decoded else { throw MediaError("decode HEIF image", path: path, reason: "no image returned") }
        return HeifImage(decoded, path: path)
    }
}
