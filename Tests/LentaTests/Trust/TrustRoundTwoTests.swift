#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import LentaCatalog
import LentaCore
@testable import LentaMedia
@testable import LentaRender
import LentaTestSupport
import Testing

/// Issue 32: what a hostile user did in round two, and what lenta does instead of growing without
/// bound, clobbering what is not its own, waiting forever or exiting with the wrong code. Each
/// test is named after what the user did; the memory ones run the built `lenta` and read its
/// peak resident memory from the kernel (`ChildPeakMemory`).
@Suite("Trust under fire, round two", .serialized)
struct TrustRoundTwoTests {
    static func photoStory(_ fixture: RenderFixture, output: [String: Any] = ["preset": "preview", "width": 160, "height": 90],
                           extra: [String: Any] = [:]) throws -> String {
        let photo = try fixture.solidPhoto("one.png", 40, 90, 160, width: 64, height: 36)
        var project: [String: Any] = ["lenta": 1, "output": output, "items": [["path": photo, "duration": 0.5]]]
        for (k, v) in extra { project[k] = v }
        return try fixture.project(project)
    }

    /// A JPEG whose frame header is made progressive (SOF2) and claims `width × height`: its
    /// header is all that validate reads.
    static func progressiveClaim(width: Int, height: Int, to path: String) throws {
        try SyntheticMedia.jpeg(width: 64, height: 48, exif: nil, to: path)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let sof = try #require((2..<bytes.count - 9).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[sof + 1] = 0xC2
        bytes[sof + 5] = UInt8(height >> 8); bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8); bytes[sof + 8] = UInt8(width & 0xFF)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    // MARK: Memory set by a header or an option

    /// #1
    @Test func frameOfProgressiveJPEGClaiming65000SquareIsRefusedUpFront() throws {
        let fixture = try RenderFixture()
        try Self.progressiveClaim(width: 65000, height: 65000, to: fixture.folder.path("huge.jpg"))
        let story = try fixture.project(["lenta": 1, "output": ["preset": "preview", "width": 160, "height": 90],
                                         "items": [["path": "huge.jpg", "duration": 1.0]]])
        let validate = try ChildPeakMemory.run(["validate", story])
        #expect(validate.status == 2, "\(validate.stdout)")
        #expect(validate.stdout.contains("items[0].path: cannot be read: too large to decode: a progressive JPEG of 65000×65000"), "\(validate.stdout)")
        let frame = try ChildPeakMemory.run(["frame", story, "--at", "0.5", "-o", fixture.folder.path("f.png")])
        #expect(frame.status == 2, "\(frame.stderr)")
        #expect(frame.peakBytes < ChildPeakMemory.gigabyte, "\(frame.peakDescription)")
        // The decoder counts the coefficients too, whatever asks it.
        #expect(throws: MediaError.self) { try PhotoDecoder(path: fixture.folder.path("huge.jpg")).decode(scale: 0.01) }
    }

    @Test func aProgressiveJPEGsCoefficientsAreCountedFromItsFrameHeader() throws {
        let folder = try TemporaryFolder()
        try Self.progressiveClaim(width: 4000, height: 3000, to: folder.path("p.jpg"))
        guard case .media(let metadata) = try MetadataProbe.read(path: folder.path("p.jpg"), modified: 0, now: 1.8e9) else {
            Issue.record("not read as media"); return
        }
        // SyntheticMedia writes 4:2:0: luma 500×375 blocks, each chroma 250×188, 128 bytes a block.
        #expect(metadata.heldDecodeBytes == (500 * 375 + 2 * 250 * 188) * 128)
        try SyntheticMedia.jpeg(width: 64, height: 48, exif: nil, to: folder.path("b.jpg"))
        guard case .media(let baseline) = try MetadataProbe.read(path: folder.path("b.jpg"), modified: 0, now: 1.8e9) else { return }
        #expect(baseline.heldDecodeBytes == nil)
        #expect(PhotoMemoryBudget.refusal(format: .jpeg, width: 20000, height: 15000, held: 20000 * 15000 * 6) != nil)
        #expect(PhotoMemoryBudget.refusal(format: .jpeg, width: 20000, height: 15000) == nil)
    }

