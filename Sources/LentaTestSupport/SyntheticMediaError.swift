import CFFmpeg

/// Why a synthetic file could not be made: the operation that failed, the file, and the reason
/// in words (for libav* failures, the `av_strerror` text).
public struct SyntheticMediaError: Error, CustomStringConvertible, Sendable {
    public var operation: String
    public var path: String?
    public var reason: String

    public init(_ operation: String, path: String? = nil, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    /// A libav* failure: `code` is the negative `AVERROR` value the call returned.
    init(_ operation: String, path: String? = nil, averror code: Int32) {
        self.init(operation, path: path, reason: avErrorText(code))
    }

    public var description: String {
        if let path { return "\(path): \(operation): \(reason)" }
        return "\(operation): \(reason)"
    }
}

/// The words `av_strerror` gives for a libav* error code.
func avErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    if av_strerror(code, &buffer, buffer.count) < 0 { return "error \(code)" }
    return String(cString: buffer)
}
