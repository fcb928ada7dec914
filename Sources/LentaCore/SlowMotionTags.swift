import Foundation

/// What a clip's container says of slow motion: QuickTime metadata keys (`mdta`), which
/// libavformat hands over among the container's tags, read once at scan.
///
/// Neither says which part is slowed: an iPhone keeps its slow part (the Camera's ramp, edited in
/// Photos) outside the movie, in the Photos library or an `.AAE` sidecar (`com.apple.video.slomo`),
/// and a Samsung in its own trailer after the movie's boxes, which libavformat does not read.
public struct SlowMotionTags: Hashable, Codable, Sendable {
    /// Apple's `com.apple.quicktime.full-frame-rate-playback-intent` (AVFoundation, iOS 18 and
    /// macOS 15): true (1) when a high-frame-rate movie is meant to play at its full frame rate,
    /// false (0) when at a slow-motion rate. iPhones write 0 on ordinary clips too, so false
    /// alone does not make a clip slow motion.
    public var fullFrameRatePlayback: Bool?
    /// Android's `com.android.capture.fps` (the rate MediaRecorder captured at, which its MP4
    /// writer records for high-speed and time-lapse recordings): frames per second the camera
    /// took, whatever rate the file plays at.
    public var captureFrameRate: Double?

    public static let fullFrameRatePlaybackKey = "com.apple.quicktime.full-frame-rate-playback-intent"
    public static let captureFrameRateKey = "com.android.capture.fps"

    public init(fullFrameRatePlayback: Bool? = nil, captureFrameRate: Double? = nil) {
        self.fullFrameRatePlayback = fullFrameRatePlayback
        self.captureFrameRate = captureFrameRate
    }

    /// The tags found among a container's (libavformat writes an integer key as its decimal
    /// text and a float one as `%f`), or nil when it has neither, or neither is a usable value.
    public init?(containerTags tags: [String: String]) {
        func trimmed(_ key: String) -> String? { tags[key].map { $0.trimmingCharacters(in: .whitespaces) } }
        switch trimmed(Self.fullFrameRatePlaybackKey) {
        case "1": fullFrameRatePlayback = true
        case "0": fullFrameRatePlayback = false
        default: fullFrameRatePlayback = nil
        }
        if let text = trimmed(Self.captureFrameRateKey), let rate = Double(text), rate.isFinite, rate > 0, rate <= 10_000 {
            captureFrameRate = rate
        }
        if fullFrameRatePlayback == nil && captureFrameRate == nil { return nil }
    }
}
