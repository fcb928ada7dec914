/// A track file that cannot be used: which file and why (not found, too big, not GPX or
/// GeoJSON, malformed or cut short, no points, a position out of range).
public struct TrackFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
