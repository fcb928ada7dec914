/// What a media file says about itself: read once at scan time and kept in the catalog.
public struct MediaMetadata: Hashable, Codable, Sendable {
    public var format: MediaFormat
    public var kind: MediaKind { format.kind }
    /// Pixel size as displayed: after EXIF orientation (photos) or the display matrix (videos).
    public var width: Int?
    public var height: Int?
    /// EXIF orientation 1–8 (photos); nil when absent or invalid.
    public var orientation: Int?
    /// Display-matrix rotation in degrees as ffprobe reports it (videos; -90 for a phone held upright).
    public var rotation: Int?
    public var make: String?
    public var model: String?
    /// EXIF Software and UserComment, read at scan for telling screenshots from photos
    /// (iPhones write "Screenshot" in UserComment); not kept in the catalog.
    public var software: String?
    public var userComment: String?
    public var captureTime: CaptureTime?
    public var location: GeoPoint?
    /// Seconds (videos).
    public var duration: Double?
    /// Average frames per second (videos).
    public var frameRate: Double?
    /// True when frame durations vary beyond jitter, as phones record in low light.
    public var variableFrameRate: Bool?
    /// What the container says of slow motion (videos; nil when it says nothing).
    public var slowMotion: SlowMotionTags?
    public var hasAudio: Bool?
    /// Apple's Live Photo content identifier: the still's maker note tag 17, or the movie's
    /// `com.apple.quicktime.content.identifier`. A still and a movie that share it are one item.
    public var contentIdentifier: String?
    /// The movie a Motion Photo carries in its own file (photos).
    public var embeddedMotion: EmbeddedMotion?
    /// How its pixels are to be read as colours (nil when the file was read before lenta knew).
    public var colour: ColourDescription?
    /// What of its colour description lenta cannot convert (also among `warnings`).
    public var colourWarning: String?
    /// Things worth telling the user that did not stop the file from being read.
    public var warnings: [String]
    /// Bytes a progressive JPEG's decoder holds for the whole picture's coefficients whatever
    /// the scale it decodes at, from its frame header (nil for other photos): the photo memory
    /// budget counts them.
    public var heldDecodeBytes: Int?

    public init(format: MediaFormat) {
        self.format = format
        self.warnings = []
    }
}

extension MediaMetadata {
    /// The warning of a JPEG whose picture data was cut short: the scan, `validate` and
    /// `render` all tell it, naming the file.
    public static let cutShortJPEGWarning =
        "the JPEG is cut short (its picture data ends without an end-of-image marker): the lower part of the picture is missing"

    /// Whether the file is a JPEG cut short (its lower part will show as grey or green).
    public var isCutShortJPEG: Bool { warnings.contains(Self.cutShortJPEGWarning) }
}
