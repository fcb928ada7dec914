/// The values a project file may hold, in one place: the validator checks them and the JSON
/// Schema repeats them (a test keeps the two in step).
public enum ProjectLimits {
    /// Every duration (photo, trimmed clip, title card, transition, fade, music start) is
    /// under an hour; durations that make something last are also more than 0.
    public static let maximumSeconds = 3600.0

    /// Sound level, for items and music: 0 silent, 1 as recorded.
    public static let volume = 0.0...2.0
    /// A clip's `speed`: a quarter (slow motion) to four times as fast.
    public static let speed = 0.25...4.0

    /// Each adjustment's range and its unit in messages.
    public static let adjustments: [String: (range: ClosedRange<Double>, unit: String)] = [
        "exposure": (-4.0...4.0, " stops"),
        "contrast": (0.0...2.0, ""),
        "saturation": (0.0...2.0, ""),
        "temperature": (-1.0...1.0, ""),
        "tint": (-1.0...1.0, ""),
        "highlights": (-1.0...1.0, ""),
        "shadows": (-1.0...1.0, ""),
    ]

    /// Degrees.
    public static let rotate = -360.0...360.0

    /// A line of text's height as a fraction of the frame's height: in (0, this].
    public static let maximumTextSize = 0.5

    /// Output frame size in pixels; both even.
    public static let frameSize = 16...4096
    /// Most pixels an output frame may have: DCI 4K (4096 × 2160, or 2160 × 4096). A render
    /// holds some 40 frames of its size at once (compositing, the encoder's lookahead and
    /// references: about 110 bytes a pixel for x265), so this keeps one under 1 GB.
    public static let maximumFramePixels = 4096 * 2160

    /// Why a `width × height` frame is too large, or nil.
    public static func framePixelsProblem(width: Int, height: Int) -> String? {
        guard frameSize.contains(width), frameSize.contains(height), width * height > maximumFramePixels else { return nil }
        return "a \(width)×\(height) frame has \(width * height) pixels; lenta renders frames of at most \(maximumFramePixels) pixels (4096×2160), to keep a render within its memory budget"
    }
    /// Output frames per second.
    public static let frameRate = 1.0...240.0
    /// x264's constant rate factor.
    public static let crf = 0...51

    /// How far apart two times may be and still count as equal (a trim's out at a video's end).
    public static let timeTolerance = 0.001
    /// How far a rectangle may stick out of the unit square through rounding.
    public static let rectTolerance = 1e-9

    // The budget a story is held to (README, "Limits"): past these `validate` refuses the
    // project, so no title, caption or count can make a render take unbounded time or memory.

    /// Most items in a story.
    public static let maximumItems = 10_000
    /// Longest a story can be: every item and the title card as long as they may be. Times
    /// given on the command line (`lenta frame --at`) are checked against it.
    public static let maximumStorySeconds = maximumSeconds * Double(maximumItems + 1)
    /// Longest words, in characters (grapheme clusters): a title, a subtitle, an item's caption.
    public static let maximumTitleLength = 200
    public static let maximumSubtitleLength = 400
    public static let maximumCaptionLength = 500
    /// Largest project file read, in bytes (a 10,000-item story is about 2 MB).
    public static let maximumProjectFileBytes = 16 << 20
}
