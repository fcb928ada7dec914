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
    /// - Parameter story: as `ProjectLoader.load` resolved it, with each clip's stabilisation:
    ///   transforms made or removed since the last render (by a later analysis, a cleared cache)
    ///   change the frames, so they change the key (see `media(_:)`).
    static func key(projectBytes: Data, story: ResolvedStory, preset: OutputPreset, also: [OutputPreset] = []) throws -> RenderKey {
        let presetBytes = Data(try ([preset] + also).map { try StrictJSON.write($0.json) }.joined(separator: "\n").utf8)
        return RenderKey(project: hash(projectBytes), media: media(story), preset: hash(presetBytes), toolVersion: ToolVersion.current)
    }

    /// The hash of every file the story reads (path, size, modification time); when a clip is
    /// held steady, `/` and a second hash of how (each such clip: vid.stab's transforms and
    /// frame times by path, size and modification time, or deshake). A story without stabilised
    /// clips keeps the key it always had.
    static func media(_ story: ResolvedStory) -> String {
        let looks = story.looks.sorted { $0.key < $1.key }.compactMap(\.value.file)
        let track = story.project.route.map { ProjectPaths.resolve($0, from: story.directory) }
        let urls = story.items.map(\.url) + story.music.map(\.url) + looks + (track.map { [$0] } ?? [])
        let files = hash(Data(urls.map { stamp($0.path) }.joined(separator: "\n").utf8))
        let steadied = story.items.enumerated().compactMap { k, item -> String? in
            switch item.stabilisation {
            case .vidStab(let transforms, let frameTimes)?: "\(k)\tvid.stab\t\(stamp(transforms.path))\t\(stamp(frameTimes.path))"
            case .deshake?: "\(k)\tdeshake"
            case nil: nil
            }
        }
        return steadied.isEmpty ? files : files + "/" + hash(Data(steadied.joined(separator: "\n").utf8))
    }

    /// A file as the key sees it: its path, size and modification time, or that it is missing.
    private static func stamp(_ path: String) -> String {
        var st = stat()
        guard stat(path, &st) == 0 else { return "\(path)\tmissing" }
        return "\(path)\t\(st.st_size)\t\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
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
        if old.media != new.media {
            // The files' hash comes before any `/`: when it is the same, only how clips are held steady changed.
            let files = { (media: String) in media.split(separator: "/", maxSplits: 1).first.map(String.init) ?? media }
            return files(old.media) == files(new.media) ? "a clip's stabilisation changed (its transforms were made or removed)"
                : "a photo, video, music, look or track file changed"
        }
        if old.preset != new.preset { return "the output preset changed" }
        if old.toolVersion != new.toolVersion { return "lenta changed (\(old.toolVersion) → \(new.toolVersion))" }
        return nil
    }
}
