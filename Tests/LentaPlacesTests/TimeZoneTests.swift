import Foundation
import LentaCore
import LentaPlaces
import Testing

@Suite struct TimeZoneTests {
    let g: Gazetteer
    init() throws { g = try Gazetteer.bundled() }

    static let lisbon = GeoPoint(latitude: 38.7075, longitude: -9.1364)
    static let tokyo = GeoPoint(latitude: 35.6586, longitude: 139.7454)
    static let newYork = GeoPoint(latitude: 40.7128, longitude: -74.0060)

    static func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Double {
        LocalDateTime(year: y, month: mo, day: d, hour: h, minute: mi, second: s).secondsSinceEpochAsUTC
    }

    @Test func lisbonSummerAndWinter() {
        #expect(g.utcOffset(at: Self.lisbon, local: LocalDateTime(year: 2024, month: 5, day: 5, hour: 14))?.description == "+01:00")
        #expect(g.utcOffset(at: Self.lisbon, local: LocalDateTime(year: 2024, month: 1, day: 15, hour: 14))?.description == "+00:00")
        #expect(g.utcOffset(at: Self.lisbon, utc: Self.utc(2024, 5, 5, 12))?.description == "+01:00")
        #expect(g.utcOffset(at: Self.lisbon, utc: Self.utc(2024, 1, 15, 12))?.description == "+00:00")
    }

    @Test func tokyoHasNoDaylightSaving() {
        #expect(g.utcOffset(at: Self.tokyo, local: LocalDateTime(year: 2024, month: 7, day: 1, hour: 9))?.seconds == 9 * 3600)
        #expect(g.utcOffset(at: Self.tokyo, local: LocalDateTime(year: 2024, month: 1, day: 1))?.seconds == 9 * 3600)
        #expect(g.utcOffset(at: Self.tokyo, utc: Self.utc(2024, 12, 31, 23, 59, 59))?.seconds == 9 * 3600)
    }

    @Test func newYork() {
        #expect(g.utcOffset(at: Self.newYork, local: LocalDateTime(year: 2024, month: 7, day: 1, hour: 12))?.description == "-04:00")
        #expect(g.utcOffset(at: Self.newYork, utc: Self.utc(2024, 7, 1, 16))?.description == "-04:00")
        #expect(g.utcOffset(at: Self.newYork, local: LocalDateTime(year: 2024, month: 12, day: 25, hour: 8))?.description == "-05:00")
    }

    @Test func oddOffsets() {
        // Chatham Islands: +12:45 in the southern winter, +13:45 in summer.
        let chatham = GeoPoint(latitude: -43.95, longitude: -176.56)
        #expect(g.utcOffset(at: chatham, local: LocalDateTime(year: 2024, month: 7, day: 1, hour: 12))?.description == "+12:45")
        #expect(g.utcOffset(at: chatham, local: LocalDateTime(year: 2024, month: 1, day: 1, hour: 12))?.description == "+13:45")
        // Arizona keeps standard time all year, unlike the rest of the Mountain zone.
        let grandCanyon = GeoPoint(latitude: 36.0544, longitude: -112.1401)
        #expect(g.utcOffset(at: grandCanyon, local: LocalDateTime(year: 2024, month: 7, day: 1, hour: 12))?.description == "-07:00")
        // Kiritimati, the first to see each new day.
        let kiritimati = GeoPoint(latitude: 1.87, longitude: -157.43)
        #expect(g.utcOffset(at: kiritimati, local: LocalDateTime(year: 2024, month: 1, day: 1))?.description == "+14:00")
    }

    @Test func utcInstantsAroundATransition() {
        // Lisbon springs forward at 01:00 UTC on 31 March 2024.
        #expect(g.utcOffset(at: Self.lisbon, utc: Self.utc(2024, 3, 31, 0, 59, 59))?.seconds == 0)
        #expect(g.utcOffset(at: Self.lisbon, utc: Self.utc(2024, 3, 31, 1, 0, 0))?.seconds == 3600)
    }

    @Test func wallClockInADaylightSavingGap() {
        // 02:30 on 10 March 2024 never happened in New York (02:00 EST → 03:00 EDT). The offset in
        // force before the change is used, so the photo lands at 07:30Z = 03:30 EDT.
        let gap = LocalDateTime(year: 2024, month: 3, day: 10, hour: 2, minute: 30)
        #expect(g.utcOffset(at: Self.newYork, local: gap)?.description == "-05:00")
        // 01:30 on 31 March 2024 never happened in Lisbon (01:00 WET → 02:00 WEST).
        let lisbonGap = LocalDateTime(year: 2024, month: 3, day: 31, hour: 1, minute: 30)
        #expect(g.utcOffset(at: Self.lisbon, local: lisbonGap)?.description == "+00:00")
        // Either side of the gap is unambiguous.
        #expect(g.utcOffset(at: Self.newYork, local: LocalDateTime(year: 2024, month: 3, day: 10, hour: 1, minute: 59))?.description == "-05:00")
        #expect(g.utcOffset(at: Self.newYork, local: LocalDateTime(year: 2024, month: 3, day: 10, hour: 3))?.description == "-04:00")
    }

    @Test func wallClockInADaylightSavingOverlap() {
        // 01:30 on 3 November 2024 happened twice in New York; the first (EDT) is taken.
        let fold = LocalDateTime(year: 2024, month: 11, day: 3, hour: 1, minute: 30)
        #expect(g.utcOffset(at: Self.newYork, local: fold)?.description == "-04:00")
        #expect(g.utcOffset(at: Self.newYork, local: LocalDateTime(year: 2024, month: 11, day: 3, hour: 2, minute: 30))?.description == "-05:00")
        // 01:30 on 27 October 2024 happened twice in Lisbon.
        #expect(g.utcOffset(at: Self.lisbon, local: LocalDateTime(year: 2024, month: 10, day: 27, hour: 1, minute: 30))?.description == "+01:00")
    }

    @Test func zoneIdsDirectly() {
        #expect(Gazetteer.utcOffset(timeZoneID: "Asia/Kolkata", local: LocalDateTime(year: 2024, month: 6, day: 1))?.description == "+05:30")
        #expect(Gazetteer.utcOffset(timeZoneID: "Australia/Lord_Howe", utc: Self.utc(2024, 1, 1))?.description == "+11:00")
        #expect(Gazetteer.utcOffset(timeZoneID: "Australia/Lord_Howe", utc: Self.utc(2024, 7, 1))?.description == "+10:30")
        #expect(Gazetteer.utcOffset(timeZoneID: "Not/A_Zone", utc: 0) == nil)
        #expect(Gazetteer.utcOffset(timeZoneID: "Europe/Lisbon", local: LocalDateTime(year: 2024, month: 2, day: 30)) == nil)
        #expect(Gazetteer.utcOffset(timeZoneID: "Europe/Lisbon", utc: .nan) == nil)
    }

    @Test func everyZoneInTheDataIsKnownToTheSystem() throws {
        // tzdata must know each zone the gazetteer can return, or offsets silently go missing.
        var unknown: [String] = []
        var seen = Set<String>()
        for latitude in stride(from: -60.0, through: 80.0, by: 1.0) {
            for longitude in stride(from: -180.0, to: 180.0, by: 1.0) {
                guard let zone = g.timeZone(at: GeoPoint(latitude: latitude, longitude: longitude)),
                      seen.insert(zone).inserted else { continue }
                if TimeZone(identifier: zone) == nil { unknown.append(zone) }
            }
        }
        #expect(seen.count > 200)
        #expect(unknown.isEmpty, "unknown to tzdata: \(unknown)")
    }
}
