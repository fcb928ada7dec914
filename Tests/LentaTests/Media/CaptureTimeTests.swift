import Testing
@testable import LentaCore

@Suite struct DateTimeTextTests {
    @Test func exifText() throws {
        let p = try #require(DateTimeText.parse("2024:05:03 14:22:09"))
        #expect(p.local == LocalDateTime(year: 2024, month: 5, day: 3, hour: 14, minute: 22, second: 9))
        #expect(p.offset == nil)
    }

    @Test func zonesGluedToTheText() throws {
        #expect(DateTimeText.parse("2021:05:16 19:27:55Z")?.offset == UTCOffset(seconds: 0))
        #expect(DateTimeText.parse("2020:11:20 15:04:02+01:00")?.offset == UTCOffset(seconds: 3600))
        let flir = try #require(DateTimeText.parse("2012:02:11 14:17:08.253+01:00"))
        #expect(flir.local.millisecond == 253)
        #expect(flir.offset?.description == "+01:00")
        #expect(DateTimeText.parse("2019-02-12T15:27:12+0800")?.offset == UTCOffset(seconds: 8 * 3600))
        #expect(DateTimeText.parse("2024-02-02T08:09:57.000000Z")?.local.second == 57)
    }

    @Test func garbageIsRefused() {
        #expect(DateTimeText.parse("    :  :     :  :  ") == nil)
        #expect(DateTimeText.parse("2010") == nil)
        #expect(DateTimeText.parse("2024:05:03 14:22:09 nonsense") == nil)
        #expect(DateTimeText.parse("") == nil)
    }

    @Test func offsetsRoundTrip() {
        for text in ["+05:30", "-04:00", "+00:00", "+14:00", "-09:30"] {
            #expect(UTCOffset(text)?.description == text)
        }
        #expect(UTCOffset("+0545")?.seconds == 5 * 3600 + 45 * 60)
        #expect(UTCOffset("+25:00") == nil)
        #expect(UTCOffset("02:00") == nil)
    }

    @Test func epochArithmeticIsExact() {
        let t = LocalDateTime(year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59)
        #expect(t.secondsSinceEpochAsUTC == 1_709_251_199)
        #expect(LocalDateTime(secondsSinceEpochAsUTC: 1_709_251_199) == t)
        #expect(LocalDateTime(secondsSinceEpochAsUTC: -1) == LocalDateTime(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59))
        #expect(!LocalDateTime(year: 2023, month: 2, day: 29).isValidDate)
    }
}

@Suite struct CaptureEvidenceTests {
    let now = LocalDateTime(year: 2026, month: 11, day: 21, hour: 12).secondsSinceEpochAsUTC

    @Test func originalWithRecordedOffsetIsAnInstant() throws {
        var e = CaptureEvidence()
        e.dateTimeOriginal = .init(text: "2024:05:03 14:22:09", subSecond: "25", offset: "+01:00")
        let t = try #require(e.resolve(now: now).time)
        #expect(t.source == .exifDateTimeOriginal)
        #expect(t.local?.description == "2024-05-03T14:22:09.250")
        #expect(t.offset?.description == "+01:00")
        #expect(t.offsetSource == .recorded)
        #expect(t.utc == LocalDateTime(year: 2024, month: 5, day: 3, hour: 13, minute: 22, second: 9, millisecond: 250).secondsSinceEpochAsUTC)
    }

    @Test func gpsStampGivesTheOffsetToTheQuarterHour() throws {
        var e = CaptureEvidence()
        e.dateTimeOriginal = .init(text: "2024:10:14 16:05:00")
        e.gpsDate = "2024:10:14"
        e.gpsTimeOfDay = 7 * 3600 + 4 * 60 + 31  // a fix 29 s before the shutter
        let t = try #require(e.resolve(now: now).time)
        #expect(t.offset?.description == "+09:00")
        #expect(t.offsetSource == .gpsTimestamp)
        #expect(t.local?.description == "2024-10-14T16:05:00")
    }

    @Test func staleGpsStampIsNotTrusted() throws {
        var e = CaptureEvidence()
        e.dateTimeOriginal = .init(text: "2024:10:14 16:05:00")
        e.gpsDate = "2024:10:14"
        e.gpsTimeOfDay = 6 * 3600 + 57 * 60  // 8 minutes off any quarter hour
        let t = try #require(e.resolve(now: now).time)
        #expect(t.offset == nil)
        #expect(t.utc == nil)
    }

