import Foundation

/// Paths in a project file (items, music, `.cube` looks) are relative to the project file's
/// folder, or absolute. This is the one place they are turned into files.
public enum ProjectPaths {
    /// The file `path` names: absolute and standardized (`a/../b.jpg` is `b.jpg`), so one file
    /// is one URL however the project writes it.
    public static func resolve(_ path: String, from directory: URL) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path)).standardizedFileURL
    }
}
