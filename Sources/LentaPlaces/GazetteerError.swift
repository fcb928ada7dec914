import Foundation

/// Why the gazetteer's data file could not be used. Every case names the file.
public enum GazetteerError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file exists but could not be read (permissions, a directory, I/O error).
    case unreadable(path: String, reason: String)
    /// The file was read but is not a valid places file: wrong magic or version, truncated,
    /// checksum mismatch, or a table that points outside the file.
    case malformed(path: String, reason: String)
    /// The bundled `places.bin` was not found in any of the places searched.
    case resourceNotFound(searched: [String])

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "gazetteer data file \(path): no such file"
        case .unreadable(let path, let reason):
            return "gazetteer data file \(path): cannot be read: \(reason)"
        case .malformed(let path, let reason):
            return "gazetteer data file \(path): \(reason)"
        case .resourceNotFound(let searched):
            return "gazetteer data file places.bin not found; looked in: " + searched.joined(separator: ", ")
                + " (set LENTA_PLACES_FILE to its path)"
        }
    }

    public var errorDescription: String? { description }
}