    /// A real progressive JPEG (cjpeg's) within the budget decodes, and costs its coefficients:
    /// measured 199 MB for `frame` of 48 megapixels (62 MB for the same picture baseline).
    @Test(.enabled(if: AutoTests.which("cjpeg") != nil && AutoTests.ffmpeg != nil))
    func frameOfARealProgressiveJPEGOfFortyEightMegapixelsStaysBounded() throws {
        let fixture = try RenderFixture()
        let ppm = fixture.folder.path("big.ppm")
        let made = try AutoTests.tool(try #require(AutoTests.ffmpeg), ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=8000x6000:rate=1",
                                                                      "-frames:v", "1", "-c:v", "ppm", ppm])
        #expect(made.status == 0, "\(made.stderr)")
        let jpeg = try AutoTests.tool(try #require(AutoTests.which("cjpeg")), ["-progressive", "-outfile", fixture.folder.path("p.jpg"), ppm])
        #expect(jpeg.status == 0, "\(jpeg.stderr)")
        let story = try fixture.project(["lenta": 1, "output": ["preset": "preview", "width": 160, "height": 90],
                                         "items": [["path": "p.jpg", "duration": 1.0]]])
        let frame = try ChildPeakMemory.run(["frame", story, "--at", "0.5", "-o", fixture.folder.path("f.png")])
        #expect(frame.status == 0, "\(frame.stderr)")
        #expect(frame.peakBytes < 400 << 20, "\(frame.peakDescription)")
    }

