/// A project file that cannot be used: every problem found in it (errors, and the warnings that
/// came with them), in document order.
public struct ProjectFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file, when the project was read from one.
    public var file: String?
    public var problems: [ProjectProblem]

    public init(file: String? = nil, problems: [ProjectProblem]) {
        self.file = file
        self.problems = problems
    }

    public var errors: [ProjectProblem] { problems.filter(\.isError) }

    /// One problem a line, each prefixed with the file when known.
    public var description: String {
        problems.map { problem in file.map { "\($0): \(problem)" } ?? problem.description }.joined(separator: "\n")
    }
}
