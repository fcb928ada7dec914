/// A photo's motion as validation found it, for the render to play as a clip: a Live Photo's
/// movie beside the still, or the byte range of the movie inside a Motion Photo.
public struct ResolvedMotion: Hashable, Sendable {
    public var source: MediaSource
    /// Seconds, when the movie's header says.
    public var duration: Double?
    /// Whether the movie has a sound track that can be decoded.
    public var playableSound: Bool

    public init(source: MediaSource, duration: Double?, playableSound: Bool) {
        self.source = source
        self.duration = duration
        self.playableSound = playableSound
    }
}
