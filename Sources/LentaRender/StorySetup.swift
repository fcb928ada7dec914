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

    /// The validator `validate`, `render` and `frame` check projects with: media files opened to
    /// tell photos from videos, and text checked against the installed fonts (a warning for each
    /// character none has; without a working fontconfig, fonts are not checked here and the
    /// render reports the problem).
    public static func validator() -> ProjectValidator {
        ProjectValidator(inspectMedia: ProjectMediaInspector.inspect, inspectText: try? TextEngine.shared(),
                         inspectMotion: ProjectMotionInspector.inspect)
    }

    /// A renderer with the project's sound (music and clips' sound, mixed by `AudioMixer`).
    public static func renderer(project: ProjectFile, projectDirectory: URL, preset: OutputPreset, threads: Int = 0) throws -> StoryRenderer {
        let compositor = try StoryCompositor(project: project, projectDirectory: projectDirectory, preset: preset, threads: threads)
        let mixer: AudioMixer
        do {
            mixer = try AudioMixer(project: project, projectDirectory: projectDirectory, timeline: compositor.timeline,
                                   motions: compositor.motionSources)
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
