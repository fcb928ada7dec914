import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file mapped read-only into memory (`mmap`), unmapped when the last reference goes: its pages
/// are read from the page cache only when touched, so a large data file of which a run reads a
/// few places costs what it reads. The mapping is never written, so any number of threads may
/// read it at once.
public final class MappedFile: Sendable {
    /// The mapping's address as an integer (0 for an empty file, which is not mapped).
    private let address: Int
    public let count: Int

    /// Maps `count` bytes of an open file.
    init(descriptor: Int32, count: Int) throws(DataFileError) {
        self.count = count
        guard count > 0 else {
            address = 0
            return
        }
        let mapped = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else {
            throw DataFileError(what: "", path: "", reason: .unreadable("cannot be mapped: " + String(cString: strerror(errno))))
        }
        address = Int(bitPattern: mapped)
    }

    deinit {
        if let base = UnsafeMutableRawPointer(bitPattern: address) { munmap(base, count) }
    }

    /// The bytes, valid while `self` is alive (callers hold it for as long as they read).
    public var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: count)
    }
}

extension BundledResource {
    /// Maps a data file and parses it; every failure is a `DataFileError` naming the file. The
    /// same checks as `load` before anything is mapped (a regular file of at most `maximumBytes`);
    /// `parse` reads what it must check and keeps the mapping for the rest.
    /// - Parameter parse: throws `DataFileError.damaged(reason)` for a file that is not valid.
    public static func map<T>(_ path: String, what: String, magic: [UInt8] = [], maximumBytes: Int = 256 << 20,
                              parse: (MappedFile) throws -> T) throws -> T {
        let size = try regularFileSize(path, what: what, maximumBytes: maximumBytes)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DataFileError(what: what, path: path, reason: .unreadable(String(cString: strerror(errno))))
        }
        defer { close(descriptor) }
        do {
            let file = try MappedFile(descriptor: descriptor, count: size)
            let bytes = file.bytes
            if bytes.count >= magic.count, !bytes.prefix(magic.count).elementsEqual(magic) {
                throw DataFileError.damaged("not a \(what) (bad magic: it does not begin with \(String(decoding: magic, as: UTF8.self)))")
            }
            return try parse(file)
        } catch var error as DataFileError {
            error.what = what
            error.path = path
            throw error
        }
    }
}
