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
        let pieces: [(start: Int64, length: Int)] = size > Int64(2 * window)
            ? [(Int64(0), window), (size - Int64(window), window)]
            : [(Int64(0), Int(size))]
        return hash(path: path, size: size, pieces: pieces)
    }

    /// The hash the scan compares to find exact copies (and to measure a content once). Never the
    /// whole of a large file: a first scan would read every byte of every photo where exiftool
    /// reads headers (a quarter of its time on 12 MP phone photos in the page cache, far more from
    /// a disk). Two different photos would need the same size, the same headers, EXIF and thumbnail
    /// (the capture time to the second), and the same bytes in every window. A clip (gigabytes) is
    /// known by its `fingerprint`, already taken.
    static func content(path: String, size: Int64, kind: MediaKind, fingerprint: String) -> String? {
        guard kind == .photo else { return "\(sampledPrefix)\(size):\(fingerprint)" }
        var pieces: [(start: Int64, length: Int)] = [(0, Int(min(size, wholeUpTo)))]
        if size > wholeUpTo {
            pieces = [(0, photoHead)]
            let first = Int64(photoHead), last = size - Int64(window)
            for k in 1...photoWindows {
                pieces.append((first + (last - first - Int64(photoWindow)) * Int64(k) / Int64(photoWindows + 1), photoWindow))
            }
            pieces.append((last, window))
        }
        return hash(path: path, size: size, pieces: pieces).map { "\(sampledPrefix)\(size):\($0)" }
    }

    private static func hash(path: String, size: Int64, pieces: [(start: Int64, length: Int)]) -> String? {
        let fd = FilePathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ word: UInt64) {
            hash ^= word
            hash = hash &* 0x0000_0100_0000_01B3
            hash ^= hash >> 29
        }
        mix(UInt64(bitPattern: size))
        var buffer = [UInt8](repeating: 0, count: max(2 * window, pieces.map(\.length).max() ?? 0))
        for piece in pieces {
            var done = 0
            while done < piece.length {
                let n = buffer.withUnsafeMutableBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return -1 }
                    return pread(fd, base + done, piece.length - done, off_t(piece.start) + off_t(done))
                }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return nil }
                done += n
            }
            buffer.withUnsafeBytes { raw in
                var i = 0
                while i + 8 <= done {
                    mix(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    i += 8
                }
                while i < done { mix(UInt64(raw[i])); i += 1 }
            }
        }
        return String(hash, radix: 16)
    }
}
