import LentaCore

/// An item of a lenta as choosing sees it: when and where it was taken, what it is worth, and
/// whether a person put it in by hand.
public struct SelectionCandidate: Sendable, Hashable {
    public var id: Int64
    /// The file's name: of two copies, the one with the shorter name ("IMG_1.jpg", not
    /// "IMG_1 copy.jpg") stays.
    public var name: String
    public var kind: MediaKind
    /// Seconds since the epoch on the story's one time axis; nil when the item has no date.
    public var instant: Double?
    /// The day it was taken, on the wall clock where it was taken.
    public var day: LocalDate?
    /// The place a person would name (the city), when known.
    public var place: String?
    /// A clip's length in seconds.
    public var duration: Double?
    /// Nil when the item could not be analysed: it is then judged neither good nor bad.
    public var quality: ItemQuality?
    /// Added by hand: always in the story.
    public var byHand: Bool
    /// The people whose faces are in it (their catalog ids).
    public var people: [Int64]
    /// A memory's section (a year, a trip, a month): when given, the story's length is shared
    /// among sections in proportion to their size, instead of among (day, place) groups.
    public var section: String? = nil
    /// A clip's frame rate (100 and up: slow motion, played slowed).
    public var frameRate: Double? = nil
    /// What the clip's container says of slow motion (see `ClipMoment.slowMotionSpeed`).
    public var slowMotion: SlowMotionTags? = nil

    public init(id: Int64, name: String = "", kind: MediaKind, instant: Double?, day: LocalDate?, place: String?, duration: Double? = nil,
                quality: ItemQuality?, byHand: Bool = false, people: [Int64] = []) {
        self.id = id
        self.name = name
        self.kind = kind
        self.instant = instant
        self.day = day
        self.place = place
        self.duration = duration
        self.quality = quality
        self.byHand = byHand
        self.people = people
    }
}

/// How a story is to be cut: its length and the timeline's pieces it must fit.
public struct SelectionOptions: Sendable, Equatable {
    /// Seconds the story should last on its timeline (title card included, transitions overlapped).
    public var length: Double
    /// The pace a photo is shown at when the length allows; photos stretch or shrink within
    /// `photoRange` to make the length exact.
    public var photoDuration: Double = 3
    public var photoRange: ClosedRange<Double> = 2...5
    /// Seconds each join overlaps its two neighbours (a crossfade's duration; 0 for cuts).
    public var transitionOverlap: Double = 0.5
    /// The title card's length, or nil when the story has none.
    public var titleCard: Double? = 2.5
    /// Photos this close in time are one burst, however they look.
    public var burstGap: Double = 2
    /// Photos whose signatures differ in at most this many bits, taken within `nearDuplicateGap`
    /// seconds of each other, are one run of near-duplicates.
    public var nearDuplicateBits = 10
    public var nearDuplicateGap: Double = 600
    /// A photo less sharp than this share of the lenta's median sharpness is blurred.
    public var blurredShare = 0.45
    /// Mean brightness below this, or more than `crushedShare` of the picture crushed, is dark.
    public var darkBrightness = 0.1
    public var crushedShare = 0.6
    /// When false, every good item is kept at `photoDuration` if that is shorter than `length`
    /// (the default length is an upper bound, not a reason to stretch a small lenta).
    public var stretchToLength = true

    public init(length: Double) { self.length = length }

    /// A clip's share of the story: 8% of its length, 3 to 10 s, never more than the clip.
    public func clipLength(of duration: Double) -> Double {
        min(duration, max(3, min(10, length * 0.08)))
    }
}
