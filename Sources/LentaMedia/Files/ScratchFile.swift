import Foundation

/// A temporary file without a name, for data written once and read back that is too large to
/// hold in memory (a story's mixed sound). It is made in the temporary folder (`TMPDIR`) and
/// unlinked at once, so its space is freed when its owner closes it or the process ends in any
/// way — an error, Ctrl-C, SIGKILL: there is nothing to clean up and nothing is ever left behind
/// (unlike `AtomicWrite`'s files, which need a name to be renamed into place).
package final class ScratchFile {
    private let descriptor: Int32
    /// Where it lives, for error messages (the file itself has no name).
    package let folder: String
    /// What it holds, for error messages ("mixed sound").
    package let what: String
    /// Bytes written so far.
    package private(set) var size = 0

    package init(holding what: String, folder: String = FileManager.default.temporaryDirectory.path) throws {
        self.what = what
        self.folder = folder
        var template = Array((URL(fileURLWithPath: folder).appendingPathComponent(".lenta-scratch-XXXXXX").path).utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { name in name.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw MediaError.system("make a temporary file for \(what)", path: folder) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        // Unlinked at once: the open descriptor keeps the data until it is closed.
        template.withUnsafeBufferPointer { name in _ = name.baseAddress.map { unlink($0) } }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Appends `values`' bytes (a full disk is an error naming the folder).
    package func append<T: BitwiseCopyable>(_ values: [T]) throws {
        try values.withUnsafeBytes { bytes in
            var done = 0
            while done < bytes.count {
                let n = pwrite(descriptor, bytes.baseAddress.map { $0 + done }, bytes.count - done, off_t(size + done))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw MediaError.system("write \(what) to a temporary file", path: folder)
                }
                done += n
            }
        }
        size += values.count * MemoryLayout<T>.stride
    }

    /// `count` values of `T` from the byte `offset`; what lies past the end reads as zero bytes.
    package func read<T: BitwiseCopyable>(_: T.Type = T.self, at offset: Int, count: Int) throws -> [T] {
        let length = count * MemoryLayout<T>.stride
        return try [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let bytes = UnsafeMutableRawBufferPointer(buffer)
            var done = 0
            while done < length {
                let n = pread(descriptor, bytes.baseAddress.map { $0 + done }, length - done, off_t(offset + done))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw MediaError.system("read \(what) back from a temporary file", path: folder)
                }
                if n == 0 { break }
                done += n
            }
            if done < length { bytes.baseAddress.map { _ = memset($0 + done, 0, length - done) } }
            initialized = count
        }
    }
}
