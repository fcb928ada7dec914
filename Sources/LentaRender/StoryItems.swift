import Foundation
import LentaCore
import LentaMedia

/// The project's media files as the renderer needs them: where each is, whether it is a photo or
/// a video (by its content), a video's length (for an untrimmed clip's place on the timeline),
/// and its colour grade (its look loaded now, so a bad `.cube` stops the render before it starts).
struct StoryItems {
    struct Entry {
        var path: String
        /// What plays: the file, or for a photo with `motion: true` its motion (a Live Photo's
        /// movie, or the byte range of the movie inside a Motion Photo).
        var source: MediaSource
        /// A clip: a video, or a photo playing its motion.
        var isVideo: Bool
        var duration: Double?
        /// Nil when the item has no colour work.
        var grade: ColourGrade?
        /// What the file says (the title card's map reads its places from it).
        var metadata: MediaMetadata
    }

    let entries: [Entry]

    init(project: ProjectFile, directory: URL, presets: PresetLibrary = .standard) throws {
        entries = try project.items.enumerated().map { index, item in
            let (path, metadata) = try Self.metadata(of: item, in: directory)
            var look: ItemLook?
            if let name = item.look {
                do {
                    look = try ItemLook.load(name, projectDirectory: directory, presets: presets)
                } catch {
                    throw RenderError("items[\(index)].look: \(error)")
                }
            }
            let grade = ColourGrade(adjust: item.adjust, look: look)
            if item.motion == true, metadata.kind == .photo {
                let motion = try Self.motion(ofStillAt: path, metadata: metadata, index: index)
                return Entry(path: path, source: motion.source, isVideo: true, duration: motion.duration,
                             grade: grade.isIdentity ? nil : grade, metadata: metadata)
            }
            return Entry(path: path, source: MediaSource(path: path), isVideo: metadata.kind == .video, duration: metadata.duration,
                         grade: grade.isIdentity ? nil : grade, metadata: metadata)
        }
    }

    /// Where an item's file is (its path is relative to the project's folder, or absolute) and
    /// what its file says.
    static func metadata(of item: ProjectItem, in directory: URL) throws -> (path: String, metadata: MediaMetadata) {
        let path = item.path.hasPrefix("/") ? item.path : directory.appendingPathComponent(item.path).standardizedFileURL.path
        let outcome: MetadataProbe.Outcome
        do {
            outcome = try MetadataProbe.read(path: path, modified: 0, now: Date().timeIntervalSince1970)
        } catch {
            throw RenderError("\(error)")
        }
        guard case .media(let metadata) = outcome else { throw RenderError("\(path): not a photo or video") }
        return (path, metadata)
    }

    /// The motion of a photo with `motion: true`; a photo without one is an error, as validation says.
    static func motion(ofStillAt path: String, metadata: MediaMetadata, index: Int) throws -> PhotoMotion {
        let found: PhotoMotion?
        do {
            found = try PhotoMotion.of(stillAt: path, metadata: metadata)
        } catch {
            throw RenderError("items[\(index)].motion: \(error)")
        }
        guard let found else {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            throw RenderError("items[\(index)].motion: \(name) has no motion (not a Live or Motion Photo)")
        }
        return found
    }

    /// An item's nominal length on the timeline, in seconds.
    func length(of index: Int, in project: ProjectFile) -> Double {
        let item = project.items[index]
        if entries[index].isVideo {
            if let trim = item.trim { return trim.length }
            return entries[index].duration ?? 0
        }
        return item.duration ?? project.photoDuration
    }
}
