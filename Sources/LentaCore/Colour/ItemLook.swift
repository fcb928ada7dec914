import Foundation

/// What an item's `look` names, loaded: a look preset's recipe, or a `.cube` file (a path that
/// ends in `.cube`, relative to the project file's folder).
public enum ItemLook: Equatable, Sendable {
    case recipe(name: String, LookRecipe)
    case cube(path: String, CubeFile)

    /// Whether `look` is the path of a `.cube` file rather than a preset's name.
    public static func isCubePath(_ look: String) -> Bool { look.lowercased().hasSuffix(".cube") }

    /// Loads the look an item names.
    /// - Throws: `CubeFileError` (naming the file and line) for a `.cube` file that is missing
    ///   or wrong; `PresetLibraryError` for an unknown or broken preset.
    public static func load(_ look: String, projectDirectory: URL, presets: PresetLibrary) throws -> ItemLook {
        if isCubePath(look) {
            let url = look.hasPrefix("/") ? URL(fileURLWithPath: look) : projectDirectory.appendingPathComponent(look).standardizedFileURL
            guard FileManager.default.fileExists(atPath: url.path) else { throw CubeFileError(file: look, line: nil, "file not found") }
            return .cube(path: look, try CubeFile.read(contentsOf: url, displayName: look))
        }
        return .recipe(name: look, try presets.look(named: look))
    }
}
