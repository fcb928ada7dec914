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
        let context = try HeifContext(path: path)
        let encoder = try context.hevcEncoder()
        try encoder.setLossyQuality(quality, path: path)
        let image = try HeifImage(yCbCr420Width: width, height: height, bits: bits, path: path)
        for channel in [HeifPlane.y, .cb, .cr] {
            let (w, h) = channel == .y ? (width, height) : ((width + 1) / 2, (height + 1) / 2)
            try image.withDeepPlane(channel) { base, stride in
                for row in 0..<h {
                    for column in 0..<w {
                        let value: Double
                        if channel == .y {
                            value = ycbcr(signal(column, row)).x
                        } else {
                            var sum = SIMD3<Double>.zero, n = 0.0
                            for dy in 0..<2 where 2 * row + dy < height {
                                for dx in 0..<2 where 2 * column + dx < width {
                                    sum += ycbcr(signal(2 * column + dx, 2 * row + dy))
                                    n += 1
                                }
                            }
                            value = channel == .cb ? sum.y / n : sum.z / n
                        }
                        base[row * stride + column] = code(value)
                    }
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
