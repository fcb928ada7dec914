import Foundation
import LentaCatalog
import LentaCore
@testable import LentaLibrary
@testable import LentaMedia
import LentaTestSupport
import Synchronization
import Testing

/// Live Photos (a still and a movie side by side) and Motion Photos (a movie inside the still's
/// file): found at scan, one item in the lenta, and neither half lost when the other goes.
@Suite struct MotionPhotoTests {
    static let now = LocalDateTime(year: 2026, month: 11, day: 21, hour: 12).secondsSinceEpochAsUTC
    static let lisbon = GeoPoint(latitude: 38.7075, longitude: -9.1364)
    static let identifier = "1745E022-9712-43C7-B024-F308EC6413CB"

    static func probe(_ path: String) throws -> MediaMetadata {
        guard case .media(let metadata) = try MetadataProbe.read(path: path, modified: 0, now: now) else {
            throw MediaError("probe", path: path, reason: "not media")
        }
        return metadata
    }

    /// A Live Photo as an iPhone exports it: the HEIC's maker note and the MOV's QuickTime key
    /// carry one identifier; the movie starts 1.5 s before the shutter and lasts 3 s.
    static func livePhoto(in folder: String, name: String = "IMG_1234", stillIdentifier: String? = identifier,
                          movieIdentifier: String? = identifier, movieSeconds: Double = 3, withAudio: Bool = true) throws {
        var exif = SyntheticExif(make: "Apple", model: "iPhone 15", dateTimeOriginal: "2024:05:04 11:31:30",
                                 offsetTimeOriginal: "+01:00", gps: lisbon)
        exif.appleContentIdentifier = stillIdentifier
        try SyntheticMedia.heic(width: 64, height: 48, exif: exif, to: folder + "/\(name).HEIC")
        var metadata: [String: String] = [:]
        if let movieIdentifier { metadata["com.apple.quicktime.content.identifier"] = movieIdentifier }
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, frameRate: 30, seconds: movieSeconds, container: .mov,
                                                creationTime: "2024-05-04T10:31:28.500000Z", appleLocation: lisbon,
                                                metadata: metadata, quickTimeKeys: true, withAudio: withAudio),
                                 to: folder + "/\(name).MOV")
    }

    /// A `photos` folder in `temp` with three ordinary photos of the same morning, so the lenta is made.
    static func morning(in temp: TemporaryFolder) throws -> String {
        let folder = temp.path("photos")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for i in 0..<3 {
            try SyntheticMedia.jpeg(width: 16, height: 16, exif: SyntheticExif(
                dateTimeOriginal: "2024:05:04 1\(i):00:00", offsetTimeOriginal: "+01:00", gps: lisbon), to: folder + "/plain-\(i).jpg")
        }
        return folder
    }

    static func scan(_ catalog: Catalog, _ folder: String) throws -> ScanReport {
        try LibraryScanner(catalog: catalog).scan(.init(folders: [folder], now: now))
    }

    // MARK: Reading

    @Test("the content identifier is read from the still's Apple maker note and the movie's QuickTime key")
    func contentIdentifiers() throws {
        let temp = try TemporaryFolder()
        try Self.livePhoto(in: temp.url.path)
        #expect(try Self.probe(temp.path("IMG_1234.HEIC")).contentIdentifier == Self.identifier)
        #expect(try Self.probe(temp.path("IMG_1234.MOV")).contentIdentifier == Self.identifier)
        // A maker note that is cut short or not Apple's gives nothing (and no crash).
        #expect(AppleMakerNote(bytes: Array("Apple iOS\0\0\u{1}MM".utf8))?.contentIdentifier == nil)
        #expect(AppleMakerNote(bytes: Array("Nikon\0\u{2}\u{10}\0\0MM\0*\0\0\0\u{8}".utf8)) == nil)
        var truncated = SyntheticExif.appleMakerNote(Self.identifier)
        #expect(AppleMakerNote(bytes: truncated)?.contentIdentifier == Self.identifier)
        truncated.removeLast(20)
        #expect(AppleMakerNote(bytes: truncated)?.contentIdentifier == nil, "a string past the note's end is not read")
    }

    @Test("real iPhone files: the maker note's content identifier (tag 17)", .enabled(if: LentaCLI.hasCorpus),
          arguments: [("drewnoakes-metadata-extractor-images/heic/exif-at-eof.heic", "1745E022-9712-43C7-B024-F308EC6413CB"),
                      ("mindeng-nom-exif/exif.avif", "242684F6-0839-44E0-8E39-A8FE43182C29"),
                      ("exiftool-t-images/Apple.jpg", nil)])
    func corpusContentIdentifiers(path: String, expected: String?) throws {
        let metadata = try Self.probe(LentaCLI.corpus.appendingPathComponent(path).path)
        #expect(metadata.contentIdentifier == expected)
        #expect(metadata.embeddedMotion == nil)
    }

    @Test("a real Motion Photo (Google XMP, MP4 appended): the movie's bytes are found and checked", .enabled(if: LentaCLI.hasCorpus))
    func corpusMotionPhoto() throws {
        // The fixture's JPEG itself is broken (the scan reports it unreadable); its XMP and movie are real.
        let path = LentaCLI.corpus.appendingPathComponent("mindeng-nom-exif/motion_photo_pixel_synth.jpg").path
        let file = try RandomAccessFile(path: path)
        let xmp = try #require(try JPEGContainer.read(file).xmp.flatMap(XMPPacket.init(bytes:)))
        let found = try MotionPhotoLocator.locate(file, format: .jpeg, xmp: xmp)
        let motion = try #require(found.motion)
        #expect(motion.offset == 18263 && motion.length == 2745 && motion.origin == .googleXMP)
        let probe = try VideoProbe(source: MediaSource(path: path, byteRange: motion.byteRange))
        #expect(abs((probe.duration ?? 0) - 1.44) < 0.01, "read from the embedded movie's own header")
        #expect(probe.hasAudio && probe.width == 1920 && probe.height == 1080)
    }

    @Test("Motion Photos: the embedded movie's range, from each way phones say where it is",
          arguments: [SyntheticMotionPhoto.Layout.googleDirectory, .googleMicroVideo, .samsungTrailer, .heifBox])
    func embeddedMovie(layout: SyntheticMotionPhoto.Layout) throws {
        let temp = try TemporaryFolder()
        let path = temp.path(layout == .heifBox ? "motion.heic" : "motion.jpg")
        let range = try SyntheticMotionPhoto.write(
            width: 64, height: 48, exif: SyntheticExif(dateTimeOriginal: "2024:05:04 11:31:30"),
            movie: SyntheticVideo(width: 64, height: 48, frameRate: 30, seconds: 1.5, withAudio: true), layout: layout, to: path)
        let metadata = try Self.probe(path)
        let motion = try #require(metadata.embeddedMotion, "\(metadata.warnings)")
        #expect(motion.byteRange == Int64(range.lowerBound)..<Int64(range.upperBound))
        #expect(abs((motion.duration ?? 0) - 1.5) < 0.05)
        #expect(motion.hasAudio == true)
        #expect(metadata.kind == .photo && metadata.width == 64 && metadata.height == 48)
        #expect(metadata.captureTime?.local?.description == "2024-05-04T11:31:30")
        // The range plays as a clip, read in place.
        let reader = try VideoReader(source: MediaSource(path: path, byteRange: motion.byteRange))
        #expect(reader.width == 64 && reader.height == 48)
        #expect(RenderStoryTests.frameIndex(try reader.frame(at: Rational(1))) == 30)
    }

    @Test("a Motion Photo claim with no MP4 where it points is ignored with a warning")
    func falseClaim() throws {
        let temp = try TemporaryFolder()
        let path = temp.path("claims.jpg")
        try SyntheticMotionPhoto.write(width: 32, height: 32, exif: nil, movie: SyntheticVideo(width: 32, height: 32, seconds: 0.5),
                                       layout: .googleMicroVideo, to: path)
        // Cut the movie off: the offset now points into the JPEG.
        let bytes = try #require(FileManager.default.contents(atPath: path))
        try Data(bytes.prefix(bytes.count - 200)).write(to: URL(fileURLWithPath: path))
        let metadata = try Self.probe(path)
        #expect(metadata.embeddedMotion == nil)
        #expect(metadata.warnings.contains { $0.contains("GCamera:MicroVideoOffset") && $0.contains("no MP4") }, "\(metadata.warnings)")
        // A JPEG without any claim has no motion and no warning about it.
        try SyntheticMedia.jpeg(width: 16, height: 16, exif: nil, to: temp.path("plain.jpg"))
        let plain = try Self.probe(temp.path("plain.jpg"))
        #expect(plain.embeddedMotion == nil && !plain.warnings.contains { $0.contains("Motion Photo") })
    }

    // MARK: Pairing

    @Test("pairing: the same identifier, else the same name within a few seconds; never different identifiers")
    func pairingRule() {
        func item(_ id: Int64, _ path: String, _ kind: MediaKind, _ ci: String?, _ utc: Double?, _ duration: Double? = nil) -> MotionPairing.Candidate {
            MotionPairing.Candidate(id: id, path: path, kind: kind, contentIdentifier: ci,
                                    captureTime: utc.map { CaptureTime(utc: $0, source: .exifDateTimeOriginal) }, duration: duration)
        }
        let pairs = MotionPairing.pairs([
            item(1, "/a/IMG_1.HEIC", .photo, "X", 1000),
            item(2, "/a/IMG_1.MOV", .video, "x", 5000, 3),          // same identifier (case aside), times far apart
            item(3, "/a/IMG_2.JPG", .photo, nil, 2000),
            item(4, "/a/IMG_2.MOV", .video, nil, 1998.5, 2.9),      // no identifiers: same name, 1.5 s apart
            item(5, "/a/IMG_3.HEIC", .photo, "Y", 3000),
            item(6, "/a/IMG_3.MOV", .video, "Z", 3000, 3),          // different identifiers
            item(7, "/a/IMG_4.JPG", .photo, nil, 4000),
            item(8, "/a/IMG_4.MOV", .video, nil, 4001, 30),         // a real clip, not a Live Photo's motion
            item(9, "/a/IMG_5.JPG", .photo, nil, 5000),
            item(10, "/b/IMG_5.MOV", .video, nil, 5000, 3),         // another folder
            item(11, "/a/IMG_6.JPG", .photo, nil, 6000),
            item(12, "/a/IMG_6.MOV", .video, nil, 6010, 3),         // ten seconds apart
            item(13, "/a/IMG_7.HEIC", .photo, "Q", 7000),
            item(14, "/a/IMG_7.JPG", .photo, nil, 7000),
            item(15, "/a/IMG_7.MOV", .video, "Q", 7000, 3),         // two stills want it: the identifier wins
        ])
        #expect(pairs == [.init(stillID: 1, movieID: 2, match: .contentIdentifier),
                          .init(stillID: 3, movieID: 4, match: .nameAndTime),
                          .init(stillID: 13, movieID: 15, match: .contentIdentifier)])
    }

    @Test("a Live Photo is one item; deleting either half leaves the other as an item of its own")
    func livePhotoIsOneItem() throws {
        let temp = try TemporaryFolder()
        let folder = try Self.morning(in: temp)
        try Self.livePhoto(in: folder)
        let catalog = try Catalog(path: temp.path("catalog.sqlite"))
        let lentas = Lentas(catalog: catalog)

        let report = try Self.scan(catalog, folder)
        #expect(report.items == 5 && report.livePhotos == 1)
        let items = try catalog.items()
        let still = try #require(items.first { $0.path.hasSuffix("IMG_1234.HEIC") })
        let movie = try #require(items.first { $0.path.hasSuffix("IMG_1234.MOV") })
        #expect(try catalog.livePhotoPairs()[still.id] == LivePhotoPair(stillID: still.id, movieID: movie.id, match: .contentIdentifier))
        var summary = try #require(try lentas.list().first)
        #expect(summary.photos == 4 && summary.videos == 0, "the still counts, its movie does not")
        #expect(try lentas.show(id: summary.id).items.map(\.id).contains(still.id))
        // Picked by hand, so the story keeps every item whatever the tiny flat pictures are worth.
        let picked = try lentas.newLenta(pick: try lentas.show(id: summary.id).items.map(\.path)).lenta.id

        // The project shows the still and offers its motion; --motion plays it, trimmed like a clip.
        let output = URL(fileURLWithPath: temp.path("story.json"))
        let offered = try lentas.project(id: picked, writingTo: output)
        #expect(offered.items.count == 4)
        let entry = try #require(offered.items.first { $0.path.hasSuffix("IMG_1234.HEIC") })
        #expect(entry.motion == false && entry.trim == nil)
        #expect(offered.items.filter { $0.motion != nil }.count == 1, "only the Live Photo says motion")
        var style = ProjectStyle()
        style.motion = true
        let playing = try lentas.project(id: picked, writingTo: output, style: style)
        let played = try #require(playing.items.first { $0.path.hasSuffix("IMG_1234.HEIC") })
        #expect(played.motion == true)
        #expect(abs((played.trim?.end ?? 0) - 3) < 0.05 && played.trim?.start == 0)
        try lentas.delete(id: picked)

        // The still is deleted: the movie becomes a clip of its own.
        try FileManager.default.removeItem(atPath: still.path)
        let afterStill = try Self.scan(catalog, folder)
        #expect(afterStill.removed == 1 && afterStill.livePhotos == 0)
        summary = try #require(try lentas.list().first)
        #expect(summary.photos == 3 && summary.videos == 1)

        // Back, then the movie is deleted: the still is a plain photo.
        try Self.livePhoto(in: folder)
        #expect(try Self.scan(catalog, folder).livePhotos == 1)
        try FileManager.default.removeItem(atPath: movie.path)
        let afterMovie = try Self.scan(catalog, folder)
        #expect(afterMovie.livePhotos == 0)
        summary = try #require(try lentas.list().first)
        #expect(summary.photos == 4 && summary.videos == 0)
        let plain = try lentas.project(id: summary.id, writingTo: output)
        #expect(plain.items.allSatisfy { $0.motion == nil }, "no motion to offer any more")
    }

    @Test("a Live Photo's movie is never measured (its still is what a story shows); a clip is measured when a story of its lenta is made, once")
    func livePhotoMovieIsNotMeasured() throws {
        let temp = try TemporaryFolder()
        let folder = try Self.morning(in: temp)
        try Self.livePhoto(in: folder)
        // Same name, different identifiers: not a pair, so a clip of its own.
        try Self.livePhoto(in: folder, name: "IMG_0003", stillIdentifier: "A", movieIdentifier: "B")
        let catalog = try Catalog(path: temp.path("catalog.sqlite"))
        let report = try Self.scan(catalog, folder)
        #expect(report.livePhotos == 1 && report.analysed == 0)
        let items = try catalog.items()
        let id = { (name: String) in items.first { $0.path.hasSuffix(name) }?.id ?? -1 }
        var known = try catalog.quality(ids: items.map(\.id))
        #expect(known[id("IMG_1234.MOV")] == nil, "the paired movie is not measured")
        #expect(known[id("IMG_1234.HEIC")]?.quality != nil, "photos are measured by the scan")
        #expect(known[id("IMG_0003.MOV")] == nil, "a clip waits for a story")
        #expect(try catalog.itemsAwaitingQuality().map(\.id) == [id("IMG_0003.MOV")])

        // The story of the lenta analyses its clip and keeps what it learned.
        let lentas = Lentas(catalog: catalog)
        let lenta = try #require(try lentas.list().first)
        let clipEntry = { try lentas.show(id: lenta.id).items.first { $0.path.hasSuffix("IMG_0003.MOV") } }
        #expect(try clipEntry()?.qualityPending != nil && clipEntry()?.quality == nil, "show --json says the clip waits")
        #expect(try lentas.show(id: lenta.id).items.filter { $0.kind == .photo }.allSatisfy { $0.qualityPending == nil })
        let told = Mutex<[[Int]]>([])
        _ = try lentas.project(id: lenta.id, writingTo: URL(fileURLWithPath: temp.path("story.json"))) { done, total in
            told.withLock { $0.append([done, total]) }
        }
        // Told as it goes, ending complete: the clip's analysis alone ([1, 1]), or, with the face
        // models, the faces of the lenta's items learned in the same pass as the clip's worth.
        let steps = told.withLock { $0 }
        #expect(!steps.isEmpty && steps.last.map { $0[0] == $0[1] } == true, "progress told: \(steps)")
        known = try catalog.quality(ids: items.map(\.id))
        #expect(known[id("IMG_0003.MOV")]?.quality?.clip != nil, "the unpaired movie is measured as a clip")
        #expect(known[id("IMG_1234.MOV")] == nil, "the paired movie still is not")
        #expect(try clipEntry()?.qualityPending == nil && clipEntry()?.quality?.clip != nil)
        #expect(try catalog.itemsAwaitingQuality().isEmpty)

        // The still goes: the movie is a clip of its own now, and waits for the next story.
        try FileManager.default.removeItem(atPath: temp.path("photos/IMG_1234.HEIC"))
        let after = try Self.scan(catalog, folder)
        #expect(after.livePhotos == 0 && after.analysed == 0)
        #expect(try catalog.itemsAwaitingQuality().map(\.id) == [id("IMG_1234.MOV")])
        _ = try lentas.project(id: try #require(try lentas.list().first).id, writingTo: URL(fileURLWithPath: temp.path("story.json")))
        #expect(try catalog.quality(ids: [id("IMG_1234.MOV")])[id("IMG_1234.MOV")]?.quality?.clip != nil)
        #expect(try catalog.itemsAwaitingQuality().isEmpty, "nothing waits any more")
    }

    @Test("without identifiers, the same name within a few seconds pairs; a long clip of the same name does not")
    func nameAndTimePairing() throws {
        let temp = try TemporaryFolder()
        let folder = try Self.morning(in: temp)
        try Self.livePhoto(in: folder, name: "IMG_0001", stillIdentifier: nil, movieIdentifier: nil)
        try Self.livePhoto(in: folder, name: "IMG_0002", stillIdentifier: nil, movieIdentifier: nil, movieSeconds: 8)
        try Self.livePhoto(in: folder, name: "IMG_0003", stillIdentifier: "A", movieIdentifier: "B")
        try Self.livePhoto(in: folder, name: "IMG_0004", stillIdentifier: Self.identifier, movieIdentifier: "0B7A6E1C-2D3F-4A5B-8C9D-0E1F2A3B4C5D")
        let catalog = try Catalog(path: temp.path("catalog.sqlite"))
        #expect(try Self.scan(catalog, folder).livePhotos == 1)
        let pairs = try catalog.livePhotoPairs()
        let paths = Dictionary(uniqueKeysWithValues: try catalog.items().map { ($0.id, URL(fileURLWithPath: $0.path).lastPathComponent) })
        #expect(pairs.values.map { [paths[$0.stillID], paths[$0.movieID]] } == [["IMG_0001.HEIC", "IMG_0001.MOV"]])
        #expect(pairs.values.first?.match == .nameAndTime)
        let summary = try #require(try Lentas(catalog: catalog).list().first)
        #expect(summary.photos == 7 && summary.videos == 3)
    }

    @Test("a Motion Photo is one item, and its motion is offered in the project")
    func motionPhotoIsOneItem() throws {
        let temp = try TemporaryFolder()
        let folder = try Self.morning(in: temp)
        try SyntheticMotionPhoto.write(
            width: 64, height: 48, exif: SyntheticExif(dateTimeOriginal: "2024:05:04 11:31:30", offsetTimeOriginal: "+01:00", gps: Self.lisbon),
            movie: SyntheticVideo(width: 64, height: 48, frameRate: 30, seconds: 1.5, withAudio: true),
            layout: .googleDirectory, to: folder + "/PXL_20240504_103130123.MP.jpg")
        let catalog = try Catalog(path: temp.path("catalog.sqlite"))
        let report = try Self.scan(catalog, folder)
        #expect(report.items == 4)
        let item = try #require(try catalog.items().first { $0.path.hasSuffix(".MP.jpg") })
        #expect(item.metadata.embeddedMotion?.origin == .googleXMP, "kept in the catalog")
        #expect(item.metadata.captureTime?.source == .exifDateTimeOriginal, "the file's own date beats its name")
        let lentas = Lentas(catalog: catalog)
        let summary = try #require(try lentas.list().first)
        #expect(summary.photos == 4 && summary.videos == 0)
        var style = ProjectStyle()
        style.motion = true
        // Picked by hand, so the story keeps every item whatever the tiny flat pictures are worth.
        let picked = try lentas.newLenta(pick: try lentas.show(id: summary.id).items.map(\.path)).lenta.id
        let project = try lentas.project(id: picked, writingTo: URL(fileURLWithPath: temp.path("story.json")), style: style)
        let entry = try #require(project.items.first { $0.path.hasSuffix(".MP.jpg") })
        #expect(entry.motion == true && abs((entry.trim?.length ?? 0) - 1.5) < 0.05)
    }

    @Test("an unchanged folder is not read or paired again")
    func unchangedFolder() throws {
        let temp = try TemporaryFolder()
        let folder = temp.path("photos")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.livePhoto(in: folder)
        let catalog = try Catalog(path: temp.path("catalog.sqlite"))
        #expect(try Self.scan(catalog, folder).livePhotos == 1)
        let again = try Self.scan(catalog, folder)
        #expect(again.unchanged == 2 && again.livePhotos == nil, "an unchanged folder is not read or paired again")
    }
}
