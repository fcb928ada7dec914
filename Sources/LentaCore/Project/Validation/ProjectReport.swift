/// The outcome of checking a project: the project (when it could be read at all), every
/// problem in document order, and the story's length when it can be known.
public struct ProjectReport: Equatable, Sendable {
    public var project: ProjectFile?
    public var problems: [ProjectProblem]
    /// Seconds: the title card plus every item, less the overlaps of transitions; nil when a
    /// video's length is unknown or the project is too broken to say.
    public var length: Double?
    /// The project resolved (files, kinds, metadata, looks), when it is valid and the validator
    /// read its files.
    public var story: ResolvedStory?
    /// Problems validation does not report but that keep the project from resolving for a
    /// render (a named look, when no look presets are installed to check it).
    public var unresolved: [ProjectProblem]

    public init(project: ProjectFile?, problems: [ProjectProblem], length: Double? = nil, story: ResolvedStory? = nil,
                unresolved: [ProjectProblem] = []) {
        self.project = project
        self.problems = problems
        self.length = length
        self.story = story
        self.unresolved = unresolved
    }

    public var errors: [ProjectProblem] { problems.filter(\.isError) }
    public var warnings: [ProjectProblem] { problems.filter { !$0.isError } }
    /// Readable and without errors (warnings are allowed).
    public var isValid: Bool { project != nil && errors.isEmpty }
}
