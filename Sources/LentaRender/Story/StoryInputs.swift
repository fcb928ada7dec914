import Foundation
import LentaCore

/// Every file a story reads — the project file itself, each item, each music track, each
/// `.cube` look — so that no output is ever written over one of them (`render -o photo.jpg`
/// where photo.jpg is an item would replace the photo with an MP4).
public struct StoryInputs: Sendable {
    /// What each input is to the story (`items[3]`, `music[0]`; nil: the project file) and its path.
    public let files: [(part: JSONPath?, path: String)]

    public init(project: ProjectFile, projectFile: URL) {
        let folder = projectFile.deletingLastPathComponent()
        func resolved(_ path: String) -> String { ProjectPaths.resolve(path, from: folder).path }
        var files: [(JSONPath?, String)] = [(nil, projectFile.standardizedFileURL.path)]
        for (i, item) in project.items.enumerated() {
            files.append((.item(i), resolved(item.path)))
            if let look = item.look, ItemLook.isCubePath(look) { files.append((.item(i) + "look", resolved(look))) }
        }
        for (i, track) in project.music.enumerated() { files.append((JSONPath.root + "music" + i, resolved(track.path))) }
        self.files = files
    }

    /// - Throws: `OutputOverwritesInput` when `output` is one of the inputs: the same file by
    ///   device and inode (a hard link, a symbolic link, `./a/../photo.jpg`), or the same path
    ///   once symbolic links are resolved.
    public func check(output: String) throws {
        let target = FileIdentity(path: output)
        let canonical = Self.canonical(output)
        for (part, path) in files {
            let same = target.map { $0 == FileIdentity(path: path) } ?? false
            if same || canonical == Self.canonical(path) {
                throw OutputOverwritesInput(output: output, part: part, input: path)
            }
        }
    }

    /// The path with symbolic links of its folder resolved, made absolute (the file itself need
    /// not exist).
    static func canonical(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        return url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent).path
    }
}

/// A file as the file system knows it: two paths name the same file when these match.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    /// Nil when nothing is at `path`. Follows symbolic links.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// An output that names one of the story's own inputs.
public struct OutputOverwritesInput: Error, CustomStringConvertible {
    public let output: String
    /// The part of the project that names the input (`items[3]`, `music[0]`); nil: the project file itself.
    public let part: JSONPath?
    public let input: String

    public var description: String {
        let shown = DiagnosticText.path(output)
        guard let part else { return "refusing to write \(shown): it is the project file itself" }
        return "refusing to write \(shown): it is \(part) of the story (\(DiagnosticText.path(input))); choose another output"
    }
}
