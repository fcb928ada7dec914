import Foundation
import LentaCore
import LentaLibrary
import LentaTestSupport
import Testing

/// `lenta scan --json` on the real camera files of ../shared/corpus, checked against what
/// exiftool 12.57 and ffprobe 5.1 read (MANIFEST.tsv).
@Suite(.enabled(if: LentaCLI.hasCorpus, LentaCLI.noCorpus))
struct CorpusAgreementTests {
    /// Every file where lenta and exiftool/ffprobe differ, and why lenta is right.
    static let knownDisagreements: [String: String] = [
        // Dates that are not dates.
        "drewnoakes-metadata-extractor-images/jpg/FujiFilm DX-5.jpg": "DateTimeOriginal is blank ('    :  :  '): missing, with a warning",
        "drewnoakes-metadata-extractor-images/jpg/FujiFilm SP-2500.jpg": "DateTimeOriginal is blank; DateTimeDigitized 2003:09:10 20:59:18 is used",
        "drewnoakes-metadata-extractor-images/jpg/Issue 609.jpg": "DateTimeOriginal is 0000:00:00 00:00:00; the camera's DateTime tag is used",
        "ianare-exif-py/sanyo-vpcg250.jpg": "1998:01:01 00:00:00 is the camera's unset-clock default: missing, with a warning",
        // Positions at 0°, 0°.
        "drewnoakes-metadata-extractor-images/jpg/Issue 308.jpg": "GPS 0°, 0° means no fix: missing, with a warning",
        "drewnoakes-metadata-extractor-images/jpg/Samsung GT-I9000 (Galaxy S).jpg": "GPS 0°, 0° means no fix: missing, with a warning",
        "drewnoakes-metadata-extractor-images/video/ftyp3gp5.mp4": "©xyz +00.0000+000.0000 is null island: missing, with a warning",
        // Movies: the capture time is the recording's start, not the file's writing.
        "drewnoakes-metadata-extractor-images/video/with-gps.mov": "Apple creationdate 11:25:40+03:00 is the start of recording; creation_time 08:25:57Z is when the file was written, 17 s later",
        "mindeng-nom-exif/meta.mov": "re-exported clip: Apple creationdate 2019-02-12T15:27:12+08:00 is the capture; creation_time 2024-02-02 is the export",
        "drewnoakes-metadata-extractor-images/video/FLIR Thermal.mp4": "©xyz holds +34.0754 (4 decimals); exiftool prints the 3GPP loci atom's 16.16 fixed-point 34.07539",
        "drewnoakes-metadata-extractor-images/video/Issue 515 (java).mp4": "©xyz holds +52.3693+006.6761 (4 decimals); exiftool prints the loci atom's fixed-point 52.36929, 6.67609",
        // Dates kept in maker notes or blocks that are not EXIF, XMP or IPTC.
        "exiftool-t-images/ExifTool.jpg": "EXIF DateTimeOriginal says 2001:05:19 18:36:41; exiftool prefers a Canon CIFF maker block (1998)",
        "exiftool-t-images/FLIR.jpg": "the +01:00 offset is only in FLIR's maker block; EXIF has no offset",
        "exiftool-t-images/CasioQVCI.jpg": "the date is only in Casio's QVCI maker block",
        "ianare-exif-py/Reconyx_HC500_Hyperfire.jpg": "the date is only in Reconyx maker notes",
        "ianare-exif-py/olympus-d320l.jpg": "libexif finds no EXIF in this file (corpus trap); date unknown",
        // Files with no picture to show are reported unreadable, with the reason.
        "libexif-testdata/canon_makernote_variant_1.jpg": "EXIF-only JPEG with no frame header: nothing to show",
        "libexif-testdata/fuji_makernote_variant_1.jpg": "EXIF-only JPEG with no frame header: nothing to show",
        "libexif-testdata/olympus_makernote_variant_2.jpg": "EXIF-only JPEG with no frame header: nothing to show",
        "libexif-testdata/olympus_makernote_variant_3.jpg": "EXIF-only JPEG with no frame header: nothing to show",
        "libexif-testdata/olympus_makernote_variant_4.jpg": "EXIF-only JPEG with no frame header: nothing to show",
        "libexif-testdata/olympus_makernote_variant_5.jpg": "EXIF-only JPEG with no frame header: nothing to show",
        "libexif-testdata/pentax_makernote_variant_2.jpg": "EXIF-only JPEG with no frame header: nothing to show",
        "libexif-testdata/pentax_makernote_variant_3.jpg": "EXIF-only JPEG with no frame header: nothing to show",
        "libexif-testdata/pentax_makernote_variant_4.jpg": "EXIF-only JPEG with no frame header: nothing to show",
        "mindeng-nom-exif/invalid-gps": "truncated HEIC without its 'iprp' box (corpus trap): libheif refuses it",
        "mindeng-nom-exif/motion_photo_pixel_synth.jpg": "a 21 KB fixture with broken JPEG structure and no picture (exiftool: 'JPEG format error')",
    ]

