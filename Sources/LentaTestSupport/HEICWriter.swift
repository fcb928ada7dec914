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
}
