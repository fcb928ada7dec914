import Foundation
import LentaCore
import LentaLibrary
import LentaMedia
@testable import LentaRender
import LentaTestSupport
import LentaText
import Testing

/// Issue 13: what a hostile user did, and what lenta must do instead of crashing, overwriting its
/// inputs, or spending unbounded time and memory. Each test is named after what the user did.
@Suite("Trust under fire", .serialized)
struct TrustTests {
    static func storyWithTitle(_ fixture: RenderFixture, title: String, subtitle: String, width: Int = 320, height: Int = 180) throws -> String {
        let photo = try fixture.solidPhoto("one.png", 40, 90, 160)
        return try fixture.project([
            "lenta": 1, "title": title, "subtitle": subtitle,
            "output": ["preset": "preview", "width": width, "height": height],
            "titleCard": ["duration": 1.0, "map": false],
            "items": [["path": photo, "duration": 1.0]],
        ])
    }

    // MARK: #1 crashes

    @Test func userGaveALongTitleAndSubtitleThatRunBelowTheFrame() throws {
        let fixture = try RenderFixture()
        let words = String(repeating: "Lisbon and Sintra ", count: 11)  // 198 characters: within the limit
        let story = try Self.storyWithTitle(fixture, title: String(words.prefix(200)), subtitle: String(repeating: "3–9 May 2024 · ", count: 26))
        let frame = try LentaCLI.run(["frame", story, "--at", "0.5", "-o", fixture.folder.path("title.png")])
        #expect(frame.status == 0, "\(frame.stderr)")
        let render = try LentaCLI.run(["render", story, "-o", fixture.folder.path("story.mp4"), "--quiet"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try RenderCommandTests.leftovers(fixture).isEmpty)
    }

    @Test func textDrawnWhollyOutsideAPictureDrawsNothing() {
        var image = RGBAImage(width: 8, height: 8)
        let mask = AlphaMask(width: 4, height: 4, alpha: [UInt8](repeating: 255, count: 16))
        for (x, y) in [(0, 20), (0, -20), (20, 0), (-20, 0), (Int.max - 2, 0), (0, Int.min + 8)] {
            image.draw(mask, atX: x, y: y, red: 255, green: 255, blue: 255)
            image.place(RGBAImage(width: 4, height: 4, red: 255), atX: x, y: y)
        }
        #expect(image == RGBAImage(width: 8, height: 8))
    }

    @Test(arguments: ["1e13", "nan", "inf", "-1", "-0.5", "1e308"])
    func userAskedForAFrameAtAnImpossibleTime(_ at: String) throws {
        let fixture = try RenderFixture()
        let story = try Self.storyWithTitle(fixture, title: "T", subtitle: "S")
        let result = try LentaCLI.run(["frame", story, "--at", at, "-o", fixture.folder.path("f.png")])
        #expect(result.status == 2, "\(at): \(result.stderr)")
        #expect(result.stderr.contains("--at"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.path("f.png")))
    }

    // MARK: #2 outputs over inputs

    @Test func userRenderedOverAPhotoOfTheStoryAndOverTheProjectFile() throws {
        let fixture = try RenderFixture()
        let story = try Self.storyWithTitle(fixture, title: "T", subtitle: "S")
        let photo = fixture.folder.path("one.png")
        let before = try Data(contentsOf: URL(fileURLWithPath: photo))
        try FileManager.default.createSymbolicLink(atPath: fixture.folder.path("link.png"), withDestinationPath: photo)
        try FileManager.default.linkItem(atPath: photo, toPath: fixture.folder.path("hard.png"))
        let projectBefore = try Data(contentsOf: URL(fileURLWithPath: story))
        for output in [photo, fixture.folder.path("link.png"), fixture.folder.path("hard.png"), fixture.folder.path("./x/../one.png"), story] {
            let render = try LentaCLI.run(["render", story, "-o", output, "--quiet"])
            #expect(render.status == 2, "render -o \(output): \(render.stderr)")
            #expect(render.stderr.contains("refusing to write"), "\(render.stderr)")
            let frame = try LentaCLI.run(["frame", story, "--at", "0", "-o", output])
            #expect(frame.status == 2, "frame -o \(output): \(frame.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: photo)) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: story)) == projectBefore)
    }

    @Test func storyInputsNameMusicAndCubeLooksToo() throws {
        let fixture = try RenderFixture()
        try Data("LUT_3D_SIZE 2\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n1 1 1\n".utf8).write(to: fixture.folder.url.appendingPathComponent("grade.cube"))
        try Data("not sound".utf8).write(to: fixture.folder.url.appendingPathComponent("theme.m4a"))
        let project = ProjectFile(music: [MusicTrack(path: "theme.m4a")], items: [ProjectItem(path: "one.png", look: "grade.cube")])
        let inputs = StoryInputs(project: project, projectFile: fixture.folder.url.appendingPathComponent("story.json"))
        let parts: [(String, JSONPath?)] = [("theme.m4a", JSONPath.root + "music" + 0), ("grade.cube", JSONPath.root + "items" + 0 + "look"),
                                            ("story.json", nil)]
        for (name, part) in parts {
            #expect(throws: OutputOverwritesInput.self, "\(name)") { try inputs.check(output: fixture.folder.path(name)) }
            do { try inputs.check(output: fixture.folder.path(name)) } catch let clash as OutputOverwritesInput { #expect(clash.part == part) } catch {}
        }
        try inputs.check(output: fixture.folder.path("story.mp4"))
    }

    // MARK: #4 unbounded text

    @Test func userWroteACaptionTitleAndSubtitleLongerThanTheLimits() throws {
        let fixture = try RenderFixture()
        let photo = try fixture.solidPhoto("one.png", 40, 90, 160)
        let story = try fixture.project([
            "lenta": 1, "title": String(repeating: "t", count: ProjectLimits.maximumTitleLength + 1),
            "subtitle": String(repeating: "s", count: ProjectLimits.maximumSubtitleLength + 1),
            "titleCard": ["duration": 1.0],
            "items": [["path": photo, "text": ["content": String(repeating: "word ", count: 1000)]]],
        ])
        let result = try LentaCLI.run(["validate", story])
        #expect(result.status == 2)
        #expect(result.stdout.contains("title: too long: a title has at most 200 characters (has 201)"), "\(result.stderr)")
        #expect(result.stdout.contains("subtitle: too long: a subtitle has at most 400 characters (has 401)"))
        #expect(result.stdout.contains("items[0].text.content: too long: a caption has at most 500 characters (has 5000)"))
    }

    @Test func theLongestCaptionAtHalfTheFrameIsLaidOutOnlyAsFarAsItShows() throws {
        let engine = try TextEngine.shared()
        let caption = String(repeating: "Belém tower at dusk, ", count: 24).prefix(ProjectLimits.maximumCaptionLength)
        // 4K, size 0.5: lines of 1080 pixels, so two show (and a third starts below the frame).
        let text = engine.render(String(caption), pixelSize: 1080, maxWidth: 3456, maxHeight: 2160)
        #expect(text.lines.count == 3)
        #expect(text.mask.height <= 3 * 1080 + 1080)
        let everything = engine.render(String(caption), pixelSize: 40, maxWidth: 3456)
        #expect(everything.lines.joined(separator: " ") == String(caption).trimmingCharacters(in: .whitespaces))
    }

    @Test func userValidatedAProjectFileLargerThanTheLimit() throws {
        let fixture = try RenderFixture()
        var big = Data("{\"lenta\": 1, \"title\": \"".utf8)
        big.append(Data(repeating: UInt8(ascii: "x"), count: ProjectLimits.maximumProjectFileBytes))
        big.append(Data("\", \"items\": []}".utf8))
        try big.write(to: fixture.folder.url.appendingPathComponent("huge.json"))
        let result = try LentaCLI.run(["validate", fixture.folder.path("huge.json")])
        #expect(result.status == 2)
        #expect(result.stdout.contains("a project file is at most 16 MB"), "\(result.stdout)")
    }

    // MARK: #7 lesser

    @Test func userRenderedAgainAfterARenderWasKilled() throws {
        let fixture = try RenderFixture()
        let story = try Self.storyWithTitle(fixture, title: "T", subtitle: "S")
        let output = fixture.folder.path("story.mp4")
        let stale = fixture.folder.path(".story.mp4.partial-DEAD")
        try Data("half an mp4".utf8).write(to: URL(fileURLWithPath: stale))
        // One still being written by a render that is alive (its claim held here) stays.
        let live = fixture.folder.path(".story.mp4.partial-ALIVE")
        try Data("being written".utf8).write(to: URL(fileURLWithPath: live))
        let claim = try #require(TemporaryFileClaim(path: live))
        let result = try LentaCLI.run(["render", story, "-o", output, "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live))
        withExtendedLifetime(claim) {}
    }

    @Test("a story being written holds its temporary file: another render's clean-up leaves it; given up, the writer removes it")
    func storyWriterClaimsItsTemporaryFile() throws {
        let fixture = try RenderFixture()
        let output = fixture.folder.path("story.mp4")
        var writer: StoryWriter? = try StoryWriter(path: output, preset: RenderFixture.preset(), audio: false)
        let prefix = AtomicWrite.temporaryPrefix(for: "story.mp4")
        let temporary = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.url.path).filter { $0.hasPrefix(prefix) }
        #expect(temporary.count == 1, "\(temporary)")
        #expect(StaleTemporaryFiles.remove(besideOutput: output).isEmpty, "the live writer's file was taken")
        #expect(temporary.allSatisfy { FileManager.default.fileExists(atPath: fixture.folder.path($0)) })
        withExtendedLifetime(writer) {}  // alive and writing until here
        writer = nil  // given up unfinished: the writer removes its own file
        #expect(temporary.allSatisfy { !FileManager.default.fileExists(atPath: fixture.folder.path($0)) })
    }

    @Test func userScannedAJPEGCutShortAtHalf() throws {
        let temp = try TemporaryFolder()
        let photos = temp.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try SyntheticMedia.jpeg(width: 640, height: 480, exif: SyntheticExif(dateTimeOriginal: "2024:05:03 10:00:00"), to: photos + "/whole.jpg")
        let whole = try Data(contentsOf: URL(fileURLWithPath: photos + "/whole.jpg"))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: photos + "/cut.jpg"))
        let scan = try LentaCLI.run(["scan", "--verbose", "--catalog", temp.path("catalog.sqlite"), photos])
        #expect(scan.status == 0, "\(scan.stderr)")
        let output = scan.stdout + scan.stderr
        let warned = output.split(separator: "\n").filter { $0.contains("cut short") }
        #expect(warned.count == 1 && warned.first?.contains("cut.jpg") == true, "\(output)")
        // Still a picture: what was kept decodes.
        let frame = try PhotoDecoder(path: photos + "/cut.jpg").decode(scale: 0.5)
        #expect(frame.width == 320 && frame.height == 240)
    }

    @Test func userValidatedAndRenderedAStoryWithAJPEGCutShort() throws {
        let fixture = try RenderFixture()
        let whole = fixture.folder.path("whole.jpg")
        try SyntheticMedia.jpeg(width: 320, height: 240, exif: SyntheticExif(dateTimeOriginal: "2024:05:03 10:00:00"), to: whole)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: fixture.folder.path("cut.jpg")))
        let story = try fixture.project([
            "lenta": 1, "output": ["preset": "preview", "width": 160, "height": 90],
            "items": [["path": "cut.jpg", "duration": 0.5], ["path": "whole.jpg", "duration": 0.5]],
        ])
        let validate = try LentaCLI.run(["validate", story])
        #expect(validate.status == 0, "a warning, not an error: \(validate.stderr)")
        let warned = (validate.stdout + validate.stderr).split(separator: "\n").filter { $0.contains("cut short") }
        #expect(warned.count == 1 && warned.first?.contains("cut.jpg") == true, "\(validate.stdout)\(validate.stderr)")
        let render = try LentaCLI.run(["render", story, "-o", fixture.folder.path("story.mp4")])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stderr.split(separator: "\n").contains { $0.contains("cut short") && $0.contains("cut.jpg") }, "\(render.stderr)")
    }

    @Test func userGaveOutputNamesThatAreNotUTF8() throws {
        let fixture = try RenderFixture()
        let story = try Self.storyWithTitle(fixture, title: "Lisbon", subtitle: "May 2024")
        // The shell passes the byte 0xE9 (Latin-1 é) as it is: what a Latin-1 terminal types.
        for (command, name) in [("render \"$1\"", "caf\\351.mp4"), ("frame \"$1\" --at 0.5", "caf\\351.png"), ("map 1", "caf\\351.png")] {
            let script = "cd \"$2\" && exec \"$0\" \(command) -o \"$(printf '\(name)')\""
            let result = try LentaCLI.runTool(URL(fileURLWithPath: "/bin/sh"),
                                              ["-c", script, LentaCLI.binary.path, story, fixture.folder.path("")])
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("caf\\xE9") && result.stderr.contains("not UTF-8"), "\(command): \(result.stderr)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path(""))
        #expect(!left.contains { $0.hasPrefix("caf") }, "nothing written: \(left)")
    }

    @Test func userScannedAPhotoWhoseNameIsNotUTF8() throws {
        let temp = try TemporaryFolder()
        let photos = temp.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for (i, name) in ["a.jpg", "b.jpg", "c.jpg"].enumerated() {
            try SyntheticMedia.jpeg(width: 64, height: 48, exif: SyntheticExif(dateTimeOriginal: "2024:05:03 1\(i):00:00"), to: photos + "/" + name)
        }
        // caf\xE9.jpg: Latin-1, as an old camera or a Windows zip names it.
        let latin1 = Array((photos + "/caf").utf8) + [0xE9] + Array(".jpg".utf8)
        #expect(rename(photos + "/c.jpg", latin1.map { CChar(bitPattern: $0) } + [0]) == 0)
        let catalog = temp.path("catalog.sqlite")
        let scan = try LentaCLI.run(["scan", "--catalog", catalog, photos])
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(!scan.stderr.contains("caf"), "not reported as unreadable: \(scan.stderr)")
        let list = try LentaCLI.run(["list", "--json", "--catalog", catalog])
        let lentas = try JSONDecoder().decode([LentaSummary].self, from: Data(list.stdout.utf8))
        #expect(lentas.map(\.photos) == [3], "all three indexed: \(list.stdout)")
        let show = try LentaCLI.run(["show", "\(try #require(lentas.first).id)", "--catalog", catalog])
        #expect(show.stdout.contains("caf\\xE9.jpg"), "shown escaped: \(show.stdout)")
    }

    @Test func ffmpegLogLinesNeverReachValidateOutput() throws {
        let fixture = try RenderFixture()
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, frameRate: 10, seconds: 1), to: fixture.folder.path("clip.mp4"))
        let whole = try Data(contentsOf: URL(fileURLWithPath: fixture.folder.path("clip.mp4")))
        try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: fixture.folder.path("cut.mp4")))
        let story = try fixture.project(["lenta": 1, "items": [["path": "cut.mp4"]], "music": [["path": "cut.mp4"]]])
        let result = try LentaCLI.run(["validate", story])
        #expect(!result.stderr.contains("@ 0x"), "FFmpeg's own lines: \(result.stderr)")
        #expect(!result.stdout.contains("@ 0x"))
    }

    @Test func userPutBinaryAndAFiveThousandCharacterStringInAProject() throws {
        let fixture = try RenderFixture()
        let photo = try fixture.solidPhoto("one.png", 40, 90, 160)
        let junk = "\u{1B}[2J\u{7}" + String(repeating: "é", count: 5000)
        let story = try fixture.project(["lenta": 1, "items": [["path": photo, "fit": junk, junk: 1]]])
        let result = try LentaCLI.run(["validate", story])
        #expect(result.status == 2)
        let output = result.stdout + result.stderr
        #expect(!output.contains("\u{1B}") && !output.contains("\u{7}"), "\(output)")
        for line in output.split(separator: "\n") { #expect(line.count < 400, "\(line.prefix(120))…") }
        #expect(output.contains("(5005 characters)"), "\(output)")
    }

    /// Found by make fuzz: a frame rate (and a colour, a Ken Burns word) given as a long string
    /// was echoed whole in the message.
    @Test func userPutAFiveThousandCharacterStringWhereAFrameRateColourOrKenBurnsGoes() {
        let junk = String(repeating: "x", count: 5000)
        let text = #"{"lenta": 1, "output": {"preset": "landscape-1080p", "fps": "JUNK"}, "titleCard": {"background": "JUNK"},"#
            + #" "defaults": {"kenBurns": "JUNK"}, "items": [{"path": "a.jpg"}]}"#
        let (_, problems) = ProjectFile.read(Data(text.replacingOccurrences(of: "JUNK", with: junk).utf8))
        #expect(problems.count == 3, "\(problems)")
        for problem in problems {
            #expect(problem.message.count < 400 && problem.message.contains("(5000 characters)"), "\(problem.message.prefix(120))…")
        }
    }

    /// Found by make fuzz: a missing file's name and a JSON key were echoed with their control
    /// characters (a bell, a terminal escape, a tab) and at any length.
    @Test func userNamedAMissingFileAndAKeyWithControlCharacters() throws {
        let folder = try TemporaryFolder()
        let validator = ProjectValidator(baseDirectory: folder.url, inspectMedia: ProjectMediaInspector.inspect)
        let long = String(repeating: #"\u0007"#, count: 3000)  // escaped in the JSON
        let missing = validator.check(Data(#"{"lenta": 1, "items": [{"path": "\u0007\u001b[31m.jpg"}, {"path": "LONG"}]}"#
            .replacingOccurrences(of: "LONG", with: long).utf8))
        let broken = validator.check(Data(#"{"lenta": 1, "it\tems" [] }"#.utf8))
        #expect(missing.problems.first?.message == #"file not found: \u{0007}\u{001B}[31m.jpg"#, "\(missing.problems)")
        #expect(missing.problems.last?.message.hasPrefix(#"cannot be read (File name too long): \u{0007}"#) == true, "\(missing.problems)")
        #expect(broken.problems.count == 1, "\(broken.problems)")
        for problem in missing.problems + broken.problems {
            #expect(!problem.description.unicodeScalars.contains { $0.value < 0x20 } && problem.description.count < 2_000,
                    "\(problem.description.prefix(200))")
        }
    }

    /// Found by make fuzz: an unknown look (or output preset) echoed its name raw, at any length
    /// and with its control characters.
    @Test func userNamedALookAndAPresetThatDoNotExistWithControlCharacters() {
        let long = String(repeating: "x", count: 5000)
        for error in [PresetLibraryError.unknownLook("\u{1B}[31m" + long, known: ["warm"], searched: "presets/looks"),
                      PresetLibraryError.unknownPreset("\u{07}" + long, known: ["preview"], searched: "presets/output"),
                      PresetLibraryError.unknownLook("\u{1B}[31m", known: [], searched: "presets/looks")] {
            let message = error.description
            #expect(!message.unicodeScalars.contains { $0.value < 0x20 } && message.count < 400, "\(message.prefix(120))…")
        }
        #expect(PresetLibraryError.unknownLook("wram", known: ["warm"], searched: "").description
                == #"unknown look "wram" (did you mean "warm"? known: warm; or give the path of a .cube file)"#)
    }

    @Test func diagnosticTextEscapesAndCuts() {
        #expect(DiagnosticText.path(bytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)) == "caf\\xE9.jpg")
        #expect(DiagnosticText.path(bytes: Array("café.jpg".utf8)) == "café.jpg")
        #expect(DiagnosticText.quoted("a\u{0}b\"c") == "\"a\\u{0000}b\\\"c\"")
        #expect(DiagnosticText.value(String(repeating: "x", count: 100), limit: 3) == "xxx… (100 characters)")
        #expect(DiagnosticText.value("👩‍👩‍👧 ok") == "👩‍👩‍👧 ok")
    }
}