    /// Disagreements that hold only while the machine's clock is before some instant.
    /// WWL_Polaroid_ION230.jpg's DateTimeOriginal 2026:11:24 14:41:16 (no offset) is "in the future"
    /// by lenta's rule (read at UTC−14, more than a day ahead) until 2026-11-26T04:41:16Z; after it,
    /// lenta uses it as exiftool does.
    static let clockBoundDisagreements: [(path: String, until: Date, why: String)] = [
        ("ianare-exif-py/WWL_Polaroid_ION230.jpg", Date(timeIntervalSince1970: 1_795_668_076),
         "DateTimeOriginal 2026:11:24 lies in the future (camera clock wrong); DateTime 2008:07:31 is used"),
    ]

    static func expectedDisagreements(now: Date) -> [String: String] {
        var expected = knownDisagreements
        for entry in clockBoundDisagreements where now < entry.until { expected[entry.path] = entry.why }
        return expected
    }

    @Test func scanAgreesWithExiftoolAndFFprobe() throws {
        let expected = Self.expectedDisagreements(now: Date())
        let temp = try TemporaryFolder()
        let result = try LentaCLI.run(["scan", "--json", "--catalog", temp.path("catalog.sqlite"), LentaCLI.corpus.path])
        #expect(result.status == 0, "\(result.stderr)")
        let output = try JSONDecoder().decode(ScanOutput.self, from: Data(result.stdout.utf8))
        let root = LentaCLI.corpus.resolvingSymlinksInPath().path + "/"
        let items = Dictionary(uniqueKeysWithValues: output.items.map { (String($0.path.dropFirst(root.count)), $0) })

        var disagreements: [String: [String]] = [:]
        for row in try Manifest.rows(at: LentaCLI.corpus.appendingPathComponent("MANIFEST.tsv")) {
            let problems = Manifest.compare(row, items[row.path])
            if !problems.isEmpty { disagreements[row.path] = problems }
        }
        let unexplained = disagreements.filter { expected[$0.key] == nil }
        #expect(unexplained.isEmpty, "unexplained disagreements: \(unexplained.sorted { $0.key < $1.key })")
        let stale = Set(expected.keys).subtracting(disagreements.keys)
        #expect(stale.isEmpty, "listed as disagreeing but now agree: \(stale.sorted())")
        // Enough of the corpus is really compared for the test to mean something.
        #expect(items.count >= 140)
        #expect(items.values.filter { $0.metadata.location != nil }.count >= 30)
    }

    @Test func everyTrapIsReadOrExplained() throws {
        let temp = try TemporaryFolder()
        let result = try LentaCLI.run(["scan", "--json", "--catalog", temp.path("catalog.sqlite"), LentaCLI.corpus.path])
        let output = try JSONDecoder().decode(ScanOutput.self, from: Data(result.stdout.utf8))
        let root = LentaCLI.corpus.resolvingSymlinksInPath().path + "/"
        func item(_ path: String) -> MediaItem? { output.items.first { $0.path == root + path } }
        func unreadable(_ path: String) -> String? { output.report.unreadable.first { $0.path == root + path }?.reason }

        // HEIC named .jpg is read as HEIF, with a note about the name.
        let disguised = try #require(item("ianare-exif-py/heic_hdlr_box.jpg"))
        #expect(disguised.metadata.format == .heif)
        #expect(disguised.metadata.warnings.contains { $0.contains("named .jpg") })
        // Header-only movie: probes fine.
        let header = try #require(item("mindeng-nom-exif/sony-a7-xavc.MP4"))
        #expect(header.metadata.width == 1920 && header.metadata.height == 1080)
        // Extreme variable frame rate is recognised; phone jitter is not called variable.
        #expect(item("drewnoakes-metadata-extractor-images/video/FLIR Thermal.mp4")?.metadata.variableFrameRate == true)
        #expect(item("drewnoakes-metadata-extractor-images/video/with-gps.mov")?.metadata.variableFrameRate == false)
        #expect(item("drewnoakes-metadata-extractor-images/video/Issue 515 (java).mp4")?.metadata.variableFrameRate == false)
        // Portrait iPhone clip: rotation and displayed size as ffprobe.
        let portrait = try #require(item("drewnoakes-metadata-extractor-images/video/with-gps.mov"))
        #expect(portrait.metadata.rotation == -90 && portrait.metadata.width == 320 && portrait.metadata.height == 568)
        #expect(portrait.metadata.hasAudio == true)
        #expect(portrait.metadata.location?.altitude == 28.516)
        // Android's udta date carries the offset.
        let android = try #require(item("drewnoakes-metadata-extractor-images/video/Issue 515 (java).mp4"))
        #expect(android.metadata.captureTime?.offset?.description == "+01:00")
        // Truncated and broken files are reported with a reason and do not stop the scan.
        #expect(unreadable("drewnoakes-metadata-extractor-images/jpg/beach.jpg")?.contains("200×0") == true)
        #expect(unreadable("mindeng-nom-exif/oom_large_box.heic") != nil)
        #expect(unreadable("drewnoakes-metadata-extractor-images/heic/NegativeArraySizeException.HeifReader.processBoxes.heif") != nil)
        // EXIF that libexif only half parses still gives the date.
        #expect(item("mindeng-nom-exif/endless_loop.jpg")?.metadata.captureTime?.local?.description == "2009-05-09T15:42:01.980")
        #expect(item("ianare-exif-py/Kodak_CX7530.jpg")?.metadata.captureTime != nil)
        // PNG with EXIF as legacy hex text.
        #expect(item("mindeng-nom-exif/exif-legacy.png")?.metadata.captureTime?.offset?.description == "+08:00")
    }
}

