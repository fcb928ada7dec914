import LentaCore

/// Why a story could not be rendered: where in the project the fault lies (when a part of it
/// is), what failed, and the error underneath as it was thrown (a `MediaError`, a font or map
/// error…), so a caller can still match it: `(error as? RenderError)?.underlying as? MediaError`.
public struct RenderError: Error, CustomStringConvertible {
    /// The part of the project at fault: `items[3]`, `items[3].text`, `titleCard`; nil for the story as a whole.
    public var path: JSONPath?
    /// What failed, in words ("cannot read the country outlines for the map"); empty when the
    /// underlying error says it all.
    public var reason: String
    /// The error that caused this one, kept typed.
    public var underlying: (any Error)?

    public init(_ reason: String, at path: JSONPath? = nil, underlying: (any Error)? = nil) {
        self.reason = reason
        self.path = path
        self.underlying = underlying
    }

    /// `error` at `path`: a `RenderError` already (it keeps its own path and gains none), else wrapped.
    public static func wrapping(_ error: any Error, at path: JSONPath? = nil, reason: String = "") -> RenderError {
        if let error = error as? RenderError { return error }
        return RenderError(reason, at: path, underlying: error)
    }

    /// `items[3]: cannot …: the underlying error's words`.
    public var description: String {
        var parts: [String] = []
        if let path, !path.components.isEmpty { parts.append(path.description) }
        if !reason.isEmpty { parts.append(reason) }
        if let underlying { parts.append("\(underlying)") }
        return parts.joined(separator: ": ")
    }
}

extension JSONPath {
    /// `items[i]`.
    static func item(_ i: Int) -> JSONPath { JSONPath.root + "items" + i }
}
