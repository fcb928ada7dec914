#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LentaCore

/// A content fingerprint that recognises a moved file without reading all of it: a 64-bit
/// FNV-1a-style hash, a word at a time, over the size and the first and last 16 KiB.
enum Fingerprint {
    static let window = 16 * 1024

    static func of(path: String, size: Int64) -> String? {
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
        let pieces: [(start: Int64, length: Int)] = size > Int64(2 * window)
            ? [(Int64(0), window), (size - Int64(window), window)]
            : [(Int64(0), Int(size))]
        var buffer = [UInt8](repeating: 0, count: 2 * window)
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
