/// An output preset that cannot be rendered in the same pass as the story's own output: the
/// shapes of one pass share one timeline (frame rate and sample count), one sound (mixed and
/// brought to one loudness) and one colour table per item, so they must agree on those. They may
/// differ in size, encoder, quality and chapters. A preset that differs is refused rather than
/// converted: render it separately.
public struct ShapeMismatch: Error, CustomStringConvertible, Equatable, Sendable {
    public let preset: String
    public let main: String
    /// What differs, in words (`its frame rate, 25 fps, is not the story's 30 fps`).
    public let difference: String

    public var description: String {
        "--also \(preset): \(difference) (\(main)); one pass renders shapes of one frame rate, sound, loudness and dynamic range; render it separately"
    }

    /// Why `also` cannot share a pass with `main`, or nil when it can.
    public static func find(also: OutputPreset, main: OutputPreset) -> ShapeMismatch? {
        func mismatch(_ difference: String) -> ShapeMismatch { ShapeMismatch(preset: also.name, main: main.name, difference: difference) }
        if also.fps.numerator * main.fps.denominator != main.fps.numerator * also.fps.denominator {
            return mismatch("its frame rate, \(also.fps) fps, is not the story's \(main.fps) fps")
        }
        if also.audio.sampleRate != main.audio.sampleRate || also.audio.channels != main.audio.channels {
            return mismatch("its sound, \(also.audio.sampleRate) Hz × \(also.audio.channels), is not the story's "
                            + "\(main.audio.sampleRate) Hz × \(main.audio.channels)")
        }
        if also.loudnessTarget != main.loudnessTarget {
            return mismatch("its loudness target, \(also.loudnessTarget) LUFS, is not the story's \(main.loudnessTarget) LUFS")
        }
        if also.colour != main.colour {
            return mismatch("its dynamic range, \(also.video.dynamicRange?.rawValue ?? "sdr"), is not the story's "
                            + "\(main.video.dynamicRange?.rawValue ?? "sdr")")
        }
        return nil
    }
}
