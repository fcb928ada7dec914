import LentaCore

/// A stop's time as ISO 8601 text.
enum StopTimeText {
    /// The wall clock with its offset when both are known (`2024-05-03T14:22:09+01:00`), else
    /// the instant in UTC (`…Z`), else the wall clock alone.
    static func local(_ time: CaptureTime?) -> String? {
        guard let time else { return nil }
        if let local = time.local, let offset = time.offset { return local.description + offset.description }
        if let utc = time.utc { return LocalDateTime(secondsSinceEpochAsUTC: utc).description + "Z" }
        return time.local?.description
    }

    /// The instant in UTC, as GPX requires; nil when the offset is not known.
    static func utc(_ time: CaptureTime?) -> String? {
        time?.utc.map(utc)
    }

    /// An instant (UTC seconds) as `2024-05-03T13:22:09Z`.
    static func utc(_ seconds: Double) -> String {
        LocalDateTime(secondsSinceEpochAsUTC: seconds).description + "Z"
    }
}
