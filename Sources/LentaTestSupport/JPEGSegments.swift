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
}
