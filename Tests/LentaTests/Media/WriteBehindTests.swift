import Foundation
@testable import LentaMedia
import LentaTestSupport
import Testing

/// A file written with `WriteBehind` following it keeps every byte, and (on a file system with
/// writeback) its front leaves the page cache while its end stays.
@Suite("Write behind")
struct WriteBehindTests {
    /// Whether each page of `path` is in the page cache (mincore of a mapping).
    static func cachedPages(_ path: String) -> [Bool] {
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var info = stat()
        guard fd >= 0, fstat(fd, &info) == 0, info.st_size > 0 else { return [] }
        let length = Int(info.st_size), page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let map = mmap(nil, length, PROT_READ, MAP_SHARED, fd, 0), map != MAP_FAILED else { return [] }
        defer { munmap(map, length) }
        var vector = [UInt8](repeating: 0, count: (length + page - 1) / page)
        guard mincore(map, length, &vector) == 0 else { return [] }
        return vector.map { $0 & 1 != 0 }
    }

    /// The type of the file system holding `path`, from /proc/mounts (the longest mount point that holds it).
    static func fileSystemType(_ path: String) -> String? {
        guard let mounts = try? String(contentsOfFile: "/proc/mounts", encoding: .utf8) else { return nil }
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var best: (point: String, type: String)?
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count > 2 else { continue }
            let point = fields[1]
            let holds = point == "/" || real == point || real.hasPrefix(point + "/")
            if holds, point.count > (best?.point.count ?? -1) { best = (point, fields[2]) }
        }
        return best?.type
    }

    @Test("every byte is kept; the front is handed to the disk and forgotten, the last window stays cached")
    func keepsBytesAndForgetsTheFront() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("grown.bin")
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        let behind = try #require(WriteBehind(path: path))
        let chunk = 256 * 1024, chunks = 256  // 64 MB, as the mov muxer writes
        var block = [UInt8](repeating: 0, count: chunk)
        for k in 0..<chunks {
            for i in stride(from: 0, to: chunk, by: 4096) { block[i] = UInt8(truncatingIfNeeded: k &+ i / 4096) }
            #expect(write(fd, block, chunk) == chunk)
            behind.wrote(upTo: Int64((k + 1) * chunk))
        }
        close(fd)

        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.count == chunk * chunks)
        var wrong = 0
        for k in 0..<chunks {
            for i in stride(from: 0, to: chunk, by: 4096) where data[k * chunk + i] != UInt8(truncatingIfNeeded: k &+ i / 4096) { wrong += 1 }
        }
        #expect(wrong == 0)

        // Read back above, so the front is cached again: write a second file to look at the cache.
        let second = folder.path("second.bin")
        let fd2 = open(second, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let behind2 = try #require(WriteBehind(path: second))
        for k in 0..<chunks {
            #expect(write(fd2, block, chunk) == chunk)
            behind2.wrote(upTo: Int64((k + 1) * chunk))
        }
        close(fd2)
        guard Self.fileSystemType(second) != "tmpfs" else { return }  // tmpfs has no writeback
        let cached = Self.cachedPages(second)
        let pagesPerMB = 1 << 20 / Int(sysconf(Int32(_SC_PAGESIZE)))
        #expect(cached.count == 64 * pagesPerMB)
        #expect(cached.prefix(16 * pagesPerMB).filter { $0 }.count < pagesPerMB, "the first 16 MB were forgotten")
        #expect(cached.suffix(8 * pagesPerMB).allSatisfy { $0 }, "the last 8 MB are still cached")
    }
}
