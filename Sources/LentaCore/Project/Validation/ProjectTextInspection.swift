/// Tells which characters of a project's words no installed font can draw, for
/// `ProjectValidator.inspectText`. LentaCore cannot read fonts; LentaText's `TextEngine`
/// conforms, and the command line passes it.
public protocol ProjectTextInspection: Sendable {
    /// The characters of `text` that would be left out, in order of first appearance.
    func missingCharacters(in text: String) -> [Character]
    /// Why no text can be drawn at all (no font installed), or nil.
    var unavailable: String? { get }
}

extension ProjectTextInspection {
    public var unavailable: String? { nil }
}

/// What `validate` checks text with when no font can be had: every caption and title card is an
/// error, as the render of it would fail.
public struct NoFontInspection: ProjectTextInspection {
    public var reason: String
    public init(reason: String) { self.reason = reason }
    public func missingCharacters(in text: String) -> [Character] { [] }
    public var unavailable: String? { reason }
}
