#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LentaCore

/// Content hashes, a 64-bit FNV-1a-style hash a word at a time: `of` recognises a moved file
/// without reading all of it (the size and the first and last 16 KiB); `content` tells exact
/// duplicates apart, still without reading every byte.
enum Fingerprint {
    static let window = 16 * 1024
    /// A photo up to this size is hashed whole.
    static let wholeUpTo: Int64 = 256 * 1024
    /// What a larger photo's content hash reads: its head (every header, EXIF and its thumbnail),
    /// its tail, and windows spread between.
    static let photoHead = 64 * 1024, photoWindows = 16, photoWindow = 4 * 1024

    static let sampledPrefix = "sampled:"

    static func of(path: String, size: Int64) -> String? {
        hash(path: path, size: size, pieces: identityPieces(size: size))
    }

    /// The pieces `of` hashes: the size and the first and last 16 KiB (all of a small file).
    private static func identityPieces(size: Int64) -> [(start: Int64, length: Int)] {
        size > Int64(2 * window) ? [(Int64(0), window), (size - Int64(window), window)] : [(Int64(0), Int(size))]
    }

    /// The hash the scan compares to find exact copies (and to measure a content once). Never the
    /// whole of a large file: a first scan would read every byte of every photo where exiftool
    /// reads headers (a quarter of its time on 12 MP phone photos in the page cache, far more from
    /// a disk). Two different photos would need the same size, the same headers, EXIF and thumbnail
    /// (the capture time to the second), and the same bytes in every window. A clip (gigabytes) is
    /// known by its `fingerprint`, already taken.
    static func content(path: String, size: Int64, kind: MediaKind, fingerprint: String) -> String? {
        guard kind == .photo else { return contentOfClip(size: size, fingerprint: fingerprint) }
        return hash(path: path, size: size, pieces: contentPieces(size: size)).map { "\(sampledPrefix)\(size):\($0)" }
    }

    private static func contentOfClip(size: Int64, fingerprint: String) -> String { "\(sampledPrefix)\(size):\(fingerprint)" }

    /// The pieces `content` hashes for a photo: all of it up to `wholeUpTo`, else its head,
    /// `photoWindows` windows spread between, and its last 16 KiB.
    private static func contentPieces(size: Int64) -> [(start: Int64, length: Int)] {
        guard size > wholeUpTo else { return [(0, Int(min(size, wholeUpTo)))] }
        var pieces: [(start: Int64, length: Int)] = [(0, photoHead)]
        let first = Int64(photoHead), last = size - Int64(window)
        for k in 1...photoWindows {
            pieces.append((first + (last - first - Int64(photoWindow)) * Int64(k) / Int64(photoWindows + 1), photoWindow))
        }
        pieces.append((last, window))
        return pieces
    }

    /// `of` and `content` together, from one open of the file and one read of each byte: a
    /// photo's content pieces hold its identity's (its first 16 KiB at the start of its head, its
    /// last 16 KiB its last piece). The same strings as the two calls; nil where they give nil.
    static func identityAndContent(path: String, size: Int64, kind: MediaKind) -> (fingerprint: String?, content: String?) {
        guard kind == .photo else {
            let fingerprint = of(path: path, size: size)
            return (fingerprint, fingerprint.map { contentOfClip(size: size, fingerprint: $0) })
        }
        let pieces = contentPieces(size: size)
        guard let read = readPieces(path: path, pieces: pieces) else {
            // Not all there (a file cut since it was listed): each as it can be read alone.
            let fingerprint = of(path: path, size: size)
            return (fingerprint, fingerprint.flatMap { content(path: path, size: size, kind: kind, fingerprint: $0) })
        }
        return read.withUnsafeBytes { raw in
            func bytes(_ start: Int64, _ length: Int) -> UnsafeRawBufferPointer {
                // Where a piece of the identity lies among the content's pieces read one after another.
                var offset = 0
                for piece in pieces {
                    if start >= piece.start, start + Int64(length) <= piece.start + Int64(piece.length) {
                        return UnsafeRawBufferPointer(rebasing: raw[(offset + Int(start - piece.start))...].prefix(length))
                    }
                    offset += piece.length
                }
                return UnsafeRawBufferPointer(start: nil, count: 0)
            }
            var contentOffset = 0
            let content = digest(size: size, pieces: pieces.map { piece in
                defer { contentOffset += piece.length }
                return UnsafeRawBufferPointer(rebasing: raw[contentOffset..<contentOffset + piece.length])
            })
            let identity = digest(size: size, pieces: identityPieces(size: size).map { bytes($0.start, $0.length) })
            return (identity, "\(sampledPrefix)\(size):\(content)")
        }
    }

    private static func hash(path: String, size: Int64, pieces: [(start: Int64, length: Int)]) -> String? {
        guard let read = readPieces(path: path, pieces: pieces) else { return nil }
        var offset = 0
        return read.withUnsafeBytes { raw in
            digest(size: size, pieces: pieces.map { piece in
                defer { offset += piece.length }
                return UnsafeRawBufferPointer(rebasing: raw[offset..<offset + piece.length])
            })
        }
    }

    /// The pieces' bytes one after another, or nil when the file cannot be opened or ends before one.
    private static func readPieces(path: String, pieces: [(start: Int64, length: Int)]) -> [UInt8]? {
        let fd = FilePathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let total = pieces.reduce(0) { $0 + $1.length }
        var failed = false
        let buffer = [UInt8](unsafeUninitializedCapacity: total) { out, initialized in
            guard let base = out.baseAddress else { return }
            var at = 0
            for piece in pieces {
                var done = 0
                while done < piece.length {
                    let n = pread(fd, base + at + done, piece.length - done, off_t(piece.start) + off_t(done))
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { failed = true; return }
                    done += n
                }
                at += piece.length
            }
            initialized = total
        }
        return failed ? nil : buffer
    }

    /// The hash of the size and then each piece, a word at a time (its last bytes one by one).
    private static func digest(size: Int64, pieces: [UnsafeRawBufferPointer]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ word: UInt64) {
            hash ^= word
            hash = hash &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
        }
        mix(UInt64(bitPattern: size))
        for raw in pieces {
            var i = 0
            while i + 8 <= raw.count {
                mix(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            while i < raw.count { mix(UInt64(raw[i])); i += 1 }
        }
        return String(hash, radix: 16)
    }
}
