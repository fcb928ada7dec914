/// What the container of a still picture holds around the picture: its stored pixel size and
/// its EXIF block, found by walking the container's own structure without decoding pixels.
struct PhotoContainer {
    var storedWidth: Int?
    var storedHeight: Int?
    var exif: [UInt8]?
    var xmp: [UInt8]?
    /// Photoshop's APP13 segment, which holds IPTC.
    var photoshop: [UInt8]?
    /// The ICC colour profile (a JPEG's APP2 chunks joined in order).
    var icc: [UInt8]?
    /// A reason the picture cannot be shown even though the file parsed.
    var problem: String?
    /// Bytes a progressive JPEG's decoder holds for the whole picture's coefficients, whatever
    /// the scale it decodes at (nil for a sequential JPEG and other formats).
    var heldCoefficientBytes: Int?
}

enum JPEGContainer {
    /// How far into a JPEG its frame header is looked for: past this the file is taken to have
    /// no picture (`nextMarker` looks at most 1 MiB past a damaged segment).
    static let headerBytesLimit = 16 << 20

    /// What a progressive JPEG's decoder keeps while it decodes: every component's coefficients
    /// (64 a block, 2 bytes each) for the whole picture, from the frame header's sampling
    /// factors. A header cut short counts three full-size components.
    static func coefficientBytes(_ file: RandomAccessFile, frameAt start: Int64, width: Int, height: Int) throws -> Int {
        let head = try file.read(at: start, count: 6)
        let count = head.count == 6 ? Int(head[5]) : 0
        let table = try file.read(at: start + 6, count: 3 * count)
        var factors: [(h: Int, v: Int)] = []
        if count > 0, table.count == 3 * count {
            for k in 0..<count {
                let sampling = Int(table[3 * k + 1])
                factors.append((h: max(1, sampling >> 4), v: max(1, sampling & 0x0F)))
            }
        } else {
            factors = [(1, 1), (1, 1), (1, 1)]
        }
        let hMax = factors.map(\.h).max() ?? 1, vMax = factors.map(\.v).max() ?? 1
        return factors.reduce(0) { (total: Int, f: (h: Int, v: Int)) -> Int in
            let blocksWide: Int = ((width * f.h + hMax - 1) / hMax + 7) / 8
            let blocksHigh: Int = ((height * f.v + vMax - 1) / vMax + 7) / 8
            return total + blocksWide * blocksHigh * 128
        }
    }

