/// Why a `.cube` file cannot be used: the file (when known), the line (when there is one) and
/// the reason, as `looks/teal.cube: line 14: expected three numbers, found 2`.
public struct CubeFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String?
    public var line: Int?
    public var reason: String

    public init(file: String? = nil, line: Int?, _ reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `line 14: expected three numbers, found 2`, without the file.
    public var lineAndReason: String { line.map { "line \($0): \(reason)" } ?? reason }

    public var description: String { file.map { "\($0): \(lineAndReason)" } ?? lineAndReason }
}