    @Test func withoutOffsetThereIsNoInstant() throws {
        var e = CaptureEvidence()
        e.dateTimeOriginal = .init(text: "2011:01:13 14:33:39")
        let t = try #require(e.resolve(now: now).time)
        #expect(t.local != nil && t.offset == nil && t.utc == nil)
        let filled = t.filling(offset: UTCOffset(seconds: 3600), from: .location)
        #expect(filled.utc == LocalDateTime(year: 2011, month: 1, day: 13, hour: 13, minute: 33, second: 39).secondsSinceEpochAsUTC)
        #expect(filled.offsetSource == .location)
    }

    @Test(arguments: [
        ("0000:00:00 00:00:00", "not a real date"),
        ("    :  :     :  :  ", "blank"),
        ("1998:01:01 00:00:00", "unset-clock default"),
        ("2026:11:24 14:41:16", "in the future"),
        ("2024:02:30 10:00:00", "not a real date"),
    ])
    func impossibleDatesAreMissingWithAWarning(text: String, reason: String) {
        var e = CaptureEvidence()
        e.dateTimeOriginal = .init(text: text)
        e.fileModified = 1_700_000_000
        let r = e.resolve(now: now)
        #expect(r.time?.source == .fileModificationTime)
        #expect(r.warnings.contains { $0.contains(reason) }, "\(r.warnings)")
    }

    @Test func appleCreationDateBeatsTheUTCHeaderTime() throws {
        var e = CaptureEvidence()
        e.appleCreationDate = "2019-07-24T11:25:40+0300"
        e.creationTime = "2019-07-24T08:25:57.000000Z"
        let t = try #require(e.resolve(now: now).time)
        #expect(t.source == .quickTimeCreationDate)
        #expect(t.local?.description == "2019-07-24T11:25:40")
        #expect(t.offset?.description == "+03:00")
    }

    @Test func creationTimeIsUTCWithNoWallClock() throws {
        var e = CaptureEvidence()
        e.creationTime = "2017-02-22T08:20:28.000000Z"
        let t = try #require(e.resolve(now: now).time)
        #expect(t.source == .quickTimeCreationTime)
        #expect(t.local == nil && t.offset == nil)
        #expect(t.utc == LocalDateTime(year: 2017, month: 2, day: 22, hour: 8, minute: 20, second: 28).secondsSinceEpochAsUTC)
        // A time zone at the position later gives the wall clock.
        #expect(t.filling(offset: UTCOffset(seconds: 0), from: .location).local?.description == "2017-02-22T08:20:28")
    }

    @Test(arguments: [9_223_372_036_854_775_807.0, 1e300, -1e300, -3e9, .infinity, .nan])
    func anImplausibleFileTimeIsNoCaptureTime(mtime: Double) {
        var e = CaptureEvidence()
        e.fileModified = mtime
        let r = e.resolve(now: now)
        #expect(r.time == nil)
        #expect(r.warnings.contains { $0.contains("modification time") && $0.contains("not a plausible one") }, "\(r.warnings)")
    }

    @Test func aFileTimeAtTheEdgesOfTheCalendarIsKept() {
        var e = CaptureEvidence()
        e.fileModified = CaptureEvidence.year1900
        #expect(e.resolve(now: now).time?.source == .fileModificationTime)
        e.fileModified = CaptureEvidence.year10000 - 1
        #expect(e.resolve(now: now).time?.source == .fileModificationTime)
        e.fileModified = CaptureEvidence.year10000
        #expect(e.resolve(now: now).time == nil)
    }

    // A catalog edited by hand can hold any instant; writing it (scan --json) must not trap.
    @Test(arguments: [(9.3e18, "9999-12-31T23:59:59"), (-9.3e18, "0001-01-01T00:00:00"), (.infinity, "9999-12-31T23:59:59"),
                      (.nan, "1970-01-01T00:00:00"), (1_700_000_000.25, "2023-11-14T22:13:20.250")])
    func anyInstantGivesAReading(seconds: Double, reading: String) {
        #expect(LocalDateTime(secondsSinceEpochAsUTC: seconds).description == reading)
    }

    @Test func nothingButTheFileTime() {
        var e = CaptureEvidence()
        e.fileModified = 1_700_000_000
        let r = e.resolve(now: now)
        #expect(r.time?.source == .fileModificationTime)
        #expect(r.time?.source.isFallback == true)
        #expect(r.warnings.contains { $0.contains("modification time") })
    }
}

@Suite struct GeoPointTests {
    @Test func nullIslandIsNotAPlace() {
        #expect(!GeoPoint(latitude: 0, longitude: 0).isPlausible)
        #expect(!GeoPoint(latitude: 91, longitude: 0).isPlausible)
        #expect(GeoPoint(latitude: 0.5, longitude: 0).isPlausible)
    }
}