    /// #2
    @Test(.enabled(if: AutoTests.ffmpeg != nil))
    func renderOfAClipWithAThousandVideoTracksOpensOneDecoder() throws {
        let fixture = try RenderFixture()
        let one = fixture.folder.path("one.mp4")
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, frameRate: 10, seconds: 1), to: one)
        // 999 copies of the one video track (libavformat reads at most 1,000 streams).
        let maps = Array(repeating: ["-map", "0:v"], count: 999).flatMap { $0 }
        let made = try AutoTests.tool(try #require(AutoTests.ffmpeg), ["-v", "error", "-y", "-i", one] + maps + ["-c", "copy", fixture.folder.path("many.mp4")])
        #expect(made.status == 0, "\(made.stderr)")
        let story = try fixture.project(["lenta": 1, "output": ["preset": "preview", "width": 160, "height": 90],
                                         "items": [["path": "many.mp4"]]])
        let render = try ChildPeakMemory.run(["render", story, "-o", fixture.folder.path("story.mp4"), "--quiet"], seconds: 120)
        #expect(render.status == 0, "\(render.stderr)")
        // Measured: 1.76 GB before (a probing decoder for each track), 121 MB after.
        #expect(render.peakBytes < 400 << 20, "\(render.peakDescription)")
    }

    /// #3
    @Test func outputOfEightThousandSquareIsRefusedByValidate() throws {
        let fixture = try RenderFixture()
        let story = try Self.photoStory(fixture, output: ["preset": "preview", "width": 8192, "height": 8192])
        let validate = try LentaCLI.run(["validate", story])
        #expect(validate.status == 2)
        #expect(validate.stdout.contains("output.width: must be in [16, 4096] pixels (is 8192)"), "\(validate.stdout)")
        let square = try Self.photoStory(fixture, output: ["preset": "preview", "width": 4096, "height": 4096])
        let over = try LentaCLI.run(["validate", square])
        #expect(over.status == 2)
        #expect(over.stdout.contains("lenta renders frames of at most 8847360 pixels (4096×2160)"), "\(over.stdout)")
        // The preset's own size counts when the project gives one side only.
        let tall = try Self.photoStory(fixture, output: ["preset": "landscape-4k", "height": 4096])
        #expect(try LentaCLI.run(["validate", tall]).status == 2)
        let render = try ChildPeakMemory.run(["render", story, "-o", fixture.folder.path("x.mp4"), "--quiet"])
        #expect(render.status == 2 && render.peakBytes < ChildPeakMemory.gigabyte, "\(render.stderr) \(render.peakDescription)")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("x.mp4")))
    }

    /// #4: the sheet's headings in one pass, and pages that each fit the sheet's pixel budget.
    @Test func sheetOfATwentyThousandItemLentaIsPagedWithinItsBudget() {
        let count = 20_000
        let days = (0..<count).map { Optional("2024-05-\(String(format: "%02d", 1 + $0 / 1000))") }
        let places = (0..<count).map { Optional("Place \($0 % 7)") }
        let started = Date()
        let headings = ContactSheet.dayHeadings(days: days, places: places)
        #expect(Date().timeIntervalSince(started) < 5, "the headings re-scan the items")
        #expect(headings.first == "2024-05-01 · Place 0, Place 1, Place 2, Place 3, Place 4, Place 5, Place 6")
        let sheet = ContactSheet(columns: 8, cell: 160)
        let entries = zip(days, headings).enumerated().map { ContactSheet.Entry(path: "\($0.offset).jpg", isClip: false, day: $0.element.1) }
        let pages = sheet.pages(entries)
        #expect(pages.count > 1)
        #expect(pages.first?.lowerBound == 0 && pages.last?.upperBound == count)
        #expect(zip(pages, pages.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        for page in pages {
            let layout = sheet.layout(Array(entries[page]))
            #expect(layout.width * layout.height <= ContactSheet.maximumPixels, "\(page): \(layout.width)×\(layout.height)")
        }
        #expect(!ContactSheet(columns: 64, cell: 1024).fitsOneRow)
    }

    @Test func sheetWithRowsWiderThanItsBudgetIsRefusedAsUsage() throws {
        let temp = try TemporaryFolder()
        let result = try LentaCLI.run(["sheet", "1", "--columns", "64", "--cell", "1024", "-o", temp.path("s.png"), "--catalog", temp.path("c.sqlite")])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temp.path("c.sqlite")))
    }

    /// #5
    @Test(arguments: [("12000", "12000", "between 16 and 8192 pixels"), ("8192", "8192", "a map has at most 33554432 pixels")])
    func mapOfTwelveThousandSquareIsRefusedBeforeAnyWork(_ size: (String, String, String)) throws {
        let temp = try TemporaryFolder()
        let result = try ChildPeakMemory.run(["map", "1", "--width", size.0, "--height", size.1, "-o", temp.path("m.png"),
                                              "--catalog", temp.path("c.sqlite")])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(size.2), "\(result.stderr)")
        #expect(result.peakBytes < ChildPeakMemory.gigabyte)
        #expect(!FileManager.default.fileExists(atPath: temp.path("c.sqlite")))
    }

    /// #6
    @Test func geoJSONTrackOfSeventeenMegabytesIsRefusedBeforeItIsParsed() throws {
        let temp = try TemporaryFolder()
        var text = #"{"type": "LineString", "coordinates": ["#
        let point = "[-9.1364, 38.7075],"
        text += String(repeating: point, count: (17 << 20) / point.utf8.count)
        text += "[-9.1, 38.7]]}"
        try text.write(toFile: temp.path("big.geojson"), atomically: false, encoding: .utf8)
        do {
            _ = try TrackFile.read(temp.path("big.geojson"))
            Issue.record("a 17 MB GeoJSON track was read")
        } catch {
            #expect(error.description.contains("more than the 16 MiB a GeoJSON track may be"), "\(error)")
        }
    }

    /// #7
    @Test func placesFileOfTenGigabytesIsRefusedBeforeItIsRead() throws {
        let lib = try AutoTests.Library([AutoTests.lisbonTrip])
        let huge = lib.temp.path("places.bin")
        #expect(FileManager.default.createFile(atPath: huge, contents: Data("LNTPLACE".utf8)))
        #expect(truncate(huge, 10 << 30) == 0)  // sparse: costs no disk
        let scan = try ChildPeakMemory.run(["scan", "--catalog", lib.catalog, lib.photos], environment: ["LENTA_PLACES_FILE": huge])
        #expect(scan.peakBytes < ChildPeakMemory.gigabyte, "\(scan.peakDescription)")
        #expect((scan.stdout + scan.stderr).contains("10240 MiB is larger than a gazetteer data file may be"), "\(scan.stdout)\(scan.stderr)")
        // A file of anything else is refused by its first bytes.
        let text = lib.temp.path("text.bin")
        #expect(FileManager.default.createFile(atPath: text, contents: Data("placeholder".utf8)))
        #expect(truncate(text, 100 << 20) == 0)
        let other = try ChildPeakMemory.run(["scan", "--catalog", lib.temp.path("c2.sqlite"), lib.photos], environment: ["LENTA_PLACES_FILE": text])
        #expect(other.peakBytes < 300 << 20, "\(other.peakDescription)")
        #expect((other.stdout + other.stderr).contains("bad magic"), "\(other.stdout)")
    }

    // MARK: Outputs that clobber what is not theirs

    /// #8
    @Test func renderAndFrameOntoAFIFOAFolderOrALinkToADeviceAreRefused() throws {
        let fixture = try RenderFixture()
        let story = try Self.photoStory(fixture)
        let fifo = fixture.folder.path("pipe.mp4")
        #expect(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createDirectory(atPath: fixture.folder.path("folder.mp4"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.folder.path("null.mp4"), withDestinationPath: "/dev/null")
        for (output, what) in [(fifo, "a named pipe (FIFO)"), (fixture.folder.path("folder.mp4"), "a folder"), (fixture.folder.path("null.mp4"), "a device")] {
            let render = try LentaCLI.run(["render", story, "-o", output, "--quiet"])
            #expect(render.status == 2, "\(render.stderr)")
            #expect(render.stderr.contains("refusing to write over \(what)"), "\(render.stderr)")
            let frame = try LentaCLI.run(["frame", story, "--at", "0", "-o", output])
            #expect(frame.status == 2, "\(frame.stderr)")
        }
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(lstat(fixture.folder.path("null.mp4"), &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
        #expect(stat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    /// #9
    @Test func schemaLockPlantedAsASymlinkIsNotFollowed() throws {
        let temp = try TemporaryFolder()
        let victim = temp.path("victim.txt")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        try FileManager.default.createSymbolicLink(atPath: temp.path("catalog.sqlite.schema-lock"), withDestinationPath: victim)
        let list = try LentaCLI.run(["list", "--catalog", temp.path("catalog.sqlite")])
        #expect(list.status == 1)
        #expect(list.stderr.contains("catalog.sqlite.schema-lock") && list.stderr.contains("symbolic link"), "\(list.stderr)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(throws: FileLock.Failure.self) { try FileLock(path: temp.path("catalog.sqlite.schema-lock"), wait: false) }
    }

    /// #10
    @Test func renderWithSubtitlesWhereTheSidecarIsAFolderReplacesNothing() throws {
        let fixture = try RenderFixture()
        let story = try Self.photoStory(fixture, extra: ["items": [["path": "one.png", "duration": 1.0, "text": ["content": "Belém"]]]])
        let output = fixture.folder.path("story.mp4")
        try Data("the old story".utf8).write(to: URL(fileURLWithPath: output))
        try FileManager.default.createDirectory(atPath: fixture.folder.path("story.srt"), withIntermediateDirectories: true)
        let render = try LentaCLI.run(["render", story, "-o", output, "--subtitles", "srt", "--quiet"])
        #expect(render.status == 2, "\(render.stderr)")
        #expect(render.stderr.contains("--subtitles") && render.stderr.contains("story.srt") && render.stderr.contains("a folder"), "\(render.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "the old story")
    }

    /// #11
    @Test func autoWithItsStoriesFolderInsideTheMediaFolderIsRefused() throws {
        let lib = try AutoTests.Library([AutoTests.lisbonTrip])
        for inside in [lib.photos + "/Stories", lib.photos, lib.photos + "/./x/../Stories"] {
            let run = try lib.auto(["--plan"], stories: inside)
            #expect(run.status == 2, "\(inside): \(run.stderr)")
            #expect(run.stderr.contains("is inside the media folder"), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: lib.photos + "/Stories"))
        #expect(!FileManager.default.fileExists(atPath: lib.catalog), "refused before any work")
        // A folder beside it (whose name merely starts the same) is fine.
        #expect(try lib.auto(["--plan"], stories: lib.photos + "-stories").status == 0)
    }

    // MARK: Waiting forever

    /// #12
    @Test func catalogPathThatIsAFIFOIsRefusedAtOnce() throws {
        let temp = try TemporaryFolder()
        let fifo = temp.path("catalog.sqlite")
        #expect(mkfifo(fifo, 0o600) == 0)
        for arguments in [["list"], ["scan", temp.path("nothing")]] {
            let run = try #require(try ResolvedStoryTests.run(arguments + ["--catalog", fifo], in: temp.url, seconds: 20), "\(arguments) hung on a FIFO catalog")
            #expect(run.status == 1, "\(run.output)")
            #expect(run.output.contains("a named pipe (FIFO), not a regular file"), "\(run.output)")
        }
        try FileManager.default.createDirectory(atPath: temp.path("folder.sqlite"), withIntermediateDirectories: true)
        let folder = try LentaCLI.run(["list", "--catalog", temp.path("folder.sqlite")])
        #expect(folder.status == 1 && folder.stderr.contains("a folder, not a regular file"), "\(folder.stderr)")
    }

    /// #13
    @Test func schemaLockHeldByAnotherProcessGivesUpNamingTheFileAndTheHolder() throws {
        let temp = try TemporaryFolder()
        let catalog = temp.path("catalog.sqlite")
        let held = try FileLock(path: catalog + ".schema-lock", wait: false)
        #expect(Catalog.lockTimeout == 30, "SQLite's busy timeout, unless LENTA_LOCK_TIMEOUT says otherwise")
        let timed = try LentaCLI.run(["list", "--catalog", catalog], environment: ["LENTA_LOCK_TIMEOUT": "1"])
        #expect(timed.status == 1)
        #expect(timed.stderr.contains("gave up after 1 s waiting for the lock \(catalog).schema-lock, held by pid \(getpid())"), "\(timed.stderr)")
        withExtendedLifetime(held) {}
    }

    // MARK: Messages and exit codes

    /// #14
    @Test func photoWithASixtyThousandCharacterXMPDateIsQuotedCut() throws {
        let temp = try TemporaryFolder()
        let photos = temp.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try SyntheticMedia.jpeg(width: 64, height: 48, exif: nil, to: temp.path("plain.jpg"))
        let date = String(repeating: "2024-05-03T10:11:12", count: 3200)  // 60,800 characters
        let packet = #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:DateTimeOriginal="DATE"/></rdf:RDF></x:xmpmeta>"#
            .replacingOccurrences(of: "DATE", with: date)
        let payload = Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array(packet.utf8)
        let plain = [UInt8](try Data(contentsOf: URL(fileURLWithPath: temp.path("plain.jpg"))))
        let segment: [UInt8] = [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        try Data(Array(plain[0..<2]) + segment + Array(plain[2...])).write(to: URL(fileURLWithPath: photos + "/long.jpg"))
        guard case .media(let metadata) = try MetadataProbe.read(path: photos + "/long.jpg", modified: 0, now: 1.8e9) else {
            Issue.record("not read"); return
        }
        #expect(!metadata.warnings.isEmpty)
        for warning in metadata.warnings { #expect(warning.count < 400, "\(warning.prefix(200))…") }
        #expect(metadata.warnings.contains { $0.contains("(60800 characters)") }, "\(metadata.warnings.map { $0.prefix(200) })")
        let scan = try LentaCLI.run(["scan", "--verbose", "--catalog", temp.path("c.sqlite"), photos])
        for line in (scan.stdout + scan.stderr).split(separator: "\n") { #expect(line.count < 2_000, "\(line.prefix(200))…") }
    }

    /// #15
    @Test func validateWithNoFontsInstalledRefusesACaptionedProject() throws {
        let fixture = try RenderFixture()
        let story = try Self.photoStory(fixture, extra: ["items": [["path": "one.png", "duration": 1.0, "text": ["content": "Belém"]]]])
        let config = fixture.folder.path("fonts.conf")
        try #"<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><cachedir>CACHE</cachedir></fontconfig>"#
            .replacingOccurrences(of: "CACHE", with: fixture.folder.path("fc-cache"))
            .write(toFile: config, atomically: true, encoding: .utf8)
        let noFonts = ["FONTCONFIG_FILE": config]
        let render = try LentaCLI.run(["render", story, "-o", fixture.folder.path("s.mp4"), "--quiet"], environment: noFonts)
        let validate = try LentaCLI.run(["validate", story], environment: noFonts)
        // What validate says is what render does.
        #expect(validate.status == 2, "\(validate.stdout)")
        #expect(validate.stdout.contains("items[0].text.content: no font to draw it with"), "\(validate.stdout)")
        #expect(render.status == 2, "\(render.stderr)")
        let plain = try Self.photoStory(fixture)
        #expect(try LentaCLI.run(["validate", plain], environment: noFonts).status == 0, "a story without text needs no font")
    }

    /// #16
    @Test func jpegWithTwoThousandSegmentsBeforeItsFrameHeaderIsAPicture() throws {
        let temp = try TemporaryFolder()
        try SyntheticMedia.jpeg(width: 64, height: 48, exif: nil, to: temp.path("plain.jpg"))
        let plain = [UInt8](try Data(contentsOf: URL(fileURLWithPath: temp.path("plain.jpg"))))
        let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x04, 0x61, 0x62]  // COM "ab"
        let many = Array(plain[0..<2]) + Array(Array(repeating: comment, count: 2000).joined()) + Array(plain[2...])
        try Data(many).write(to: URL(fileURLWithPath: temp.path("many.jpg")))
        guard case .media(let metadata) = try MetadataProbe.read(path: temp.path("many.jpg"), modified: 0, now: 1.8e9) else {
            Issue.record("not read as a picture"); return
        }
        #expect(metadata.width == 64 && metadata.height == 48)
        let frame = try PhotoDecoder(path: temp.path("many.jpg")).decode(scale: 1)
        #expect(frame.width == 64 && frame.height == 48)
    }

    /// #17
    @Test func autoNamesEveryUnreadableFileAndAMissingMediaFolder() throws {
        let lib = try AutoTests.Library([AutoTests.lisbonTrip])
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: lib.photos + "/broken.jpg"))
        let missing = lib.temp.path("no-such-folder")
        let run = try LentaCLI.run(["auto", lib.photos, missing, "--out", lib.stories, "--catalog", lib.catalog, "--preset", "preview",
                                    "--settle", "1h", "--dry-run"])
        #expect(run.stderr.contains("broken.jpg: unreadable, skipped"), "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("no-such-folder: unreadable, skipped: no such file or folder"), "\(run.stderr)")
    }

    /// #18
    @Test(arguments: [["render", "STORY", "-o", ""], ["frame", "STORY", "--at", "0", "-o", ""],
                      ["scan", "--gap", "1e308h", "FOLDER"], ["scan", "--gap", "400d", "FOLDER"],
                      ["project", "1", "-o", "p.json", "--photo-duration", "1e-9"]])
    func badArgumentsExitTwoBeforeAnyWork(_ arguments: [String]) throws {
        let fixture = try RenderFixture()
        let story = try Self.photoStory(fixture)
        let catalog = fixture.folder.path("catalog.sqlite")
        let args = arguments.map { $0 == "STORY" ? story : $0 == "FOLDER" ? fixture.folder.path("") : $0 }
        let result = try LentaCLI.run(args + (["scan", "project"].contains(arguments[0]) ? ["--catalog", catalog] : []), in: fixture.folder.url)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: catalog), "\(arguments): a catalog was made")
    }

    /// #19
    @Test func autoPlanWithANewlineInOutIsRefused() throws {
        let lib = try AutoTests.Library([AutoTests.lisbonTrip])
        let plan = try lib.auto(["--plan"], stories: lib.temp.path("stories\nrm -rf ~"))
        #expect(plan.status == 2, "\(plan.stderr)")
        #expect(plan.stdout.isEmpty)
        #expect(plan.stderr.contains("control character"), "\(plan.stderr)")
    }
}
