import LentaCore

/// Recognises a media file from its first bytes, whatever its name says.
enum FormatSniffer {
    /// How many leading bytes `detect` wants to see.
    static let headerLength = 64

    static func detect(_ head: [UInt8]) -> MediaFormat? {
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.hasPrefix("RIFF"), head.hasPrefix("WEBP", at: 8) { return .webp }
        if head.hasPrefix("ftyp", at: 4) { return isoBrand(head) }
        // Old QuickTime files start with a movie atom, not a file-type box.
        for atom in ["moov", "mdat", "wide", "free", "skip", "pnot"] where head.hasPrefix(atom, at: 4) {
            return .mov
        }
        return nil
    }

    /// ISO base media files say what they are in the major brand and the compatible brands.
    private static func isoBrand(_ head: [UInt8]) -> MediaFormat? {
        guard let boxSize = head.bigEndian32(at: 0), boxSize >= 16 else { return nil }
        var brands: [String] = []
        var i = 8
        let end = min(Int(boxSize), head.count)
        while i + 4 <= end {
            if i != 12 { brands.append(String(decoding: head[i..<i + 4], as: UTF8.self)) }  // skip minor_version
            i += 4
        }
        let major = brands.first ?? ""
        let heifBrands: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "mif2"]
        if major == "avif" || major == "avis" { return .avif }
        // Audio-only members of the family (music in M4A, audiobooks): not photos or videos.
        if ["M4A ", "M4B ", "M4P ", "F4A ", "F4B "].contains(major) { return nil }
        if heifBrands.contains(major) { return .heif }
        if major == "qt  " { return .mov }
        if major.hasPrefix("3g") { return .threeGP }
        if major == "M4V " || major == "M4VH" || major == "M4VP" { return .m4v }
        let videoBrands: Set = ["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "MSNV", "XAVC", "dash", "mp71", "NDAS", "F4V "]
        if videoBrands.contains(major) { return .mp4 }
        // An unusual major brand: decide by the compatible ones.
        if brands.contains(where: { heifBrands.contains($0) }) { return .heif }
        if brands.contains("avif") { return .avif }
        if brands.contains(where: { videoBrands.contains($0) || $0.hasPrefix("3g") }) { return .mp4 }
        return nil
    }
}
