import Foundation

/// What an item's `look` names, loaded: a look preset's recipe, or a `.cube` file (a path that
/// ends in `.cube`, relative to the project file's folder). Validation loads each look once per
/// story (`ResolvedStory.looks`).
public enum ItemLook: Equatable, Sendable {
    case recipe(name: String, LookRecipe)
    case cube(path: String, CubeFile)

    /// Whether `look` is the path of a `.cube` file rather than a preset's name.
    public static func isCubePath(_ look: String) -> Bool { look.lowercased().hasSuffix(".cube") }
}
