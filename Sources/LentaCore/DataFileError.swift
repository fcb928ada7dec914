import Foundation

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
    /// - Parameter parse: throws `DataFileError.damaged(reason)` for a file that is not valid.
    public static func load<T>(_ path: String, what: String, parse: ([UInt8]) throws -> T) throws -> T {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DataFileError(what: what, path: path, reason: .notFound)
        }
        if isDirectory.boolValue { throw DataFileError(what: what, path: path, reason: .unreadable("it is a directory")) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
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
