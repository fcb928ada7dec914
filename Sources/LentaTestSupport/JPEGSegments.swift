import LentaMedia
/// Splices marker segments into a baseline JPEG stream.
enum JPEGSegments {
    /// Inserts an APP1 `Exif\0\0` segment right after SOI.
    static func insertingExif(_ payload: [UInt8], into jpeg: [UInt8]) throws -> [UInt8] {
        guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else {
            throw MediaError("insert EXIF into JPEG", path: "", reason: "the encoder's output does not start with SOI")
        }
        let length = payload.count + 2
        guard length <= 0xFFFF else {
            throw MediaError("insert EXIF into JPEG", path: "", reason: "EXIF block of \(payload.count) bytes exceeds one APP1 segment")
        }
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }

    /// Inserts an APP1 XMP segment (`http://ns.adobe.com/xap/1.0/\0` and the packet) after SOI
    /// and any APP1 EXIF segment right after it.
    static func insertingXMP(_ packet: String, into jpeg: [UInt8]) throws -> [UInt8] {
        let payload = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(packet.utf8)
        let length = payload.count + 2
        guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8, length <= 0xFFFF else {
            throw MediaError("insert XMP into JPEG", path: "", reason: "not a JPEG, or an XMP packet of \(payload.count) bytes")
        }
        var at = 2
        if jpeg[2] == 0xFF, jpeg[3] == 0xE1, jpeg.count >= 6 { at = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5])) }
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[0..<at]) + segment + Array(jpeg[at...])
    }
}
