import CExif

/// One parsed EXIF block (libexif's `ExifData`), owned here and freed in `deinit`.
///
/// The block is parsed as the camera wrote it: libexif's "follow the specification" option is
/// off, because it would "repair" missing tags by inventing values such as the current date.
final class ExifBlock {
    private let data: UnsafeMutablePointer<ExifData>

    /// Parses `bytes`, which start either with `Exif\0\0` or directly with the TIFF header
    /// (`II*\0` / `MM\0*`), as PNG, WebP and HEIF store it.
    init?(bytes: [UInt8]) {
        var payload = bytes
        if !payload.hasPrefix("Exif\0\0") {
            guard payload.hasPrefix("II*\0") || payload.hasPrefix("MM\0*") else { return nil }
            payload = Array("Exif\0\0".utf8) + payload
        }
        guard payload.count > 14, payload.count < Int(UInt32.max), let made = exif_data_new() else { return nil }
        exif_data_unset_option(made, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_unset_option(made, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)
        payload.withUnsafeBufferPointer { buffer in
            exif_data_load_data(made, buffer.baseAddress, UInt32(buffer.count))
        }
        data = made
    }

    deinit { exif_data_unref(data) }

    private var byteOrder: ExifByteOrder { exif_data_get_byte_order(data) }

    /// The thumbnail IFD1 points to (a small JPEG, as cameras and phones store it), when there is one.
    var thumbnail: [UInt8]? {
        guard let bytes = data.pointee.data, data.pointee.size > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(data.pointee.size)))
    }

    /// Looks a tag up in one IFD and hands its raw value to `body` while the block is alive.
    private func withEntry<T>(_ ifd: ExifIfd, _ tag: UInt16, _ body: (ExifEntry) -> T?) -> T? {
        guard let entry = lenta_exif_entry(data, ifd, ExifTag(rawValue: UInt32(tag))),
              entry.pointee.data != nil, entry.pointee.size > 0 else { return nil }
        return body(entry.pointee)
    }

    /// An ASCII value, trimmed of padding; nil when empty.
    func string(_ ifd: ExifIfd, _ tag: UInt16) -> String? {
        withEntry(ifd, tag) { entry in
            let bytes = UnsafeBufferPointer(start: entry.data, count: Int(entry.size))
            let text = bytes.prefix { $0 != 0 }
            let s = String(decoding: text, as: UTF8.self).trimmingCharacters(in: " \t\r\n")
            return s.isEmpty ? nil : s
        }
    }

    /// An UNDEFINED comment (UserComment): its 8-byte character-code prefix ("ASCII", "UNICODE",
    /// or zeros) dropped, ASCII and UTF-8 text read; nil when empty.
    func comment(_ ifd: ExifIfd, _ tag: UInt16) -> String? {
        withEntry(ifd, tag) { entry in
            let bytes = Array(UnsafeBufferPointer(start: entry.data, count: Int(entry.size)))
            guard bytes.count > 8 else { return nil }
            let code = bytes.prefix(8)
            guard code.starts(with: Array("ASCII".utf8)) || code.allSatisfy({ $0 == 0 }) else { return nil }
            let text = bytes.dropFirst(8).prefix { $0 != 0 }
            let s = String(decoding: text, as: UTF8.self).trimmingCharacters(in: " \t\r\n")
            return s.isEmpty ? nil : s
        }
    }

    /// A value's bytes as stored (a maker note, an UNDEFINED field).
    func bytes(_ ifd: ExifIfd, _ tag: UInt16) -> [UInt8]? {
        withEntry(ifd, tag) { entry in entry.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(entry.size))) } }
    }

    /// An integer value of any integer format (cameras disagree on SHORT versus LONG).
    func integer(_ ifd: ExifIfd, _ tag: UInt16) -> Int? {
        numbers(ifd, tag)?.first.flatMap { $0.isFinite ? Int(exactly: $0.rounded()) : nil }
    }

    /// All components of a numeric value as doubles; rationals with a zero denominator are nil.
    func numbers(_ ifd: ExifIfd, _ tag: UInt16) -> [Double]? {
        let order = byteOrder
        return withEntry(ifd, tag) { entry -> [Double]? in
            guard let base = entry.data else { return nil }
            let count = Int(entry.components)
            let width = Int(exif_format_get_size(entry.format))
            guard count > 0, width > 0, count * width <= Int(entry.size) else { return nil }
            var values: [Double] = []
            for i in 0..<count {
                let p = base + i * width
                switch entry.format {
                case EXIF_FORMAT_BYTE: values.append(Double(p.pointee))
                case EXIF_FORMAT_SBYTE: values.append(Double(Int8(bitPattern: p.pointee)))
                case EXIF_FORMAT_SHORT: values.append(Double(exif_get_short(p, order)))
                case EXIF_FORMAT_SSHORT: values.append(Double(exif_get_sshort(p, order)))
                case EXIF_FORMAT_LONG: values.append(Double(exif_get_long(p, order)))
                case EXIF_FORMAT_SLONG: values.append(Double(exif_get_slong(p, order)))
                case EXIF_FORMAT_RATIONAL:
                    let r = exif_get_rational(p, order)
                    guard r.denominator != 0 else { return nil }
                    values.append(Double(r.numerator) / Double(r.denominator))
                case EXIF_FORMAT_SRATIONAL:
                    let r = exif_get_srational(p, order)
                    guard r.denominator != 0 else { return nil }
                    values.append(Double(r.numerator) / Double(r.denominator))
                default:
                    return nil
                }
            }
            return values
        }
    }

    /// True when parsing found no tag at all.
    var isEmpty: Bool {
        let ifds = data.pointee.ifd
        return [ifds.0, ifds.1, ifds.2, ifds.3, ifds.4].allSatisfy { ($0?.pointee.count ?? 0) == 0 }
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        let scalars = Set(set.unicodeScalars)
        var s = Substring(self)
        while let f = s.unicodeScalars.first, scalars.contains(f) { s = Substring(s.unicodeScalars.dropFirst()) }
        while let l = s.unicodeScalars.last, scalars.contains(l) { s = Substring(s.unicodeScalars.dropLast()) }
        return String(s)
    }
}
