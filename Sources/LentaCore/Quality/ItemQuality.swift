/// What an item is worth for a story, learned once at scan from a reduced decode (DCT-scaled
/// JPEG, HEIF thumbnail, a clip's keyframes): how it looks (a perceptual signature), whether it
/// is a byte-for-byte copy of another (the content hash), how sharp and how well exposed it is,
/// and whether it is a photo at all.
///
/// Measures are taken on a picture reduced to `ItemQuality.analysisSide` pixels on its longer
/// side, so they compare across cameras and sizes.
public struct ItemQuality: Hashable, Codable, Sendable {
    /// The longer side, in pixels, of the picture every measure is taken on.
    public static let analysisSide = 256

    /// A 64-bit difference hash (dHash) of the luma: near-duplicates differ in few bits.
    public var signature: PerceptualSignature
    /// Equal for byte-identical files: a hash of every byte for photos; for clips (which can be
    /// gigabytes) the size and the first and last 16 KiB, prefixed `sampled:`.
    public var contentHash: String
    /// Edge energy: the standard deviation of the luma's Laplacian over that of the luma (so a
    /// dim or low-contrast scene is not taken for a blurred one), on the analysis picture.
    /// Sharp photos are about 0.5 and up; a blurred one a fraction of its sharp twin's.
    public var sharpness: Double
    /// Share of pixels at the top of the luma range (blown highlights), 0…1.
    public var clipped: Double
    /// Share of pixels at the bottom of the luma range (crushed shadows), 0…1.
    public var crushed: Double
    /// Mean luma, 0 (black) … 1 (white).
    public var brightness: Double
    /// A photo, or something that is not (screenshot, screen recording, document).
    public var content: ContentKind
    /// Why `content` is what it is, in words ("PNG with no camera", "few colours, flat areas").
    public var contentReasons: [String]
    /// What the measures were taken from: `jpeg-dct-1/8`, `heif-thumbnail`, `keyframes`…
    public var source: String
    /// For a clip: how much happens along it, to find its best part.
    public var clip: ClipActivity?
    /// For a photo: whether the cheap signals of the analysis picture (hard-edged marks on a
    /// bright, colourless area; dense strokes) say it may hold text or a code; nil when unknown
    /// (a clip, or a catalog from before documents were read).
    public var textGate: Bool?
    /// The longer side, in pixels, of the picture `textGate` was decided on; nil when not kept
    /// (a catalog from before it was). A phone's 12 MP JPEG is gated at scan on its 160×120 EXIF
    /// thumbnail, where paper's print is a blur: such a gate is judged again on a larger decode
    /// (`awaitsLargerGate`) before a story may show the photo.
    public var gateSide: Int?
    /// What reading it found, once read (`DocumentReading`); nil until then, or when not needed.
    public var reading: DocumentReading?

    /// Whether the photo is still to be read for text and codes before a story may show it.
    public var awaitsReading: Bool { reading == nil && textGate != false && clip == nil && source != "keyframes" }

    /// Whether the gate, closed at scan on a stored thumbnail smaller than `analysisSide`, is still
    /// to be judged again on a larger decode of the photo.
    public var awaitsLargerGate: Bool {
        reading == nil && textGate == false && clip == nil && Self.thumbnailSources.contains(source)
            && (gateSide ?? 0) < Self.analysisSide
    }

    /// The `source`s of a picture the photo's file stores beside it, whatever the photo's size.
    public static let thumbnailSources: Set<String> = ["exif-thumbnail", "heif-thumbnail"]

    public init(signature: PerceptualSignature, contentHash: String, sharpness: Double, clipped: Double, crushed: Double,
                brightness: Double, content: ContentKind = .photo, contentReasons: [String] = [], source: String,
                clip: ClipActivity? = nil, textGate: Bool? = nil, reading: DocumentReading? = nil, gateSide: Int? = nil) {
        self.signature = signature
        self.contentHash = contentHash
        self.sharpness = sharpness
        self.clipped = clipped
        self.crushed = crushed
        self.brightness = brightness
        self.content = content
        self.contentReasons = contentReasons
        self.source = source
        self.clip = clip
        self.textGate = textGate
        self.reading = reading
        self.gateSide = gateSide
    }
}

