import Foundation
import LentaCore
@testable import LentaLibrary
import PropertyBased
import Testing

/// `scan --json` is written as the catalog's items are read (`ScanOutput.write`: each item straight
/// to bytes by `PrettyJSONWritable`, the text handed on in chunks); scripts read it, so its bytes
/// must stay what Foundation's `JSONEncoder` and the general `PrettyJSONEncoder` write for the same
/// `ScanOutput`, whatever the items hold.
@Suite struct ScanOutputStreamTests {
    /// `ScanOutput.write`'s text, its chunks joined, with the final newline `JSONOutput` adds.
    static func streamed(_ output: ScanOutput) throws -> (text: String, chunks: Int) {
        var bytes: [UInt8] = []
        var chunks = 0
        try withoutActuallyEscaping({ (chunk: [UInt8]) in bytes += chunk; chunks += 1 }) { consume in
            try ScanOutput.write(report: output.report, items: { each in try output.items.forEach(each) }, to: consume)
        }
        return (String(decoding: bytes, as: UTF8.self), chunks)
    }

    /// Both references: Foundation's encoder, and the general encoder (its tree for the report and
    /// the array, the items' own members inside).
    static func expectSameBytes(_ output: ScanOutput, _ comment: Comment? = nil) throws {
        let streamed = try Self.streamed(output).text
        let general = String(decoding: try PrettyJSONEncoder().encode(output), as: UTF8.self)
        #expect(streamed == general, comment)
        #expect(streamed == (try PrettyJSONEncoderTests.foundation(output)), comment)
    }

    static let doubles: [Double] = [0, -0.0, 1, -1, 3.0, 0.1, 1e20, 1e-7, 1e16, 1e-5, 123456789.125, 1_714_738_930.5,
                                    .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
                                    -.leastNonzeroMagnitude, .leastNormalMagnitude, .ulpOfOne, 2e-308, 9007199254740992, 9007199254740994]

