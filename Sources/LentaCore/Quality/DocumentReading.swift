/// What reading a photo for text and codes found (`ItemQuality.reading`): learned once, the first
/// time a story of its lenta is made, for photos whose cheap signals said text may be there.
public struct DocumentReading: Hashable, Codable, Sendable {
    /// Confident text lines Tesseract found.
    public var lines: Int
    /// Share of the picture those lines cover, 0…1.
    public var textShare: Double
    /// Share of the page-like bright region those lines cover, when there is one.
    public var pageShare: Double?
    /// Barcodes read, by ZXing's format name ("PDF417", "QRCode"…).
    public var codes: [String]
    /// What reading took, in milliseconds (the README's costs).
    public var milliseconds: Double
    /// Why the picture is likely paper though its kind was not confirmed (words that name paper,
    /// a row shaped like a machine-readable zone, a code, with too little print to say which
    /// document): such a photo is not chosen into a story (`StorySelection`). Nil otherwise, and
    /// in readings kept before it was asked (JSON without the key).
    public var unconfirmedPaper: String?

    public init(lines: Int, textShare: Double, pageShare: Double?, codes: [String], milliseconds: Double, unconfirmedPaper: String? = nil) {
        self.lines = lines
        self.textShare = textShare
        self.pageShare = pageShare
        self.codes = codes
        self.milliseconds = milliseconds
        self.unconfirmedPaper = unconfirmedPaper
    }
}
