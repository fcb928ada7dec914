/// The few entries lenta reads from an Apple maker note (EXIF tag 0x927C of iPhone photos).
///
/// Layout: `Apple iOS\0`, a 16-bit version, the byte order (`MM`), then a TIFF-style IFD whose
/// value offsets count from the maker note's first byte. libexif 0.6.24 reads the IFD but takes
/// the wrong offsets for string values (its tag 0x11 comes out as bytes of the neighbouring
/// entry), so the IFD is read here, bounded by the note's own length.
struct AppleMakerNote {
    /// Tag 0x0011: the identifier a Live Photo's still shares with its movie's
    /// `com.apple.quicktime.content.identifier` (exiftool: ContentIdentifier / MediaGroupUUID).
    var contentIdentifier: String?

    static let signature = "Apple iOS\0"
    static let contentIdentifierTag = 0x0011

    init?(bytes: [UInt8]) {
        guard bytes.hasPrefix(Self.signature), bytes.count >= 16 else { return nil }
        let bigEndian: Bool
        if bytes.hasPrefix("MM", at: 12) { bigEndian = true } else if bytes.hasPrefix("II", at: 12) { bigEndian = false } else { return nil }
        func u16(_ i: Int) -> Int? { bigEndian ? bytes.bigEndian16(at: i) : bytes.littleEndian16(at: i) }
        func u32(_ i: Int) -> Int? { (bigEndian ? bytes.bigEndian32(at: i) : bytes.littleEndian32(at: i)).map(Int.init) }
        guard let count = u16(14), count <= 512 else { return nil }
        for k in 0..<count {
            let entry = 16 + 12 * k
            guard let tag = u16(entry), let type = u16(entry + 2), let components = u32(entry + 4) else { break }
            guard tag == Self.contentIdentifierTag, type == 2, components > 0, components < 1024 else { continue }
            let start = components <= 4 ? entry + 8 : (u32(entry + 8) ?? -1)
            guard start >= 0, start + components <= bytes.count else { continue }
            let text = String(decoding: bytes[start..<start + components].prefix { $0 != 0 }, as: UTF8.self)
                .trimmingCharacters(in: " \t\r\n")
            if !text.isEmpty { contentIdentifier = text }
        }
    }
}