    /// Walks the markers up to the frame header (SOFn), collecting the APP1 EXIF segment.
    static func read(_ file: RandomAccessFile) throws -> PhotoContainer {
        var result = PhotoContainer()
        var iccChunks: [(Int, [UInt8])] = []
        var offset: Int64 = 2
        // Bounded by bytes, not by a count of segments: a valid JPEG may carry thousands of
        // small ones before its frame header (ffprobe and exiftool read them all).
        while offset + 4 <= min(file.size, Int64(headerBytesLimit)) {
            var head = try file.read(at: offset, count: 4)
            // Fill bytes (0xFF 0xFF ...) may pad between segments.
            var pad: Int64 = 0
            while head.count >= 2, head[0] == 0xFF, head[1] == 0xFF {
                pad += 1
                head = try file.read(at: offset + pad, count: 4)
            }
            offset += pad
            guard head.count == 4, head[0] == 0xFF else {
                // A segment whose length is wrong (seen in phone files): find the next marker.
                guard let next = try nextMarker(file, from: offset), next > offset else {
                    result.problem = "JPEG structure is broken at byte \(offset)"
                    return result
                }
                offset = next
                continue
            }
            let marker = head[1]
            if marker == 0xD9 || marker == 0xDA { break }  // end of image / start of scan
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            guard let length = head.bigEndian16(at: 2), length >= 2 else {
                result.problem = "JPEG segment at byte \(offset) has an impossible length"
                return result
            }
            let isFrameHeader = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrameHeader {
                let frame = try file.read(at: offset + 4, count: 5)
                guard let height = frame.bigEndian16(at: 1), let width = frame.bigEndian16(at: 3) else {
                    result.problem = "JPEG frame header is cut short"
                    return result
                }
                result.storedWidth = width
                result.storedHeight = height
                if [0xC2, 0xC6, 0xCA, 0xCE].contains(marker) {
                    result.heldCoefficientBytes = try coefficientBytes(file, frameAt: offset + 4, width: width, height: height)
                }
                if !iccChunks.isEmpty { result.icc = iccChunks.sorted { $0.0 < $1.0 }.flatMap(\.1) }
                if width == 0 || height == 0 {
                    result.problem = "JPEG frame header gives a size of \(width)×\(height)"
                }
                return result
            }
            if marker == 0xE2, length > 16 {
                // ICC_PROFILE\0, chunk number, chunk count, then the chunk.
                let payload = try file.read(at: offset + 4, count: length - 2)
                if payload.hasPrefix("ICC_PROFILE\0"), payload.count > 14 { iccChunks.append((Int(payload[12]), Array(payload[14...]))) }
            }
            if marker == 0xE1 || marker == 0xED {
                let payload = try file.read(at: offset + 4, count: length - 2)
                if marker == 0xE1, result.exif == nil, payload.hasPrefix("Exif\0") { result.exif = payload }
                if marker == 0xE1, result.xmp == nil, payload.hasPrefix(XMPPacket.jpegHeader) { result.xmp = payload }
                if marker == 0xED, result.photoshop == nil, payload.hasPrefix(IPTCRecords.jpegHeader) { result.photoshop = payload }
            }
            offset += 2 + Int64(length)
        }
        if result.storedWidth == nil && result.problem == nil {
            result.problem = "JPEG has no picture, only metadata (no frame header)"
        }
        return result
    }

    /// The offset of the next byte pair that starts a segment (0xFF then a marker that has a
    /// length), searching at most 1 MiB ahead.
    private static func nextMarker(_ file: RandomAccessFile, from start: Int64) throws -> Int64? {
        let chunk = 64 * 1024
        var base = start
        while base < min(file.size, start + (1 << 20)) {
            let bytes = try file.read(at: base, count: chunk + 1)
            guard bytes.count >= 2 else { return nil }
            for i in 0..<(bytes.count - 1) where bytes[i] == 0xFF {
                let m = bytes[i + 1]
                if (0xC0...0xFE).contains(m), !(0xD0...0xD8).contains(m) { return base + Int64(i) }
            }
            base += Int64(chunk)
        }
        return nil
    }
}

enum PNGContainer {
    /// Reads IHDR for the size and an `eXIf` chunk (or the legacy "Raw profile type exif" text) for EXIF.
    static func read(_ file: RandomAccessFile) throws -> PhotoContainer {
        var result = PhotoContainer()
        var offset: Int64 = 8
        var chunks = 0
        while offset + 8 <= file.size, chunks < 100_000 {
            chunks += 1
            let head = try file.read(at: offset, count: 8)
            guard let length = head.bigEndian32(at: 0), head.count == 8 else { break }
            let type = String(decoding: head[4..<8], as: UTF8.self)
            switch type {
            case "IHDR":
                let body = try file.read(at: offset + 8, count: 8)
                if let w = body.bigEndian32(at: 0), let h = body.bigEndian32(at: 4) {
                    result.storedWidth = Int(w); result.storedHeight = Int(h)
                    // PNG sizes are 1…2^31 − 1 (found by the fuzzing campaign: a 0-wide header
                    // was taken for a picture).
                    if w == 0 || h == 0 || w > UInt32(Int32.max) || h > UInt32(Int32.max) {
                        result.problem = "PNG header gives an impossible size of \(w)×\(h)"
                    }
                }
            case "eXIf" where length < 16 << 20:
                result.exif = try file.read(at: offset + 8, count: Int(length))
            case "zTXt", "tEXt", "iTXt":
                if result.exif == nil, length < 16 << 20 {
                    let body = try file.read(at: offset + 8, count: Int(length))
                    if body.hasPrefix("Raw profile type exif\0") || body.hasPrefix("Raw profile type APP1\0") {
                        result.exif = LegacyPNGProfile.decode(body, compressed: type == "zTXt")
                    }
                    if type == "iTXt", body.hasPrefix("XML:com.adobe.xmp\0") { result.xmp = body }
                }
            case "IEND":
                return result
            default: break
            }
            offset += 12 + Int64(length)
        }
        if result.storedWidth == nil { result.problem = "PNG has no header chunk (IHDR)" }
        return result
    }
}

