import LentaCore

/// Finds the movie a Motion Photo carries in its own file, from what the file says of it:
/// Google's XMP, Samsung's `SEFH`/`SEFT` trailer, or a HEIF `mpvd` box. A place is believed only
/// when a real MP4 starts there (an `ftyp` box) and it lies inside the file; the first place that
/// holds one wins. Only headers and the trailer's directory are read, never the movie.
enum MotionPhotoLocator {
    struct Finding {
        var motion: EmbeddedMotion?
        /// Claims that did not hold (a movie said to be where there is none), as warnings.
        var problems: [String] = []
    }

    /// Directory blocks larger than this are not Samsung trailers (exiftool draws the same line).
    static let trailerDirectoryLimit = 0x10000
    /// Top-level HEIF boxes looked at before giving up.
    static let boxLimit = 4096

    static func locate(_ file: RandomAccessFile, format: MediaFormat, xmp: XMPPacket?) throws -> Finding {
        var finding = Finding()
        var claims: [(offset: Int64, length: Int64, origin: EmbeddedMotion.Origin, said: String)] = []
        for claim in xmp.map(MotionPhotoXMP.init)?.claims ?? [] {
            claims.append((file.size - claim.bytesFromEnd, claim.length, .googleXMP, "XMP \(claim.description)"))
        }
        if let found = try samsungTrailer(file) { claims.append((found.offset, found.length, .samsungTrailer, "the Samsung trailer")) }
        if format == .heif || format == .avif, let found = try heifMovieBox(file) {
            claims.append((found.offset, found.length, .heifBox, "the mpvd box"))
        }
        for claim in claims {
            if try holdsMovie(file, offset: claim.offset, length: claim.length) {
                finding.motion = EmbeddedMotion(offset: claim.offset, length: claim.length, origin: claim.origin)
                finding.problems = []
                return finding
            }
            finding.problems.append("\(claim.said) places a Motion Photo movie at byte \(claim.offset) (\(claim.length) bytes), "
                + "but no MP4 is there; the motion is ignored")
        }
        return finding
    }

    /// Whether bytes `[offset, offset + length)` lie inside the file after its start and begin
    /// with an `ftyp` box that fits in them.
    static func holdsMovie(_ file: RandomAccessFile, offset: Int64, length: Int64) throws -> Bool {
        guard offset > 0, length >= 16, offset <= file.size - length else { return false }
        let head = try file.read(at: offset, count: 8)
        guard head.hasPrefix("ftyp", at: 4), let size = head.bigEndian32(at: 0) else { return false }
        return size >= 8 && Int64(size) <= length
    }

    /// Samsung's trailer: blocks read backwards from the end (`…<u32 length>SEFT`); the `SEFH`
    /// directory lists records by their distance before it, and the `MotionPhoto_Data` record
    /// (type 0x0A30) holds its name and then the MP4.
    static func samsungTrailer(_ file: RandomAccessFile) throws -> (offset: Int64, length: Int64)? {
        guard file.size >= 16 else { return nil }
        var blockEnd = file.size
        if try file.read(at: file.size - 6, count: 6).hasPrefix("QDIOBS") { blockEnd -= 2 }
        for _ in 0..<4 {
            guard blockEnd >= 8 else { return nil }
            let tail = try file.read(at: blockEnd - 8, count: 8)
            guard tail.count == 8, let length = tail.littleEndian32(at: 0).map(Int64.init),
                  length >= 4, length < trailerDirectoryLimit, length + 8 < blockEnd else { return nil }
            let directoryStart = blockEnd - 8 - length
            guard tail.hasPrefix("SEFT", at: 4) else {
                guard tail[4...].allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) })
                else { return nil }
                blockEnd = directoryStart  // another block (QDIO): look before it
                continue
            }
            let directory = try file.read(at: directoryStart, count: Int(length))
            guard directory.hasPrefix("SEFH"), let count = directory.littleEndian32(at: 8).map(Int.init),
                  12 + 12 * count <= directory.count else { return nil }
            for k in 0..<count {
                let entry = 12 + 12 * k
                guard let type = directory.littleEndian16(at: entry + 2),
                      let distance = directory.littleEndian32(at: entry + 4).map(Int64.init),
                      let size = directory.littleEndian32(at: entry + 8).map(Int64.init),
                      distance <= directoryStart, size <= distance, size >= 8 else { continue }
                let recordStart = directoryStart - distance
                let record = try file.read(at: recordStart, count: 8 + 64)
                guard let nameLength = record.littleEndian32(at: 4).map(Int64.init), nameLength + 8 <= size else { continue }
                let name = nameLength <= 64 ? String(decoding: record.dropFirst(8).prefix(Int(nameLength)), as: UTF8.self) : ""
                guard type == 0x0A30 || name == "MotionPhoto_Data" else { continue }
                return (recordStart + 8 + nameLength, size - 8 - nameLength)
            }
            return nil
        }
        return nil
    }

    /// The payload of a top-level `mpvd` box.
    static func heifMovieBox(_ file: RandomAccessFile) throws -> (offset: Int64, length: Int64)? {
        guard let payload = try file.firstBox("mpvd", in: 0..<file.size, limit: boxLimit) else { return nil }
        return (payload.lowerBound, payload.upperBound - payload.lowerBound)
    }
}
