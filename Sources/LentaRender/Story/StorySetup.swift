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

    /// The names of the story's other shapes: the project's `output.also`, then those of
    /// `commandLine` (`--also`) it does not list, each once. A project's shape that is the
    /// preset the story is rendered in (`--preset` gave it) is left out: the story's MP4 is it.
    public static func alsoNames(project: ProjectFile, adding commandLine: [String], main: String) -> [String] {
        var names: [String] = []
        for name in (project.output?.also ?? []).filter({ $0 != main }) + commandLine where !names.contains(name) {
            names.append(name)
        }
        return names
    }

    /// The presets named by `--also`, as they are (like `--preset`: the project's changes to its
    /// own preset are not applied to them).
    /// - Throws: `PresetLibraryError` for an unknown or broken preset, `ShapeMismatch` for one
    ///   that cannot share a pass with `main`.
    public static func alsoPresets(_ names: [String], main: OutputPreset, library: PresetLibrary = .standard) throws -> [OutputPreset] {
        try names.map { name in
            let preset = try library.outputPreset(named: name)
            if let mismatch = ShapeMismatch.find(also: preset, main: main) { throw mismatch }
            return preset
        }
    }

    /// A renderer with the story's sound (music and clips' sound, mixed by `AudioMixer`, brought
    /// to the preset's loudness by `StoryLoudness`) and the story's metadata and chapters
    /// (`StoryPublishing`, kept on the renderer for its subtitle cues).
    /// - Parameter also: more output presets rendered in the same pass (`StoryRenderer.also`):
    ///   each source decoded once for every shape, the sound mixed once.
    /// - Throws: `ShapeMismatch` for a preset in `also` that cannot share the pass.
    public static func renderer(story: ResolvedStory, preset: OutputPreset, also: [OutputPreset] = [], threads: Int = 0) throws -> StoryRenderer {
        if let mismatch = also.lazy.compactMap({ ShapeMismatch.find(also: $0, main: preset) }).first { throw mismatch }
        let sources = also.isEmpty ? nil : SharedSources(presets: [preset] + also)
        let compositor = StoryCompositor(story: story, preset: preset, threads: threads, sharing: sources.map { ($0, 0) })
        let timeline = compositor.timeline
        var sound: StorySoundTrack?
        do {
            // Each clip's sound is decoded once, into the spill; the loudness passes and the
            // encoder read that.
            let mix = try AudioMixer(story: story, timeline: timeline)
            if mix.hasAudio { sound = try SpilledSoundTrack(mixing: mix, sampleCount: timeline.sampleCount) }
        } catch {
            throw RenderError.wrapping(error)
        }
        var loudness: StoryLoudness.Plan?
        if let mixed = sound {
            do {
                loudness = try StoryLoudness.plan(target: preset.loudnessTarget, ceiling: OutputPreset.truePeakCeiling,
                                                  sampleCount: timeline.sampleCount, sampleRate: timeline.sampleRate) { mixed }
                if let loudness {
                    sound = try FilteredSoundTrack(mixed, filters: loudness.filters, sampleCount: timeline.sampleCount,
                                                   sampleRate: timeline.sampleRate)
                }
            } catch let error as MediaError {
                // The loudness filter graphs' and the kept mix's reads (the mixer's are RenderErrors).
                throw RenderError("loudness", underlying: error)
            } catch {
                throw RenderError.wrapping(error)
            }
        }
        let publishing = StoryPublishing(compositor: compositor)
        let renderer = StoryRenderer(compositor: compositor, sound: sound)
        if let sources {
            renderer.also = also.enumerated().map { k, shape in
                let made = StoryCompositor(story: story, preset: shape, threads: threads, sharing: (sources, k + 1))
                return StoryShape(compositor: made, publishing: StoryPublishing(compositor: made))
            }
        }
        // One budget of `threads` for the whole render: the encoder's threads, and frames drawn
        // at once by the compositor (half of it, at least one; their slices share the same pool).
        let budget = threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount
        renderer.framesAtOnce = max(1, (budget + 1) / 2)
        renderer.publishing = publishing
        renderer.metadata = publishing.metadata
        renderer.loudness = loudness
        return renderer
    }
}

extension StoryCompositor {
    /// The frame shown at `seconds` into the story: `floor(seconds × fps)`, exactly; past the
    /// longest story there can be (or not a number), `frameCount`: past the end.
    public func frameIndex(at seconds: Double) -> Int {
        guard seconds >= 0, seconds <= ProjectLimits.maximumStorySeconds else { return seconds < 0 ? -1 : frameCount }
        return Int((Rational(seconds: seconds) * timeline.fps).floor)
    }
}
