import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a data file a library carries (the gazetteer's places, the country outlines) could not
/// be used. Every message names the file.
public struct DataFileError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    public enum Reason: Equatable, Sendable {
        /// No file at the path.
        case notFound
        /// The file exists but could not be read (permissions, a directory, an I/O error).
        case unreadable(String)
        /// The file was read but is not valid: wrong magic or version, truncated, checksum
        /// mismatch, a table that points outside the file.
        case damaged(String)
        /// The bundled file was in none of the places searched.
        case notBundled(searched: [String], environmentKey: String)
    }

    /// What the file is, in words: "gazetteer data file".
    public var what: String
    /// The file (for `.notBundled`, its name).
    public var path: String
    public var reason: Reason

    public init(what: String, path: String, reason: Reason) {
        self.what = what
        self.path = path
        self.reason = reason
    }

    /// Thrown by a file's parser, which does not know the file's name: `BundledResource.load`
    /// fills in what and where.
    public static func damaged(_ reason: String) -> DataFileError { DataFileError(what: "", path: "", reason: .damaged(reason)) }

    public var description: String {
        switch reason {
        case .notFound:
            return "\(what) \(path): no such file"
        case .unreadable(let why):
            return "\(what) \(path): cannot be read: \(why)"
        case .damaged(let why):
            return "\(what) \(path): \(why)"
        case .notBundled(let searched, let key):
            return "\(what) \(path) not found; looked in: " + searched.joined(separator: ", ") + " (set \(key) to its path)"
        }
    }

    public var errorDescription: String? { description }
}

extension BundledResource {
    /// Reads a data file whole and parses it; every failure is a `DataFileError` naming the file.
    /// What could make the read unbounded is checked first: the file must be a regular file (a
    /// FIFO would wait forever) of at most `maximumBytes`, and begin with `magic` — read alone,
    /// before the rest — so a 10 GB file of anything costs nothing.
    /// - Parameter parse: throws `DataFileError.damaged(reason)` for a file that is not valid.
    public static func load<T>(_ path: String, what: String, magic: [UInt8] = [], maximumBytes: Int = 256 << 20,
                               parse: ([UInt8]) throws -> T) throws -> T {
        _ = try regularFileSize(path, what: what, maximumBytes: maximumBytes)
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            let head = try handle.read(upToCount: magic.count) ?? Data()
            // (A file shorter than the magic is left to the parser, which says how short.)
            if head.count == magic.count && [UInt8](head) != magic {
                throw DataFileError(what: what, path: path, reason: .damaged("not a \(what) (bad magic: it does not begin with \(String(decoding: magic, as: UTF8.self)))"))
            }
            data = head + (try handle.readToEnd() ?? Data())
        } catch let error as DataFileError {
            throw error
        } catch {
            throw DataFileError(what: what, path: path, reason: .unreadable(error.localizedDescription))
        }
        do {
            return try parse([UInt8](data))
        } catch var error as DataFileError {
            error.what = what
            error.path = path
            throw error
        }
    }

    /// The size of the regular file at `path` (a FIFO would make a read wait forever), or the
    /// `DataFileError` saying why it is none or is larger than `maximumBytes`.
    static func regularFileSize(_ path: String, what: String, maximumBytes: Int) throws -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { throw DataFileError(what: what, path: path, reason: .notFound) }
            throw DataFileError(what: what, path: path, reason: .unreadable(String(cString: strerror(errno))))
        }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR { throw DataFileError(what: what, path: path, reason: .unreadable("it is a directory")) }
        guard kind == S_IFREG else { throw DataFileError(what: what, path: path, reason: .unreadable("it is not a regular file")) }
        guard Int(status.st_size) <= maximumBytes else {
            throw DataFileError(what: what, path: path, reason: .damaged("\(Int(status.st_size) >> 20) MiB is larger than a \(what) may be (\(maximumBytes >> 20) MiB)"))
        }
        return Int(status.st_size)
    }

    /// The bundled file's path (see `locate`), or a `DataFileError` saying where it was looked for.
    public static func path(of name: String, what: String, environmentKey: String, bundleName: String,
                            inBundle: () -> URL?, sourceFile: URL) throws -> String {
        let found = locate(environmentKey: environmentKey, bundleName: bundleName, inBundle: inBundle,
                           installedName: name, sourceFile: sourceFile)
        guard let path = found.path else {
            throw DataFileError(what: what, path: name, reason: .notBundled(searched: found.searched, environmentKey: environmentKey))
        }
        return path
    }
}
