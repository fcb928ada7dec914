#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LentaCore

/// An open file read at chosen offsets (`pread`), so headers can be parsed without reading
/// the picture or the movie data that follows them.
final class RandomAccessFile {
    let path: String
    let size: Int64
    private let fd: Int32

    init(path: String) throws {
        self.path = path
        fd = FilePathBytes.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw MediaError.system("open", path: path) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let error = MediaError.system("stat", path: path)
            close(fd)
            throw error
        }
        size = Int64(st.st_size)
    }

    deinit { close(fd) }

    /// How much of a file's start is read at the first read there, for the reads after it: a
    /// photo's headers (markers, EXIF, XMP, ICC) are some tens of small reads, each a system call.
    static let headBytes = 64 * 1024
    /// The file's first `headBytes` (all of a smaller file), once a read has asked for bytes there.
    private var head: [UInt8]?

    /// Up to `count` bytes from `offset`; fewer at the end of the file, none past it.
    func read(at offset: Int64, count: Int) throws -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        let wanted = Int(min(Int64(count), size - offset))
        if offset + Int64(wanted) <= min(size, Int64(Self.headBytes)) {
            if head == nil { head = try readFromFile(at: 0, wanted: Int(min(size, Int64(Self.headBytes)))) }
            if let head, offset + Int64(wanted) <= Int64(head.count) { return Array(head[Int(offset)..<Int(offset) + wanted]) }
        }
        return try readFromFile(at: offset, wanted: wanted)
    }

    private func readFromFile(at offset: Int64, wanted: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: wanted)
        var done = 0
        while done < wanted {
            let n = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return pread(fd, base + done, wanted - done, off_t(offset) + off_t(done))
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw MediaError.system("read", path: path)
            }
            if n == 0 { break }
            done += n
        }
        if done < wanted { buffer.removeLast(wanted - done) }
        return buffer
    }
}

extension Array where Element == UInt8 {
    func bigEndian16(at i: Int) -> Int? {
        guard i >= 0, i + 2 <= count else { return nil }
        return Int(self[i]) << 8 | Int(self[i + 1])
    }
    func bigEndian32(at i: Int) -> UInt32? {
        guard i >= 0, i + 4 <= count else { return nil }
        return UInt32(self[i]) << 24 | UInt32(self[i + 1]) << 16 | UInt32(self[i + 2]) << 8 | UInt32(self[i + 3])
    }
    func littleEndian16(at i: Int) -> Int? {
        guard i >= 0, i + 2 <= count else { return nil }
        return Int(self[i]) | Int(self[i + 1]) << 8
    }
    func littleEndian32(at i: Int) -> UInt32? {
        guard i >= 0, i + 4 <= count else { return nil }
        return UInt32(self[i]) | UInt32(self[i + 1]) << 8 | UInt32(self[i + 2]) << 16 | UInt32(self[i + 3]) << 24
    }
    func hasPrefix(_ ascii: String, at i: Int = 0) -> Bool {
        let p = Array(ascii.utf8)
        guard i >= 0, i + p.count <= count else { return false }
        return self[i..<i + p.count].elementsEqual(p)
    }
}
