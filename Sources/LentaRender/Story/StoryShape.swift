import Foundation
import LentaCore

/// One more output of a render (`render --also portrait-1080p`): the story composed for another
/// output preset — its own frame size, its own encoder — in the same pass as the story's own
/// output, from the same decodes (`SharedSources`) and the same sound.
public struct StoryShape {
    public let compositor: StoryCompositor
    /// Title, time, place and chapters (and a `mov_text` track's cues) written into its MP4.
    public var metadata: StoryMetadata
    /// Its metadata, chapters (cut as its own preset says) and caption cues.
    public let publishing: StoryPublishing

    public var preset: OutputPreset { compositor.preset }

    public init(compositor: StoryCompositor, publishing: StoryPublishing) {
        self.compositor = compositor
        self.publishing = publishing
        metadata = publishing.metadata
    }

    /// Where a shape's MP4 goes when no path is given for it: beside the story's own output,
    /// named after it and the preset — `story.mp4` → `story.portrait-1080p.mp4`.
    public static func outputPath(preset: String, besides main: String) -> String {
        let url = URL(fileURLWithPath: main)
        let ext = url.pathExtension.isEmpty ? "mp4" : url.pathExtension
        let stem = url.pathExtension.isEmpty ? url.lastPathComponent : url.deletingPathExtension().lastPathComponent
        let name = "\(stem).\(preset).\(ext)"
        // A bare name stays bare (in the current folder), as the story's output was given.
        guard main.contains("/") else { return name }
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }
}
