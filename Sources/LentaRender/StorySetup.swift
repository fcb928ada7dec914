import Foundation
import LentaCore
import LentaMedia
import LentaText

/// What `lenta render` and `lenta frame` share: the output preset a project renders with, and a
/// compositor or renderer for it.
public enum StorySetup {
    /// The preset named by `override` (`--preset`), as it is; else the project's preset with the
    /// project's changes to it (`output.width`, `height`, `fps`, `crf`).
    /// - Throws: `PresetLibraryError` for an unknown or broken preset.
    public static func outputPreset(for project: ProjectFile, override: String?, library: PresetLibrary = .standard) throws -> OutputPreset {
        if let override { return try library.outputPreset(named: override) }
        return try library.outputPreset(named: project.presetName).applying(project.output)
    }

    /// The validator `validate`, `render`, `frame` and `auto` check projects with: media files
    /// opened to tell photos from videos, music opened as the render opens it, and text checked
    /// against the installed fonts (a warning for each character none has; without a working
    /// fontconfig, fonts are not checked here and the render reports the problem). A valid
    /// project comes back resolved (`ProjectReport.story`) for the render.
    public static func validator(presets: PresetLibrary = .standard) -> ProjectValidator {
        ProjectValidator(presets: presets, inspectMedia: ProjectMediaInspector.inspect, inspectText: try? TextEngine.shared(),
                         inspectSound: ProjectMediaInspector.inspectSound)
    }

    /// A renderer with the story's sound (music and clips' sound, mixed by `AudioMixer`).
    public static func renderer(story: ResolvedStory, preset: OutputPreset, threads: Int = 0) throws -> StoryRenderer {
        let compositor = StoryCompositor(story: story, preset: preset, threads: threads)
        let mixer: AudioMixer
        do {
            mixer = try AudioMixer(story: story, timeline: compositor.timeline)
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError("\(error)")
        }
        return StoryRenderer(compositor: compositor, sound: mixer.hasAudio ? mixer : nil)
    }
}

extension StoryCompositor {
    /// The frame shown at `seconds` into the story: `floor(seconds × fps)`, exactly.
    public func frameIndex(at seconds: Double) -> Int {
        Int((Rational(seconds: seconds) * timeline.fps).floor)
    }
}
