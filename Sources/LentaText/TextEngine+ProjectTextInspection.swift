import LentaCore

/// The validator asks the engine which characters of a project's words cannot be drawn.
extension TextEngine: ProjectTextInspection {}
