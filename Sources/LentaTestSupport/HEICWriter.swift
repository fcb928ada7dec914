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

extension HEICWriter {
    /// A deep HEIC (10-bit HDR, as phones write PQ and HLG photos): `signal` gives each pixel's
    /// R'G'B' signal (0…1, in the transfer and primaries the `nclx` box names), coded full range
    /// with `matrix`'s Y'CbCr (H.273 1 BT.709, 6 BT.601, 9 BT.2020) at `bits` bits, chroma the
    /// mean of each 2×2 block.
    static func writeDeep(width: Int, height: Int, bits: Int, primaries: Int, transfer: Int, matrix: Int, quality: Int,
                          to path: String, signal: (Int, Int) -> SIMD3<Double>) throws {
        let (kr, kb): (Double, Double) = switch matrix {
        case 1: (0.2126, 0.0722)
        case 9: (0.2627, 0.0593)
        default: (0.299, 0.114)
        }
        let top = Double((1 << bits) - 1)
        func ycbcr(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
            let c = pointwiseMin(pointwiseMax(rgb, .zero), .one)
            let y = kr * c.x + (1 - kr - kb) * c.y + kb * c.z
            return SIMD3(y, (c.z - y) / (2 * (1 - kb)) + 0.5, (c.x - y) / (2 * (1 - kr)) + 0.5)
        }
        func code(_ v: Double) -> UInt16 { UInt16(max(0, min(top, (v * top).rounded()))) }
        let context = try HeifWriteContext()
        let encoder = try HeifEncoderBox(hevcFor: context)
        try heifCheck(heif_encoder_set_lossy_quality(encoder.pointer, Int32(max(0, min(100, quality)))), "set HEIC quality", path: path)
        let image = try HeifImageBox(width: width, height: height, bits: bits) { channel, base, stride, w, h in
            for row in 0..<h {
                for column in 0..<w {
                    let value: Double
                    if channel == heif_channel_Y {
                        value = ycbcr(signal(column, row)).x
                    } else {
                        var sum = SIMD3<Double>.zero, n = 0.0
                        for dy in 0..<2 where 2 * row + dy < height {
                            for dx in 0..<2 where 2 * column + dx < width {
                                sum += ycbcr(signal(2 * column + dx, 2 * row + dy))
                                n += 1
                            }
                        }
                        value = channel == heif_channel_Cb ? sum.y / n : sum.z / n
                    }
                    base[row * stride + column] = code(value)
                }
            }
        }
        try image.setColour(primaries: primaries, transfer: transfer, matrix: matrix, fullRange: true)
        let encoding = try HeifEncodingOptionsBox()
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