/// MANIFEST.tsv: what exiftool and ffprobe read from each corpus file.
enum Manifest {
    struct Row {
        var fields: [String: String]
        var path: String { fields["path"] ?? "" }
        subscript(_ key: String) -> String { fields[key] ?? "" }
        var isVideo: Bool { ["mp4", "mov", "3gp"].contains(self["kind"]) }
    }

    static func rows(at url: URL) throws -> [Row] {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) else { return [] }
        return lines.dropFirst().map { line in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Row(fields: Dictionary(uniqueKeysWithValues: zip(header, cells + Array(repeating: "", count: max(0, header.count - cells.count)))))
        }
    }

    /// What differs between a manifest row and lenta's reading of the same file.
    static func compare(_ row: Row, _ item: MediaItem?) -> [String] {
        guard let item else {
            return row["DateTimeOriginal"].isEmpty && row["gps_lat"].isEmpty ? [] : ["unreadable"]
        }
        var problems: [String] = []
        let m = item.metadata
        let time = m.captureTime
        if !row["DateTimeOriginal"].isEmpty {
            if let expected = DateTimeText.parse(row["DateTimeOriginal"]) {
                let second = LocalDateTime(year: expected.local.year, month: expected.local.month, day: expected.local.day,
                                           hour: expected.local.hour, minute: expected.local.minute, second: expected.local.second)
                if row.isVideo && expected.offset == UTCOffset(seconds: 0) && row["DateTimeOriginal"].hasSuffix("Z") {
                    if time?.utc.map({ $0.rounded(.down) }) != second.secondsSinceEpochAsUTC { problems.append("utc") }
                } else {
                    var ours = time?.local
                    ours?.millisecond = 0
                    if ours != second { problems.append("local time") }
                    let recorded = row["OffsetTime"].isEmpty ? expected.offset : UTCOffset(row["OffsetTime"])
                    if let recorded, time?.offset != recorded { problems.append("offset") }
                }
            } else {
                problems.append("date not a date")
            }
        } else if row.isVideo, let created = DateTimeText.parse(row["creation_time"]) {
            let second = LocalDateTime(year: created.local.year, month: created.local.month, day: created.local.day,
                                       hour: created.local.hour, minute: created.local.minute, second: created.local.second)
            if time?.utc.map({ $0.rounded(.down) }) != second.secondsSinceEpochAsUTC { problems.append("creation time") }
        }
        if let lat = Double(row["gps_lat"]) {
            let lon = Double(row["gps_lon"]) ?? .nan
            if let p = m.location {
                if abs(p.latitude - lat) > 1e-5 || abs(p.longitude - lon) > 1e-5 { problems.append("position") }
            } else {
                problems.append("no position")
            }
        }
        let rotation = Int(row["rotation"]) ?? 0
        if row.isVideo && !row["rotation"].isEmpty && rotation != (m.rotation ?? 0) { problems.append("rotation") }
        if let w = Int(row["width"]), let h = Int(row["height"]) {
            let orientation = Int(row["orientation"]) ?? 1
            let quarterTurn = row.isVideo ? abs(rotation) % 180 == 90 : (["jpeg", "png", "webp"].contains(row["kind"]) && (5...8).contains(orientation))
            let expected = quarterTurn ? (h, w) : (w, h)
            if m.width != expected.0 || m.height != expected.1 { problems.append("size") }
        }
        if let o = Int(row["orientation"]), (1...8).contains(o), ["jpeg", "png", "webp"].contains(row["kind"]), (m.orientation ?? 1) != o {
            problems.append("orientation")
        }
        return problems
    }
}
