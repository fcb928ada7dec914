import LentaCore

/// What grouping needs to know of an item.
public struct TimelineItem: Sendable, Equatable {
    public var id: Int64
    public var capture: CaptureTime?
    public var location: GeoPoint?
    /// The place a person would name, with its country: home is found by these.
    public var city: String?
    public var countryCode: String?
    public var isVideo: Bool

    public init(id: Int64, capture: CaptureTime?, location: GeoPoint?, city: String?, countryCode: String?, isVideo: Bool) {
        self.id = id
        self.capture = capture
        self.location = location
        self.city = city
        self.countryCode = countryCode
        self.isVideo = isVideo
    }
}

/// Puts items on one time axis (UTC instants), so a UTC-stamped video and local-time photos
/// taken minutes apart sort together.
///
/// An item with only a wall-clock reading (no offset, no position) takes the offset of the item
/// nearest to it in wall-clock time that has both — the camera was most likely in the same zone.
public enum Timeline {
    public static func instants(_ items: [TimelineItem]) -> [Int64: Double] {
        var result: [Int64: Double] = [:]
        // Reference points: (wall clock as UTC, offset) of items that know both.
        var references: [(local: Double, offset: Int)] = []
        for item in items {
            guard let t = item.capture else { continue }
            if let utc = t.utc { result[item.id] = utc }
            if let local = t.local, let offset = t.offset { references.append((local.secondsSinceEpochAsUTC, offset.seconds)) }
        }
        references.sort { $0.local < $1.local }
        for item in items where result[item.id] == nil {
            guard let local = item.capture?.local?.secondsSinceEpochAsUTC else { continue }
            let offset = nearestOffset(to: local, in: references) ?? 0
            result[item.id] = local - Double(offset)
        }
        return result
    }

    private static func nearestOffset(to local: Double, in references: [(local: Double, offset: Int)]) -> Int? {
        guard !references.isEmpty else { return nil }
        var lo = 0, hi = references.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if references[mid].local < local { lo = mid + 1 } else { hi = mid }
        }
        let candidates = [lo - 1, lo].filter { $0 >= 0 && $0 < references.count }
        return candidates.min { abs(references[$0].local - local) < abs(references[$1].local - local) }.map { references[$0].offset }
    }
}
