import Foundation
import LentaCore
import Testing

/// The catalog's items write their `--json` member by member (`PrettyJSONWritable`); what they
/// write must stay what their `Codable` conformance writes, including members added later.
@Suite struct PrettyJSONWritableTests {
    /// An item with every optional set, at every depth the direct writer covers.
    static func everythingSet() -> MediaItem {
        var m = MediaMetadata(format: .heif)
        m.width = 4032
        m.height = 3024
        m.orientation = 6
        m.rotation = -90
        m.make = "Apple"
        m.model = "iPhone \"15\"\\Pro"
        m.software = "17.1"
        m.userComment = "Screenshot\n"
        m.captureTime = CaptureTime(local: LocalDateTime(year: 2024, month: 5, day: 3, hour: 14, minute: 22, second: 9, millisecond: 120),
                                    offset: UTCOffset(seconds: 7200), source: .exifDateTimeOriginal, offsetSource: .location)
        m.captureTime?.utc = 1_714_738_929.12
        m.location = GeoPoint(latitude: 38.7223, longitude: -9.1393, altitude: 12.5)
        m.duration = 3.0
        m.frameRate = 29.97
        m.variableFrameRate = true
        m.slowMotion = SlowMotionTags(fullFrameRatePlayback: false, captureFrameRate: 239.76)
        m.hasAudio = false
        m.contentIdentifier = "A1B2-ç"
        m.embeddedMotion = EmbeddedMotion(offset: 1_000_000, length: 2_500_000, origin: .googleXMP, duration: 1.5, hasAudio: true)
        m.colour = ColourDescription(matrix: .bt2020NCL, fullRange: false, primaries: .bt2020, transfer: .hlg, bitDepth: 10)
        m.colourWarning = "odd"
        m.warnings = ["first", "a \"quoted\" one", "tab\there"]
        m.heldDecodeBytes = 123_456
        let place = ItemPlace(name: "Santa Maria Maior", city: "Lisbon", region: "Lisboa", countryCode: "PT", country: "Portugal",
                              timeZone: "Europe/Lisbon", distanceKm: 0.25, isRemote: false)
        let quality = ItemQuality(signature: PerceptualSignature(bits: 0x0F0F), contentHash: "h1", sharpness: 0.5, clipped: 0.01,
                                  crushed: 0.02, brightness: 0.4, content: .photo, contentReasons: ["because"], source: "jpeg-dct-1/8")
        return MediaItem(id: 42, path: "/photos/a b/IMG_0001.HEIC", size: 2_345_678, modified: 1_714_738_930.5,
                         fingerprint: "ab12", metadata: m, place: place, quality: quality)
    }

    /// Optionals left nil anywhere in `value` (outside `quality`, written by the general encoder),
    /// by their path: a member added to one of the directly written types shows up here until the
    /// test sets it, and then the comparison below checks it is written.
    static func unsetOptionals(_ value: Any, path: String = "item") -> [String] {
        var found: [String] = []
        for child in Mirror(reflecting: value).children {
            guard let label = child.label, label != "quality" else { continue }
            let childMirror = Mirror(reflecting: child.value)
            if childMirror.displayStyle == .optional {
                guard let wrapped = childMirror.children.first?.value else { found.append("\(path).\(label)"); continue }
                found += unsetOptionals(wrapped, path: "\(path).\(label)")
            } else if childMirror.displayStyle == .struct {
                found += unsetOptionals(child.value, path: "\(path).\(label)")
            }
        }
        return found
    }

    @Test func anItemWithEverySetIsWrittenAsFoundationWritesIt() throws {
        let item = Self.everythingSet()
        #expect(Self.unsetOptionals(item) == [])
        #expect(try PrettyJSONEncoderTests.ours(item) == PrettyJSONEncoderTests.foundation(item))
        #expect(try PrettyJSONEncoderTests.ours([item, item]) == PrettyJSONEncoderTests.foundation([item, item]))
    }

    @Test func anItemWithNothingOptionalIsWrittenAsFoundationWritesIt() throws {
        let item = MediaItem(id: 1, path: "/p.jpg", size: 0, modified: 0, fingerprint: "", metadata: MediaMetadata(format: .jpeg))
        #expect(try PrettyJSONEncoderTests.ours(item) == PrettyJSONEncoderTests.foundation(item))
        #expect(try PrettyJSONEncoderTests.ours(["items": [item]]) == PrettyJSONEncoderTests.foundation(["items": [item]]))
    }

    @Test func aNumberJSONCannotHoldIsRefusedWithItsKey() {
        var item = Self.everythingSet()
        item.metadata.location = GeoPoint(latitude: .nan, longitude: 0)
        #expect {
            try PrettyJSONEncoder().encode(item)
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.last?.stringValue == "latitude"
        }
    }
}
