import LentaCore
import PropertyBased
import Testing

/// A local date-time's text is what the catalog, `--json` and the project file hold: ISO 8601
/// without a zone, zero-padded, with milliseconds only when there are some; it reads back equal.
@Suite struct LocalDateTimeTextTests {
    @Test func isZeroPaddedISOWithMillisecondsOnlyWhenThereAreSome() {
        #expect(LocalDateTime(year: 2024, month: 5, day: 3, hour: 14, minute: 22, second: 9).description == "2024-05-03T14:22:09")
        #expect(LocalDateTime(year: 7, month: 1, day: 2, hour: 0, minute: 0, second: 0, millisecond: 5).description == "0007-01-02T00:00:00.005")
        #expect(LocalDateTime(year: 1999, month: 12, day: 31, hour: 23, minute: 59, second: 59, millisecond: 120).description
            == "1999-12-31T23:59:59.120")
    }

    @Test func readsBackEqualForRandomDateTimes() {
        var random = Xoshiro(seed: (5, 3, 2024, 14))
        for _ in 0..<500 {
            let time = LocalDateTime(year: .random(in: 1...9999, using: &random), month: .random(in: 1...12, using: &random),
                                     day: .random(in: 1...28, using: &random), hour: .random(in: 0...23, using: &random),
                                     minute: .random(in: 0...59, using: &random), second: .random(in: 0...59, using: &random),
                                     millisecond: Bool.random(using: &random) ? 0 : .random(in: 0...999, using: &random))
            let text = time.description
            #expect(text.utf8.count == (time.millisecond == 0 ? 19 : 23), "\(text)")
            #expect(LocalDateTime(iso: text) == time, "\(text)")
            #expect(DateTimeText.parse(text)?.local == time, "\(text)")
        }
    }

    /// Texts of the canonical shape that are no valid reading go to the general parser.
    @Test func readsImpossibleReadingsAsTheGeneralParserDoes() {
        for text in ["2023-02-29T10:00:00", "2024-13-01T00:00:00", "2024-05-03T24:00:00", "2024-05-03T10:00:60",
                     "2024-05-03T10:00:60.500", "0000-01-01T00:00:00", "2024-05-03T1a:00:00", "2024-05-03 14:22:09"] {
            #expect(LocalDateTime(iso: text) == DateTimeText.parse(text).flatMap { $0.offset == nil ? $0.local : nil }, "\(text)")
        }
    }

    /// A UTC offset is written as `±hh:mm` by position; every quarter hour of the plausible range
    /// (and an absurd one, past two digits of hours) reads back as the same offset.
    @Test func utcOffsetsAreSignedHoursAndMinutesAndReadBack() {
        #expect(UTCOffset(seconds: 0).description == "+00:00")
        #expect(UTCOffset(seconds: -(4 * 3600 + 30 * 60)).description == "-04:30")
        #expect(UTCOffset(seconds: 5 * 3600 + 45 * 60).description == "+05:45")
        #expect(UTCOffset(seconds: -120 * 3600).description == "-120:00")
        for seconds in stride(from: -15 * 3600, through: 15 * 3600, by: 900) {
            let text = UTCOffset(seconds: seconds).description
            #expect(text.count == 6 && UTCOffset(text)?.seconds == seconds, "\(seconds): \(text)")
        }
    }
}
