import Foundation
import LentaCore
import LentaLibrary

extension ResolvedStory {
    /// `project` validated and resolved as `lenta render` does it, its paths relative to `folder`.
    public static func resolve(_ project: ProjectFile, in folder: URL) throws -> ResolvedStory {
        try ProjectLoader.validator().forFile(folder.appendingPathComponent("story.json")).resolvedStory(project)
    }
}