/// ImageMagick's old way to keep EXIF in PNG: a text chunk holding "\nexif\n  LENGTH\nHEX...".
enum LegacyPNGProfile {
    static func decode(_ body: [UInt8], compressed: Bool) -> [UInt8]? {
        guard !compressed, let nul = body.firstIndex(of: 0) else { return nil }  // zTXt would need zlib
        // The text is "\nexif\n  <decimal length>\n<hex lines>".
        let lines = body[(nul + 1)...].split(separator: 0x0A, omittingEmptySubsequences: true)
        guard lines.count >= 3 else { return nil }
        let hex = lines.dropFirst(2).joined().filter { $0 != 0x20 && $0 != 0x0D }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hex.count / 2)
        var i = hex.startIndex
        while i + 1 < hex.endIndex {
            guard let v = UInt8(String(decoding: hex[i...i + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(v)
            i += 2
        }
        return bytes.hasPrefix("Exif\0\0") || bytes.hasPrefix("II*\0") || bytes.hasPrefix("MM\0*") ? bytes : nil
    }
}

enum WebPContainer {
    /// Reads the canvas size from VP8X, VP8 or VP8L and the EXIF chunk.
    static func read(_ file: RandomAccessFile) throws -> PhotoContainer {
        var result = PhotoContainer()
        var offset: Int64 = 12
        var chunks = 0
        while offset + 8 <= file.size, chunks < 100_000 {
            chunks += 1
            let head = try file.read(at: offset, count: 8)
            guard head.count == 8, let length = head.littleEndian32(at: 4) else { break }
            let type = String(decoding: head[0..<4], as: UTF8.self)
            let body = type == "EXIF" || type == "XMP " || type == "ICCP" || type.hasPrefix("VP8") ? try file.read(at: offset + 8, count: min(Int(length), 16 << 20)) : []
            switch type {
            case "VP8X":
                if body.count >= 10 {
                    result.storedWidth = 1 + (Int(body[4]) | Int(body[5]) << 8 | Int(body[6]) << 16)
                    result.storedHeight = 1 + (Int(body[7]) | Int(body[8]) << 8 | Int(body[9]) << 16)
                }
            case "VP8 ":
                if result.storedWidth == nil, let w = body.littleEndian16(at: 6), let h = body.littleEndian16(at: 8) {
                    result.storedWidth = w & 0x3FFF; result.storedHeight = h & 0x3FFF
                }
            case "VP8L":
                if result.storedWidth == nil, body.count >= 5, body[0] == 0x2F, let bits = body.littleEndian32(at: 1) {
                    result.storedWidth = Int(bits & 0x3FFF) + 1
                    result.storedHeight = Int((bits >> 14) & 0x3FFF) + 1
                }
            case "EXIF":
                result.exif = body
            case "ICCP":
                result.icc = body
            case "XMP ":
                result.xmp = body
            default: break
            }
            offset += 8 + Int64(length) + Int64(length & 1)
        }
        if result.storedWidth == nil { result.problem = "WebP has no picture chunk" }
        return result
    }
}
