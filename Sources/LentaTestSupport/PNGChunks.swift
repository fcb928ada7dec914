import LentaCore
import LentaMedia

/// Splices chunks into a PNG stream.
enum PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let n = UInt32(data.count)
        let crc = CRC32.checksum(typeBytes + data)
        return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
            + typeBytes + data
            + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    /// Inserts an `eXIf` chunk holding the raw TIFF block before the first `IDAT`, as the PNG
    /// specification (1.5 extensions) requires.
    static func insertingExif(_ tiff: [UInt8], into png: [UInt8]) throws -> [UInt8] {
        guard png.count > 8, Array(png[0..<8]) == signature else {
            throw MediaError("insert eXIf into PNG", path: "", reason: "the encoder's output has no PNG signature")
        }
        var position = 8
        while position + 8 <= png.count {
            let length = Int(png[position]) << 24 | Int(png[position + 1]) << 16 | Int(png[position + 2]) << 8 | Int(png[position + 3])
            let type = String(decoding: png[(position + 4)..<(position + 8)], as: UTF8.self)
            if type == "IDAT" {
                return Array(png[0..<position]) + chunk("eXIf", tiff) + Array(png[position...])
            }
            position += 12 + length
        }
        throw MediaError("insert eXIf into PNG", path: "", reason: "the encoder's output has no IDAT chunk")
    }
}
