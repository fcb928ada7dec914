import CHeif
import LentaCore

/// Encodes `SyntheticPattern` as a HEIC with libheif and its x265 encoder.
enum HEICWriter {
    static func write(width: Int, height: Int, exif: SyntheticExif?, options: SyntheticHEICOptions, to path: String) throws {
        guard width > 0, height > 0, width <= 16_384, height <= 16_384 else {
            throw SyntheticMediaError("encode HEIC", path: path, reason: "size \(width)×\(height) is out of range")
        }
        guard (1...8).contains(options.transform) else {
            throw SyntheticMediaError("encode HEIC", path: path, reason: "transform \(options.transform) is not an orientation 1...8")
        }
        let exifBytes = try exif.map { options.exifHeader ? try $0.app1Payload() : try $0.tiffBytes() }

        let context = try HeifWriteContext()
        let encoder = try HeifEncoderBox(hevcFor: context)
        try heifCheck(heif_encoder_set_lossy_quality(encoder.pointer, Int32(max(0, min(100, options.quality)))),
                      "set HEIC quality", path: path)
        let image = try HeifImageBox(patternWidth: width, height: height)
        let encoding = try HeifEncodingOptionsBox()
        if options.transform != 1 {
            guard encoding.pointer.pointee.version >= 5 else {
                throw SyntheticMediaError("encode HEIC", path: path, reason: "this libheif cannot write irot/imir (options version \(encoding.pointer.pointee.version))")
            }
            encoding.pointer.pointee.image_orientation = heif_orientation(rawValue: UInt32(options.transform))
        }

        var rawHandle: OpaquePointer?
        try heifCheck(heif_context_encode_image(context.pointer, image.pointer, encoder.pointer, encoding.pointer, &rawHandle),
                      "encode HEIC image", path: path)
        guard let rawHandle else { throw SyntheticMediaError("encode HEIC image", path: path, reason: "no image handle returned") }
        let handle = HeifImageHandleBox(rawHandle)

        if let exifBytes {
            // libheif finds the TIFF header in the data and prepends the 4-byte offset to it itself.
            try exifBytes.withUnsafeBytes { buffer in
                try heifCheck(heif_context_add_exif_metadata(context.pointer, handle.pointer, buffer.baseAddress, Int32(buffer.count)),
                              "add EXIF to HEIC", path: path)
            }
        }
        try AtomicFile.produce(at: path) { temporary in
            try heifCheck(heif_context_write_to_file(context.pointer, temporary), "write HEIC", path: path)
        }
    }

    /// A HEIC of `picture` tagged with an `nclx` box (H.273 primaries, transfer, matrix; full range).
    static func write(_ picture: RGBAImage, primaries: Int, transfer: Int, matrix: Int, quality: Int, to path: String) throws {
        let context = try HeifWriteContext()
        let encoder = try HeifEncoderBox(hevcFor: context)
        try heifCheck(heif_encoder_set_lossy_quality(encoder.pointer, Int32(max(0, min(100, quality)))), "set HEIC quality", path: path)
        let image = try HeifImageBox(picture: picture)
        try image.setColour(primaries: primaries, transfer: transfer, matrix: matrix, fullRange: true)
        let encoding = try HeifEncodingOptionsBox()
        // libheif leaves the nclx box out by default (an old macOS workaround); the box is the point here.
        encoding.pointer.pointee.macOS_compatibility_workaround_no_nclx_profile = 0
        var rawHandle: OpaquePointer?
        try heifCheck(heif_context_encode_image(context.pointer, image.pointer, encoder.pointer, encoding.pointer, &rawHandle),
                      "encode HEIC image", path: path)
        if let rawHandle { _ = HeifImageHandleBox(rawHandle) }
        try AtomicFile.produce(at: path) { temporary in
            try heifCheck(heif_context_write_to_file(context.pointer, temporary), "write HEIC", path: path)
        }
    }
}