/// What a picture is, beyond being readable.
public enum ContentKind: String, Codable, Sendable, CaseIterable {
    case photo
    /// A capture of a phone's or computer's screen.
    case screenshot
    /// A video capture of a screen.
    case screenRecording = "screen-recording"
    /// A scan or photograph of a page: receipts, tickets, slides, whiteboards, notes.
    case document
    /// A picture with personal data: a passport's or ID's machine-readable zone, a bank card's
    /// number, a boarding pass's barcode. Never chosen into a story.
    case `private`

    /// Not to be shown without a person's say: a document or a picture with personal data.
    public var isSensitive: Bool { self == .document || self == .private }
}

/// A 64-bit perceptual hash; written as 16 hex digits.
public struct PerceptualSignature: Hashable, Sendable, Codable, CustomStringConvertible {
    public var bits: UInt64
    public init(bits: UInt64) { self.bits = bits }

    /// How many of the 64 bits differ: 0 for the same picture, about 32 for unrelated ones.
    public func distance(to other: PerceptualSignature) -> Int { (bits ^ other.bits).nonzeroBitCount }

    public var description: String {
        let hex = String(bits, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    public init?(hex: String) {
        guard hex.count == 16, let bits = UInt64(hex, radix: 16) else { return nil }
        self.bits = bits
    }

    public init(from decoder: Decoder) throws {
        let text = try String(from: decoder)
        guard let value = PerceptualSignature(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected 16 hex digits"))
        }
        self = value
    }

    public func encode(to encoder: Encoder) throws { try description.encode(to: encoder) }
}

/// How a clip changes along its length, sampled at its keyframes and by the bits its encoder
/// spent each second (an encoder spends bits where the picture moves).
public struct ClipActivity: Hashable, Codable, Sendable {
    /// One decoded keyframe.
    public struct Sample: Hashable, Codable, Sendable {
        /// Seconds from the clip's start.
        public var time: Double
        /// Mean absolute luma change from the previous sample, 0…1 (a scene change is large).
        public var change: Double
        public var sharpness: Double
        public var brightness: Double
        public var crushed: Double
        public init(time: Double, change: Double, sharpness: Double, brightness: Double, crushed: Double) {
            self.time = time
            self.change = change
            self.sharpness = sharpness
            self.brightness = brightness
            self.crushed = crushed
        }
    }

    public var samples: [Sample]
    /// The video stream's bits per second between keyframes (where an encoder pays for motion),
    /// bucket by bucket: one-second buckets, longer ones (`bucketSeconds`) for clips over
    /// `maximumBuckets` seconds.
    public var bitsPerBucket: [Double]
    public var bucketSeconds: Double
    /// Audio energy per bucket (RMS, 0…1), when the clip has sound that could be decoded.
    public var loudness: [Double]?
    /// Where people speak (WebRTC's voice activity detector, smoothed into utterances), in time
    /// order; empty for a clip with sound and no speech, nil without sound (or for an analysis
    /// from before speech was looked for).
    public var speech: [Utterance]?
    /// High-frequency camera jitter: the translation path of consecutive frames less its moving
    /// average over half a second, RMS, as a fraction of the picture's longer side (a tripod or a
    /// deliberate pan near 0, a walking hand 0.005 and up); nil for an analysis from before it
    /// was measured, or when no frames could be read.
    public var jitter: Double?

    public static let maximumBuckets = 600
    /// Jitter above which a clip is shaky and stabilised at render (2 pixels of a 640-pixel
    /// picture, 6 of 1920).
    public static let shakyJitter = 0.003

    /// Whether the analysis found the camera shaky.
    public var isShaky: Bool { (jitter ?? 0) > Self.shakyJitter }

    public init(samples: [Sample], bitsPerBucket: [Double], bucketSeconds: Double, loudness: [Double]? = nil,
                speech: [Utterance]? = nil, jitter: Double? = nil) {
        self.jitter = jitter
        self.samples = samples
        self.bitsPerBucket = bitsPerBucket
        self.bucketSeconds = bucketSeconds
        self.loudness = loudness
        self.speech = speech
    }
}
