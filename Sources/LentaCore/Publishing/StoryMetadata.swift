/// What a story's MP4 says besides its pictures and sound: the trip's title, when it began and
/// where it was (as phones tag their videos), its chapters, and the caption cues of a `mov_text`
/// subtitle track.
public struct StoryMetadata: Hashable, Sendable {
    public var title: String?
    /// The first item's capture time: the instant (`creation_time`) and, when its offset is
    /// known, the local reading with it (`com.apple.quicktime.creationdate`).
    public var creationTime: CaptureTime?
    /// The trip's place (`location`, `com.apple.quicktime.location.ISO6709`).
    public var location: GeoPoint?
    public var chapters: [StoryChapter]
    /// Cues for a `mov_text` track in the MP4; empty: no subtitle track.
    public var subtitleTrack: [SubtitleCue]

    public init(title: String? = nil, creationTime: CaptureTime? = nil, location: GeoPoint? = nil,
                chapters: [StoryChapter] = [], subtitleTrack: [SubtitleCue] = []) {
        self.title = title
        self.creationTime = creationTime
        self.location = location
        self.chapters = chapters
        self.subtitleTrack = subtitleTrack
    }

    /// The container tags, in the order they are written: `title`, `creation_time` (UTC, as
    /// the movie header keeps it), `com.apple.quicktime.creationdate` (local time with its
    /// offset), `location` and `com.apple.quicktime.location.ISO6709` (ISO 6709).
    public var tags: [(key: String, value: String)] {
        var tags: [(String, String)] = []
        if let title, !title.isEmpty { tags.append(("title", title)) }
        if let utc = creationTime?.utc {
            tags.append(("creation_time", LocalDateTime(secondsSinceEpochAsUTC: utc.rounded(.down)).isoText + "Z"))
        }
        if let time = creationTime, let local = time.local, let offset = time.offset {
            tags.append(("com.apple.quicktime.creationdate", local.isoText + offset.compactText))
        }
        if let location, location.isPlausible {
            let text = ISO6709Text.format(location)
            tags.append(("location", text))
            tags.append(("com.apple.quicktime.location.ISO6709", text))
        }
        return tags
    }
}

/// A named stretch of a story, as players list chapters: `[start, end)` in exact seconds.
public struct StoryChapter: Hashable, Sendable {
    public var start: Rational
    public var end: Rational
    public var title: String

    public init(start: Rational, end: Rational, title: String) {
        self.start = start
        self.end = end
        self.title = title
    }
}

/// A line (or lines) of text shown over `[start, end)` of a story: a caption, or the name of
/// the place the story reaches.
public struct SubtitleCue: Hashable, Sendable {
    public var start: Rational
    public var end: Rational
    public var text: String

    public init(start: Rational, end: Rational, text: String) {
        self.start = start
        self.end = end
        self.text = text
    }

    /// Start and end in whole milliseconds (rounded to the nearest).
    public var milliseconds: (start: Int64, end: Int64) {
        let thousand = Rational(1000)
        return ((start * thousand).rounded, (end * thousand).rounded)
    }
}

extension LocalDateTime {
    /// `2024-05-03T10:12:07`.
    var isoText: String {
        func pad(_ v: Int, _ n: Int = 2) -> String { String(repeating: "0", count: max(0, n - String(v).count)) + String(v) }
        return "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(hour)):\(pad(minute)):\(pad(second))"
    }
}

extension UTCOffset {
    /// `+0100`, as Apple's `creationdate` writes it.
    var compactText: String {
        let s = seconds, sign = s < 0 ? "-" : "+", m = abs(s) / 60
        func pad(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return sign + pad(m / 60) + pad(m % 60)
    }
}
