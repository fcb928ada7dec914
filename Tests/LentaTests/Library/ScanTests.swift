import Foundation
import LentaCatalog
import LentaCore
@testable import LentaLibrary
import LentaMedia
import LentaTestSupport
import Testing

/// The scan on synthetic files whose metadata is known exactly.
@Suite struct ScanTests {
    static let now = LocalDateTime(year: 2026, month: 11, day: 21, hour: 12).secondsSinceEpochAsUTC

    static func scan(_ folder: TemporaryFolder, _ media: String = "media", batchSize: Int = 256) throws -> (ScanReport, [MediaItem]) {
        let catalog = try Catalog(path: folder.path("catalog.sqlite"))
        let report = try LibraryScanner(catalog: catalog).scan(.init(folders: [folder.path(media)], now: now, batchSize: batchSize))
        return (report, try catalog.items())
    }

    static func makeFolder(_ temp: TemporaryFolder, _ name: String = "media") throws -> String {
        let path = temp.path(name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static let lisbon = GeoPoint(latitude: 38.707_512, longitude: -9.136_405, altitude: 12.5)
    static let kyoto = GeoPoint(latitude: 34.967_1, longitude: 135.772_7)

    /// A folder copied twice (a backup, an export) is measured once per content; what the path
    /// says (a screenshot's name) is still judged per file, in any batch.
    @Test func exactCopiesShareTheirMeasuresButNotTheirNames() throws {
        for batchSize in [1, 256] {
            let temp = try TemporaryFolder()
            let media = try Self.makeFolder(temp)
            let camera = SyntheticExif(make: "Google", model: "Pixel 8", dateTimeOriginal: "2024:05:03 10:00:00")
            try SyntheticMedia.jpeg(SyntheticPicture.scene(seed: 3), exif: camera, to: media + "/a.jpg")
            try FileManager.default.copyItem(atPath: media + "/a.jpg", toPath: media + "/Screenshot a.jpg")
            try SyntheticMedia.jpeg(SyntheticPicture.scene(seed: 4), exif: camera, to: media + "/b.jpg")
            try SyntheticMedia.video(SyntheticVideo(width: 160, height: 120, frameRate: 10, seconds: 3), to: media + "/clip.mp4")
            try FileManager.default.copyItem(atPath: media + "/clip.mp4", toPath: media + "/RPReplay clip.mp4")
            let catalog = try Catalog(path: temp.path("catalog.sqlite"))
            _ = try LibraryScanner(catalog: catalog).scan(.init(folders: [media], now: Self.now, batchSize: batchSize))
            let items = try catalog.items()
            // Clips wait for a story (`lenta project` analyses them); their copies share too.
            #expect(try catalog.itemsAwaitingQuality().map { URL(fileURLWithPath: $0.path).lastPathComponent }
                    == ["RPReplay clip.mp4", "clip.mp4"])
            #expect(try ItemAnalysis.analyse(try catalog.itemsAwaitingQuality(), in: catalog, batchSize: batchSize) == 2)
            let qualities = try catalog.quality(ids: items.map(\.id))
            var byName: [String: ItemQuality] = [:]
            for item in items { byName[URL(fileURLWithPath: item.path).lastPathComponent] = qualities[item.id]?.quality }
            let a = try #require(byName["a.jpg"]), copy = try #require(byName["Screenshot a.jpg"]), b = try #require(byName["b.jpg"])
            #expect(a.contentHash == copy.contentHash && a.contentHash != b.contentHash)
            #expect(a.signature == copy.signature && a.sharpness == copy.sharpness && a.brightness == copy.brightness)
            #expect(a.content == .photo && b.content == .photo)
            #expect(copy.content == .screenshot, "named so: \(copy.contentReasons)")
            let clip = try #require(byName["clip.mp4"]), recording = try #require(byName["RPReplay clip.mp4"])
            #expect(clip.clip != nil && clip.clip == recording.clip && clip.contentHash == recording.contentHash)
            #expect(clip.content == .photo && recording.content == .screenRecording)
        }
    }

    @Test func photoFieldsFromExif() throws {
        let temp = try TemporaryFolder()
        let media = try Self.makeFolder(temp)
        try SyntheticMedia.jpeg(width: 64, height: 48, exif: SyntheticExif(
            make: "Apple", model: "iPhone 15", orientation: 6,
            dateTimeOriginal: "2024:05:03 14:22:09", subSecTimeOriginal: "123", offsetTimeOriginal: "+01:00",
            gps: Self.lisbon), to: media + "/sideways.jpg")
        try SyntheticMedia.png(width: 40, height: 30, exif: SyntheticExif(
            dateTimeOriginal: "2024:10:14 16:05:00", gps: Self.kyoto,
            gpsDateStamp: "2024:10:14", gpsTimeStamp: .init(hours: 7, minutes: 4, seconds: 50)), to: media + "/kyoto.png")
        try SyntheticMedia.heic(width: 64, height: 64, exif: SyntheticExif(
            make: "Apple", dateTimeOriginal: "2024:05:04 09:00:00", offsetTimeOriginal: "+01:00"), to: media + "/IMG_0001.HEIC")

        let (report, items) = try Self.scan(temp)
        #expect(report.new == 3 && report.unreadable.isEmpty)
        let byName = Dictionary(uniqueKeysWithValues: items.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.metadata) })

