/// Why a file could not be written: the operation that failed, the file, and the reason in words.
public struct MediaWriteError: Error, CustomStringConvertible, Sendable {
    public var operation: String
    public var path: String
    public var reason: String

    public init(_ operation: String, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(operation): \(reason)" }
}
