/// Tells which characters of a project's words no installed font can draw, for
/// `ProjectValidator.inspectText`. LentaCore cannot read fonts; LentaText's `TextEngine`
/// conforms, and the command line passes it.
public protocol ProjectTextInspection: Sendable {
    /// The characters of `text` that would be left out, in order of first appearance.
    func missingCharacters(in text: String) -> [Character]
}