        let jpeg = try #require(byName["sideways.jpg"])
        #expect(jpeg.format == .jpeg && jpeg.kind == .photo)
        #expect(jpeg.orientation == 6)
        #expect(jpeg.width == 48 && jpeg.height == 64, "orientation 6 is displayed a quarter turn round")
        #expect(jpeg.make == "Apple" && jpeg.model == "iPhone 15")
        #expect(jpeg.captureTime?.local?.description == "2024-05-03T14:22:09.123")
        #expect(jpeg.captureTime?.offset?.description == "+01:00")
        #expect(jpeg.captureTime?.source == .exifDateTimeOriginal && jpeg.captureTime?.offsetSource == .recorded)
        let p = try #require(jpeg.location)
        #expect(abs(p.latitude - Self.lisbon.latitude) < 1e-6 && abs(p.longitude - Self.lisbon.longitude) < 1e-6)
        #expect(abs((p.altitude ?? 0) - 12.5) < 1e-3)

        let png = try #require(byName["kyoto.png"])
        #expect(png.format == .png && png.width == 40 && png.height == 30)
        #expect(png.captureTime?.offset?.description == "+09:00", "from the GPS UTC stamp")
        #expect(png.captureTime?.offsetSource == .gpsTimestamp)

        let heic = try #require(byName["IMG_0001.HEIC"])
        #expect(heic.format == .heif && heic.width == 64)
        #expect(heic.captureTime?.local?.description == "2024-05-04T09:00:00")
        #expect(heic.make == "Apple")
    }

    @Test func videoFieldsFromTheContainer() throws {
        let temp = try TemporaryFolder()
        let media = try Self.makeFolder(temp)
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 240, frameRate: 30, seconds: 1, container: .mp4,
                                                creationTime: "2024-05-03T13:30:00.000000Z", location: Self.lisbon,
                                                withAudio: true), to: media + "/clip.mp4")
        try SyntheticMedia.video(SyntheticVideo(width: 320, height: 180, frameRate: 30, seconds: 1, container: .mov, rotation: -90,
                                                creationTime: "2024-10-14T07:05:10.000000Z",
                                                appleCreationDate: "2024-10-14T16:05:00+0900", appleLocation: Self.kyoto,
                                                quickTimeKeys: true), to: media + "/portrait.mov")
        try SyntheticMedia.video(SyntheticVideo(width: 160, height: 120, frameRate: 30, seconds: 3, variableFrameRate: true),
                                 to: media + "/lowlight.mp4")

        let (_, items) = try Self.scan(temp)
        let byName = Dictionary(uniqueKeysWithValues: items.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.metadata) })

        let clip = try #require(byName["clip.mp4"])
        #expect(clip.kind == .video && clip.width == 320 && clip.height == 240 && clip.rotation == 0)
        #expect(clip.hasAudio == true)
        #expect(abs((clip.duration ?? 0) - 1) < 0.1)
        #expect(abs((clip.frameRate ?? 0) - 30) < 0.5 && clip.variableFrameRate == false)
        #expect(clip.captureTime?.source == .quickTimeCreationTime)
        // The UTC header time gets its wall clock from the time zone at the position (Lisbon, +01:00 in May).
        #expect(clip.captureTime?.local?.description == "2024-05-03T14:30:00")
        #expect(clip.captureTime?.offsetSource == .location)
        #expect(clip.captureTime?.utc == LocalDateTime(year: 2024, month: 5, day: 3, hour: 13, minute: 30).secondsSinceEpochAsUTC)
        #expect(abs((clip.location?.latitude ?? 0) - Self.lisbon.latitude) < 1e-4)

        let portrait = try #require(byName["portrait.mov"])
        #expect(portrait.rotation == -90 && portrait.width == 180 && portrait.height == 320)
        #expect(portrait.hasAudio == false)
        #expect(portrait.captureTime?.source == .quickTimeCreationDate)
        #expect(portrait.captureTime?.local?.description == "2024-10-14T16:05:00")
        #expect(portrait.captureTime?.offset?.description == "+09:00")
        #expect(abs((portrait.location?.longitude ?? 0) - Self.kyoto.longitude) < 1e-4)

        let lowLight = try #require(byName["lowlight.mp4"])
        #expect(lowLight.variableFrameRate == true)
        #expect(lowLight.captureTime?.source == .fileModificationTime)
    }

    @Test func rescanReadsOnlyWhatChangedAndFollowsMoves() throws {
        let temp = try TemporaryFolder()
        let media = try Self.makeFolder(temp)
        for i in 0..<5 {
            try SyntheticMedia.jpeg(width: 32 + i, height: 24, exif: SyntheticExif(dateTimeOriginal: "2024:05:0\(i + 1) 10:00:00"),
                                    to: media + "/p\(i).jpg")
        }
        let (first, items) = try Self.scan(temp)
        #expect(first.new == 5 && first.items == 5)
        let (second, _) = try Self.scan(temp)
        #expect(second.new == 0 && second.changed == 0 && second.unchanged == 5)

        let fm = FileManager.default
        let movedID = try #require(items.first { $0.path.hasSuffix("/p1.jpg") }?.id)
        try fm.createDirectory(atPath: media + "/sub", withIntermediateDirectories: true)
        try fm.moveItem(atPath: media + "/p1.jpg", toPath: media + "/sub/renamed.jpg")
        try fm.removeItem(atPath: media + "/p2.jpg")
        try SyntheticMedia.jpeg(width: 50, height: 50, exif: SyntheticExif(dateTimeOriginal: "2024:06:01 10:00:00"), to: media + "/p3.jpg")
        try SyntheticMedia.jpeg(width: 20, height: 20, exif: nil, to: media + "/new.jpg")

        let (third, after) = try Self.scan(temp)
        #expect(third.moved == 1 && third.removed == 1 && third.changed == 1 && third.new == 1 && third.unchanged == 2)
        #expect(after.count == 5)
        #expect(after.first { $0.path.hasSuffix("/sub/renamed.jpg") }?.id == movedID, "a moved file keeps its id")
        #expect(after.first { $0.path.hasSuffix("/p3.jpg") }?.metadata.captureTime?.local?.month == 6)
        #expect(!after.contains { $0.path.hasSuffix("/p2.jpg") })
    }

    @Test func badInputIsReportedAndTheScanGoesOn() throws {
        let temp = try TemporaryFolder()
        let media = try Self.makeFolder(temp)
        let fm = FileManager.default
        try SyntheticMedia.jpeg(width: 32, height: 32, exif: SyntheticExif(dateTimeOriginal: "2024:05:03 10:00:00"), to: media + "/good.jpg")
        #expect(fm.createFile(atPath: media + "/empty.jpg", contents: Data()))
        #expect(fm.createFile(atPath: media + "/notes.mov", contents: Data("this is not a movie".utf8)))
        #expect(fm.createFile(atPath: media + "/readme.txt", contents: Data("hello".utf8)))
        let good = try Data(contentsOf: URL(fileURLWithPath: media + "/good.jpg"))
        #expect(fm.createFile(atPath: media + "/truncated.jpg", contents: good.prefix(40)))
        try SyntheticMedia.heic(width: 32, height: 32, exif: nil, to: media + "/disguised.jpg")
        let movie = media + "/cut.mp4"
        try SyntheticMedia.video(SyntheticVideo(seconds: 1), to: movie)
        let movieData = try Data(contentsOf: URL(fileURLWithPath: movie))
        #expect(fm.createFile(atPath: movie, contents: movieData.prefix(movieData.count / 3)))
        try SyntheticMedia.jpeg(width: 16, height: 16, exif: SyntheticExif(dateTimeOriginal: "0000:00:00 00:00:00", gps: GeoPoint(latitude: 0, longitude: 0)),
                                to: media + "/zeros.jpg")
        // Hidden folders are skipped; a symbolic-link loop cannot hang the walk.
        try fm.createDirectory(atPath: media + "/.thumbnails", withIntermediateDirectories: true)
        try SyntheticMedia.jpeg(width: 8, height: 8, exif: nil, to: media + "/.thumbnails/t.jpg")
        try fm.createSymbolicLink(atPath: media + "/loop", withDestinationPath: media)

        let (report, items) = try Self.scan(temp)
        let reasons = Dictionary(uniqueKeysWithValues: report.unreadable.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0.reason) })
        #expect(reasons["empty.jpg"]?.contains("empty") == true)
        #expect(reasons["notes.mov"]?.contains("not JPEG, HEIF, PNG, WebP, MP4 or QuickTime") == true)
        #expect(reasons["truncated.jpg"] != nil)
        #expect(reasons["readme.txt"] == nil && report.notMedia == 1)
        let names = Set(items.map { URL(fileURLWithPath: $0.path).lastPathComponent })
        #expect(names.isSuperset(of: ["good.jpg", "disguised.jpg", "zeros.jpg"]))
        #expect(!names.contains("t.jpg"), "hidden folders are skipped")
        #expect(items.filter { $0.path.hasSuffix("/good.jpg") }.count == 1, "the link loop did not scan the folder twice")
        let zeros = try #require(items.first { $0.path.hasSuffix("/zeros.jpg") }?.metadata)
        #expect(zeros.location == nil && zeros.captureTime?.source == .fileModificationTime)
        #expect(zeros.warnings.contains { $0.contains("0°, 0°") } && zeros.warnings.contains { $0.contains("not a real date") })
        // The synthetic movie's index (`moov`) is written after its media, so a movie cut to a third
        // has none: it is reported with a reason, not indexed (and the scan goes on).
        #expect(reasons["cut.mp4"] != nil && !names.contains("cut.mp4"), "\(reasons)")
        #expect(report.withoutDate >= 1 && !report.failed)
        // The error a file could not be read with is kept as thrown for the command line's one
        // printer (its words are what the catalog keeps and --json prints).
        let notes = try #require(report.unreadable.first { $0.path.hasSuffix("/notes.mov") })
        let error = try #require(notes.error as? MediaError, "\(String(describing: notes.error))")
        #expect(error.path == notes.path && notes.reason == "\(error.operation): \(error.reason)")

        // An unreadable file that did not change is not read again, but is still reported (in
        // the catalog's words: no error was thrown this time).
        let (again, _) = try Self.scan(temp)
        #expect(again.unreadable.map(\.path) == report.unreadable.map(\.path))
        #expect(again.unreadable.map(\.reason) == report.unreadable.map(\.reason) && again.unreadable.allSatisfy { $0.error == nil })
        #expect(again.new == 0 && again.changed == 0)
    }

    @Test func smallBatchesGiveTheSameCatalog() throws {
        let temp = try TemporaryFolder()
        let media = try Self.makeFolder(temp)
        for i in 0..<7 {
            try SyntheticMedia.jpeg(width: 16, height: 16, exif: SyntheticExif(dateTimeOriginal: "2024:05:03 10:00:0\(i)"), to: media + "/b\(i).jpg")
        }
        let (report, items) = try Self.scan(temp, batchSize: 2)
        #expect(report.new == 7 && items.count == 7)
        #expect(items.map { $0.metadata.captureTime?.local?.second } == Array(0..<7))
    }
}
