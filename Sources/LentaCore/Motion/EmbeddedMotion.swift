/// The movie a Motion Photo carries inside its own file, after (or beside) the still picture.
public struct EmbeddedMotion: Hashable, Codable, Sendable {
    /// What said where the movie is.
    public enum Origin: String, Codable, Sendable, CaseIterable {
        /// Google's XMP: `GCamera:MotionPhotoOffset`, `GCamera:MicroVideoOffset` or a
        /// `Container:Directory` item with the `MotionPhoto` semantic.
        case googleXMP = "xmp"
        /// Samsung's trailer: a `MotionPhoto_Data` record listed in the `SEFH`/`SEFT` directory.
        case samsungTrailer = "samsung-trailer"
        /// A top-level `mpvd` box of a HEIF file (Samsung and Google HEIC Motion Photos).
        case heifBox = "mpvd"
    }

    /// Byte offset of the movie's first byte (its `ftyp` box) in the file.
    public var offset: Int64
    /// The movie's length in bytes.
    public var length: Int64
    public var origin: Origin
    /// Seconds, as the movie's header says.
    public var duration: Double?
    public var hasAudio: Bool?

    public init(offset: Int64, length: Int64, origin: Origin, duration: Double? = nil, hasAudio: Bool? = nil) {
        self.offset = offset
        self.length = length
        self.origin = origin
        self.duration = duration
        self.hasAudio = hasAudio
    }

    public var byteRange: Range<Int64> { offset..<(offset + length) }
}
