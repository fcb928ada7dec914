import LentaCore
import LentaMedia

/// Encodes `SyntheticPattern` as a HEIC with libheif and its x265 encoder, through LentaMedia's
/// libheif wrappers.
enum HEICWriter {
    static func write(width: Int, height: Int, exif: SyntheticExif?, options: SyntheticHEICOptions, to path: String) throws {
        guard width > 0, height > 0, width <= 16_384, height <= 16_384 else {
            throw MediaError("encode HEIC", path: path, reason: "size \(width)×\(height) is out of range")
        }
        guard (1...8).contains(options.transform) else {
            throw MediaError("encode HEIC", path: path, reason: "transform \(options.transform) is not an orientation 1...8")
        }
        let exifBytes = try exif.map { options.exifHeader ? try $0.app1Payload() : try $0.tiffBytes() }

        let context = try HeifContext(path: path)
        let encoder = try context.hevcEncoder()
        try encoder.setLossyQuality(options.quality, path: path)
        // Interleaved 8-bit RGB; libheif converts it to Y'CbCr 4:2:0 for the encoder.
        let image = try HeifImage(rgbWidth: width, height: height, path: path)
        try image.withRGBPlane { base, stride in
            PlaneFill.rgb24(base, stride: stride, width: width, height: height, frame: nil)
        }
        let encoding = try HeifEncodingOptions(path: path)
        if options.transform != 1 { try encoding.setOrientation(options.transform) }
        let handle = try context.encode(image, with: encoder, options: encoding)
        if let exifBytes { try context.addExif(exifBytes, to: handle) }
        try AtomicWrite.produce(at: path) { temporary in try context.write(to: temporary) }
    }

    /// A HEIC of `picture` tagged with an `nclx` box (H.273 primaries, transfer, matrix; full range).
    static func write(_ picture: RGBAImage, primaries: Int, transfer: Int, matrix: Int, quality: Int, to path: String) throws {
        let context = try HeifContext(path: path)
        let encoder = try context.hevcEncoder()
        try encoder.setLossyQuality(quality, path: path)
        // Interleaved 8-bit RGB, alpha dropped.
        let image = try HeifImage(rgbWidth: picture.width, height: picture.height, path: path)
        try image.withRGBPlane { base, stride in
            for y in 0..<picture.height {
                for x in 0..<picture.width {
                    let p = picture.pixel(x, y)
                    let o = y * stride + 3 * x
                    base[o] = p.0
                    base[o + 1] = p.1
                    base[o + 2] = p.2
                }
            }
        }
        try image.setColour(primaries: primaries, transfer: transfer, matrix: matrix, fullRange: true)
        let encoding = try HeifEncodingOptions(path: path)
        encoding.keepColourProfile()
        _ = try context.encode(image, with: encoder, options: encoding)
        try AtomicWrite.produce(at: path) { temporary in try context.write(to: temporary) }
    }
}
