/// The story's sound as the render loop takes it: interleaved stereo Float samples at the
/// output's rate for a range of the timeline's samples. `AudioMixer` provides it.
public protocol StorySoundTrack: AnyObject {
    var hasAudio: Bool { get }
    func samples(_ range: Range<Int>) throws -> [Float]
}

extension AudioMixer: StorySoundTrack {}
