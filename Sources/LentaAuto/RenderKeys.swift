import Foundation
import LentaCatalog
import LentaCore

/// The render key of a story: hashes of the project file, of every file it uses (size and
/// modification time), of the output preset (and the `--also` presets), and the tool's version.
enum RenderKeys {
    /// - Parameter projectBytes: the project file as it was read for this render.
    /// The files are those the resolved story found: items, music, looks (a `.cube`, or a
    /// look preset's recipe: editing it renders again) and the route's track.
    /// - Parameter also: the presets of the story's other shapes (`auto --also`), in order: a shape
    ///   added or taken away renders the story again. Without any, the key is what it always was.
    static func key(projectBytes: Data, story: ResolvedStory, preset: OutputPreset, also: [OutputPreset] = []) throws -> RenderKey {
        var media: [String] = []
        let looks = story.looks.sorted { $0.key < $1.key }.compactMap(\.value.file)
        let track = story.project.route.map { ProjectPaths.resolve($0, from: story.directory) }
        let urls = story.items.map(\.url) + story.music.map(\.url) + looks + (track.map { [$0] } ?? [])
        for url in urls {
            var st = stat()
            if stat(url.path, &st) == 0 {
                media.append("\(url.path)\t\(st.st_size)\t\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)")
            } else {
                media.append("\(url.path)\tmissing")
            }
        }
        let presetBytes = Data(try ([preset] + also).map { try StrictJSON.write($0.json) }.joined(separator: "\n").utf8)
        return RenderKey(project: hash(projectBytes), media: hash(Data(media.joined(separator: "\n").utf8)),
                         preset: hash(presetBytes), toolVersion: ToolVersion.current)
    }

    /// 64-bit FNV-1a, as hex: enough to notice a change, not a security measure.
    static func hash(_ data: Data) -> String { String(FNV1a.hash(data), radix: 16) }

    /// Why a render is due, in words, or nil when the key has not changed.
    /// - Parameter missingShape: the preset of a shape (`--also`) whose MP4 is missing, if any.
    static func reason(old: RenderKey?, new: RenderKey, outputExists: Bool, missingShape: String? = nil) -> String? {
        guard let old else { return "new" }
        if !outputExists { return "the MP4 is missing" }
        if let missingShape { return "its \(missingShape) MP4 is missing" }
        if old.project != new.project { return "the project file changed" }
        if old.media != new.media { return "a photo, video, music, look or track file changed" }
        if old.preset != new.preset { return "the output preset changed" }
        if old.toolVersion != new.toolVersion { return "lenta changed (\(old.toolVersion) → \(new.toolVersion))" }
        return nil
    }
}
