import Foundation
import LentaCore
import Synchronization

extension Gazetteer {
    /// The UTC offset of an IANA zone at an instant (seconds since 1970-01-01T00:00:00Z), from the
    /// system's tz database through Foundation. Nil for an unknown zone id.
    public static func utcOffset(timeZoneID: String, utc: Double) -> UTCOffset? {
        guard utc.isFinite, let zone = ZoneCache.shared.zone(timeZoneID) else { return nil }
        return UTCOffset(seconds: zone.secondsFromGMT(for: Date(timeIntervalSince1970: utc)))
    }

    /// The UTC offset of an IANA zone that a wall-clock reading had, for readings with no
    /// recorded offset (EXIF `DateTimeOriginal`). Nil for an unknown zone or an impossible date.
    ///
    /// Works like java.time's `ZonedDateTime.of` and Python's `zoneinfo` with `fold=0`:
    /// - usually exactly one offset o makes `local - o` an instant at which the zone's offset is o;
    /// - in an overlap (clocks go back, the reading happened twice) the earlier instant's offset,
    ///   the one in force before the change (e.g. 01:30 on 3 Nov 2024 in New York → -04:00);
    /// - in a gap (clocks go forward, the reading never happened) the offset in force before the
    ///   change, which places the photo as many minutes after the change as the reading is into
    ///   the gap (02:30 on 10 Mar 2024 in New York → -05:00, i.e. 03:30 EDT).
    public static func utcOffset(timeZoneID: String, local: LocalDateTime) -> UTCOffset? {
        guard local.isValidDate, let zone = ZoneCache.shared.zone(timeZoneID) else { return nil }
        let wall = local.secondsSinceEpochAsUTC
        func offset(at instant: Double) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: instant)) }
        // The offsets in force a day either side of the reading cover any one transition.
        let guess = Double(offset(at: wall))
        let before = offset(at: wall - guess - 86_400)
        let after = offset(at: wall - guess + 86_400)
        let valid = [before, after].filter { offset(at: wall - Double($0)) == $0 }
        if let earliest = valid.max() { return UTCOffset(seconds: earliest) }  // larger offset = earlier instant
        let probe = offset(at: wall)  // neither fits: a gap, or two transitions within a day
        if offset(at: wall - Double(probe)) == probe { return UTCOffset(seconds: probe) }
        return UTCOffset(seconds: before)
    }
}

/// `TimeZone(identifier:)` reads and parses a tzfile; keep each zone once.
final class ZoneCache: Sendable {
    static let shared = ZoneCache()
    private let zones = Mutex<[String: TimeZone?]>([:])

    func zone(_ id: String) -> TimeZone? {
        zones.withLock { zones in
            if let cached = zones[id] { return cached }
            let zone = TimeZone(identifier: id)
            zones[id] = zone
            return zone
        }
    }
}