    /// A string of any of: ASCII, control characters, quotes and backslashes, slashes, Latin,
    /// CJK, emoji (long ones too).
    static func text(_ random: inout Xoshiro, maxLength: Int = 24) -> String {
        let length = Int.random(in: 0...maxLength, using: &random)
        var s = ""
        for _ in 0..<length {
            switch Int.random(in: 0..<8, using: &random) {
            case 0: s.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0..<0x20, using: &random)))
            case 1: s += ["\"", "\\", "/", "\u{7f}", "\u{2028}", "\u{2029}", "\u{feff}", "é"].randomElement(using: &random)!
            case 2: s.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: 0xA0..<0xD800, using: &random)) ?? "?")
            case 3: s.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: 0x1F300..<0x1FAFF, using: &random)) ?? "?")
            default: s.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0x20..<0x7F, using: &random)))
            }
        }
        return s
    }

    static func double(_ random: inout Xoshiro) -> Double {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return doubles.randomElement(using: &random)!
        case 1: return Double(Int32.random(in: .min ... .max, using: &random)) / Double(1 << Int.random(in: 0...20, using: &random))
        default:
            let d = Double(bitPattern: UInt64.random(in: .min ... .max, using: &random))
            return d.isFinite ? d : -0.0
        }
    }

    /// An instant from year 1 to 9999 (written as its date: beyond Int's seconds it cannot be).
    static func utc(_ random: inout Xoshiro) -> Double {
        Double(Int64.random(in: -62_135_596_800...253_402_300_799, using: &random)) + [0, 0.5, 0.125, 0.001].randomElement(using: &random)!
    }

    static func maybe<T>(_ random: inout Xoshiro, _ make: (inout Xoshiro) -> T) -> T? {
        Bool.random(using: &random) ? make(&random) : nil
    }

    static func int(_ random: inout Xoshiro) -> Int {
        [Int.min, Int.max, 0, -1, Int.random(in: -10_000...10_000, using: &random), .random(in: .min ... .max, using: &random)]
            .randomElement(using: &random)!
    }

    /// An item with each optional set or not, every format, time source, origin, colour and content kind possible.
    static func item(_ random: inout Xoshiro) -> MediaItem {
        var m = MediaMetadata(format: MediaFormat.allCases.randomElement(using: &random)!)
        m.width = maybe(&random, int)
        m.height = maybe(&random, int)
        m.orientation = maybe(&random) { Int.random(in: 0...8, using: &$0) }
        m.rotation = maybe(&random) { [0, 90, -90, 180, 270].randomElement(using: &$0)! }
        m.make = maybe(&random) { text(&$0) }
        m.model = maybe(&random) { text(&$0) }
        m.software = maybe(&random) { text(&$0) }
        m.userComment = maybe(&random) { text(&$0, maxLength: 300) }
        if Bool.random(using: &random) {
            let source = CaptureTimeSource.allCases.randomElement(using: &random)!
            var time: CaptureTime
            if Bool.random(using: &random) {
                let local = LocalDateTime(year: .random(in: 1...9999, using: &random), month: .random(in: 1...12, using: &random),
                                          day: .random(in: 1...28, using: &random), hour: .random(in: 0...23, using: &random),
                                          minute: .random(in: 0...59, using: &random), second: .random(in: 0...59, using: &random),
                                          millisecond: Bool.random(using: &random) ? 0 : .random(in: 0...999, using: &random))
                time = CaptureTime(local: local, offset: maybe(&random) { UTCOffset(seconds: 900 * Int.random(in: -60...60, using: &$0)) },
                                   source: source, offsetSource: maybe(&random) { OffsetSource.allCases.randomElement(using: &$0)! })
            } else {
                time = CaptureTime(utc: utc(&random), source: source)
            }
            if Bool.random(using: &random) { time.utc = utc(&random) }
            m.captureTime = time
        }
        m.location = maybe(&random) { GeoPoint(latitude: double(&$0), longitude: double(&$0), altitude: maybe(&$0, double)) }
        m.duration = maybe(&random, double)
        m.frameRate = maybe(&random, double)
        m.variableFrameRate = maybe(&random) { Bool.random(using: &$0) }
        m.slowMotion = maybe(&random) { SlowMotionTags(fullFrameRatePlayback: maybe(&$0) { Bool.random(using: &$0) }, captureFrameRate: maybe(&$0, double)) }
        m.hasAudio = maybe(&random) { Bool.random(using: &$0) }
        m.contentIdentifier = maybe(&random) { text(&$0) }
        m.embeddedMotion = maybe(&random) {
            EmbeddedMotion(offset: .random(in: .min ... .max, using: &$0), length: .random(in: 0 ... .max, using: &$0),
                           origin: EmbeddedMotion.Origin.allCases.randomElement(using: &$0)!, duration: maybe(&$0, double),
                           hasAudio: maybe(&$0) { Bool.random(using: &$0) })
        }
        m.colour = maybe(&random) {
            ColourDescription(matrix: ColourDescription.Matrix.allCases.randomElement(using: &$0)!, fullRange: Bool.random(using: &$0),
                              primaries: ColourDescription.Primaries.allCases.randomElement(using: &$0)!,
                              transfer: ColourDescription.Transfer.allCases.randomElement(using: &$0)!, bitDepth: int(&$0))
        }
        m.colourWarning = maybe(&random) { text(&$0) }
        m.warnings = (0..<Int.random(in: 0...3, using: &random)).map { _ in text(&random, maxLength: 60) }
        m.heldDecodeBytes = maybe(&random, int)
        let place = maybe(&random) {
            ItemPlace(name: text(&$0), city: text(&$0), region: maybe(&$0) { text(&$0) }, countryCode: text(&$0, maxLength: 3),
                      country: text(&$0), timeZone: maybe(&$0) { text(&$0) }, distanceKm: double(&$0), isRemote: Bool.random(using: &$0))
        }
        let quality = maybe(&random) {
            ItemQuality(signature: PerceptualSignature(bits: .random(in: .min ... .max, using: &$0)), contentHash: text(&$0),
                        sharpness: double(&$0), clipped: double(&$0), crushed: double(&$0), brightness: double(&$0),
                        content: ContentKind.allCases.randomElement(using: &$0)!, contentReasons: [text(&$0)], source: text(&$0))
        }
        return MediaItem(id: .random(in: .min ... .max, using: &random), path: "/" + text(&random, maxLength: 200),
                         size: .random(in: .min ... .max, using: &random), modified: double(&random), fingerprint: text(&random),
                         metadata: m, place: place, quality: quality)
    }

    /// A report with every member set (`home`, `livePhotos` and `lentas` are optional).
    static func everyMemberSet() -> ScanReport {
        var report = ScanReport()
        report.roots = ["/photos/2024", "/photos/\"odd\"\n"]
        (report.items, report.new, report.changed, report.moved, report.removed, report.unchanged) = (9, 1, 2, 3, 4, 5)
        (report.analysed, report.notMedia, report.withoutDate, report.withoutPosition, report.located) = (6, 7, 8, 9, 10)
        report.unreadable = [UnreadableFile(path: "/photos/a.jpg", reason: "read jpeg: cut short"), UnreadableFile(path: "/b", reason: "")]
        report.warnings = [ScanReport.FileWarning(path: "/photos/c.jpg", message: "impossible date\t1904")]
        report.home = "Lisbon (120 days of photos)"
        report.livePhotos = 11
        report.lentas = 12
        report.libraryWarnings = ["no positions at all", "ü"]
        return report
    }

    static func report(_ random: inout Xoshiro) -> ScanReport {
        var report = ScanReport()
        report.roots = ["/photos/" + text(&random)]
        report.items = .random(in: 0...100_000, using: &random)
        report.unreadable = [UnreadableFile(path: "/photos/" + text(&random), reason: text(&random))]
        report.home = maybe(&random) { text(&$0) }
        report.libraryWarnings = [text(&random)]
        return report
    }

    @Test func randomItemsAreWrittenAsTheEncodersWriteThem() async throws {
        await propertyCheck(count: 60, input: Gen.uint64()) { seed in
            var random = Xoshiro(seed: (seed, 19, 31, 2026))
            let output = ScanOutput(report: Self.report(&random), items: (0..<Int.random(in: 0...6, using: &random)).map { _ in Self.item(&random) })
            try Self.expectSameBytes(output, "seed \(seed)")
        }
    }

    /// Hand-picked ends: nothing optional, everything set, no items, every extreme number in
    /// every number member, every content kind and format.
    @Test func edgeCasesAreWrittenAsTheEncodersWriteThem() throws {
        let bare = MediaItem(id: 0, path: "", size: 0, modified: -0.0, fingerprint: "", metadata: MediaMetadata(format: .jpeg))
        try Self.expectSameBytes(ScanOutput(report: ScanReport(), items: []))
        #expect(PrettyJSONWritableTests.unsetOptionals(Self.everyMemberSet()) == [])
        try Self.expectSameBytes(ScanOutput(report: Self.everyMemberSet(), items: []))
        try Self.expectSameBytes(ScanOutput(report: ScanReport(), items: [bare]))
        try Self.expectSameBytes(ScanOutput(report: ScanReport(), items: [PrettyJSONWritableTests.everythingSet(), bare]))
        var items: [MediaItem] = []
        for (i, d) in Self.doubles.enumerated() {
            var item = PrettyJSONWritableTests.everythingSet()
            item.modified = d
            item.metadata.duration = d
            item.metadata.frameRate = d
            item.metadata.location = GeoPoint(latitude: d, longitude: -d, altitude: d)
            item.place?.distanceKm = d
            item.metadata.format = MediaFormat.allCases[i % MediaFormat.allCases.count]
            item.quality?.content = ContentKind.allCases[i % ContentKind.allCases.count]
            item.path = "/\(i)/" + String(repeating: "ü😀\u{1}\"\\/", count: 200)
            items.append(item)
        }
        try Self.expectSameBytes(ScanOutput(report: ScanReport(), items: items))
    }

    /// A library's worth of items goes out in chunks, not as one text.
    @Test func aLargeOutputIsHandedOnInChunks() throws {
        var random = Xoshiro(seed: (31, 19, 11, 28))
        let output = ScanOutput(report: ScanReport(), items: (0..<400).map { _ in Self.item(&random) })
        let (text, chunks) = try Self.streamed(output)
        #expect(text.utf8.count > 3 << 16)
        #expect(chunks > 2)
        try Self.expectSameBytes(output)
    }

    @Test func aNumberJSONCannotHoldStopsTheOutputWithItsKey() {
        var item = PrettyJSONWritableTests.everythingSet()
        item.metadata.duration = .infinity
        #expect {
            _ = try Self.streamed(ScanOutput(report: ScanReport(), items: [item]))
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.last?.stringValue == "duration"
        }
    }
}
