#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import LentaAuto
import LentaCatalog
import LentaCore
import LentaLibrary
import LentaRender
import LentaTestSupport
import Testing

/// `lenta auto`, the nightly job, as cron runs it: a generated library of small trips far apart
/// in 2024, rendered with the preview preset (640×360, ultrafast). Each trip is three 64×48
/// photos, so each story is 3 × 3 s − 2 × 0.5 s crossfades = 8 s = 240 frames at 30 fps.
@Suite(.serialized) struct AutoTests {
    // MARK: - The library

    struct Shot {
        var name: String
        var local: String   // "2024:05:03 10:00:00"
        var offset: String
        var point: GeoPoint
    }

    static let lisbon = GeoPoint(latitude: 38.7075, longitude: -9.1364)
    static let sintra = GeoPoint(latitude: 38.7979, longitude: -9.3906)
    static let porto = GeoPoint(latitude: 41.1496, longitude: -8.6109)
    static let munich = GeoPoint(latitude: 48.1374, longitude: 11.5755)
    static let tokyo = GeoPoint(latitude: 35.6586, longitude: 139.7454)

    static let lisbonTrip = [
        Shot(name: "lisbon-0.jpg", local: "2024:05:03 10:00:00", offset: "+01:00", point: lisbon),
        Shot(name: "lisbon-1.jpg", local: "2024:05:03 16:00:00", offset: "+01:00", point: lisbon),
        Shot(name: "sintra-0.jpg", local: "2024:05:04 11:00:00", offset: "+01:00", point: sintra),
    ]
    static let munichTrip = [
        Shot(name: "munich-0.jpg", local: "2024:08:10 11:00:00", offset: "+02:00", point: munich),
        Shot(name: "munich-1.jpg", local: "2024:08:10 15:00:00", offset: "+02:00", point: munich),
        Shot(name: "munich-2.jpg", local: "2024:08:11 10:00:00", offset: "+02:00", point: munich),
    ]
    static let tokyoTrip = [
        Shot(name: "tokyo-0.jpg", local: "2024:10:10 09:00:00", offset: "+09:00", point: tokyo),
        Shot(name: "tokyo-1.jpg", local: "2024:10:10 15:00:00", offset: "+09:00", point: tokyo),
        Shot(name: "tokyo-2.jpg", local: "2024:10:11 10:00:00", offset: "+09:00", point: tokyo),
    ]

    static let lisbonName = "2024-05-03 Lisbon & Sintra"
    static let munichName = "2024-08-10 Munich"
    static let tokyoName = "2024-10-10 Tokyo"

    /// Photos, a catalog and a stories folder in a temporary folder.
    final class Library {
        let temp: TemporaryFolder
        var photos: String { temp.path("photos") }
        var stories: String { temp.path("stories") }
        var catalog: String { temp.path("catalog.sqlite") }

        init(_ trips: [[Shot]]) throws {
            temp = try TemporaryFolder()
            try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
            for shot in trips.joined() { try add(shot) }
        }

        func add(_ shot: Shot) throws {
            try SyntheticMedia.jpeg(width: 64, height: 48, exif: SyntheticExif(
                dateTimeOriginal: shot.local, offsetTimeOriginal: shot.offset, gps: shot.point), to: photos + "/" + shot.name)
        }

        /// The arguments of an auto run on this library (preview preset; every 2024 trip is settled).
        func autoArguments(_ extra: [String], stories: String? = nil, catalog: String? = nil) -> [String] {
            ["auto", photos, "--out", stories ?? self.stories, "--catalog", catalog ?? self.catalog,
             "--preset", "preview", "--settle", "1h"] + extra
        }

        @discardableResult
        func auto(_ extra: [String] = [], stories: String? = nil, catalog: String? = nil) throws -> LentaCLI.Result {
            try LentaCLI.run(autoArguments(extra, stories: stories, catalog: catalog))
        }

        func project(_ name: String) -> String { stories + "/" + name + ".json" }
        func video(_ name: String) -> String { stories + "/" + name + ".mp4" }

        /// Files in the stories folder (hidden ones too), sorted; not the stories page and its
        /// posters (`MemoryTests` checks those).
        func storyFiles(_ folder: String? = nil) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder ?? stories)) ?? []).filter {
                $0 != "index.html" && !$0.hasSuffix(".poster.png")
            }.sorted()
        }

        func lentas() throws -> [LentaSummary] {
            let list = try LentaCLI.run(["list", "--json", "--catalog", catalog])
            return try JSONDecoder().decode([LentaSummary].self, from: Data(list.stdout.utf8))
        }

        /// Rewrites a project file through `ProjectFile`, as a user's editor would.
        func editProject(_ name: String, _ change: (inout ProjectFile) -> Void) throws {
            let url = URL(fileURLWithPath: project(name))
            var project = try ProjectFile.decode(try Data(contentsOf: url))
            change(&project)
            try project.write(to: url)
        }
    }

    // MARK: - Tools

    static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static let ffprobe = which("ffprobe")
    static let ffmpeg = which("ffmpeg")
    static let parallel = which("parallel")

    struct ToolFailure: Error, CustomStringConvertible { var description: String }

    /// Runs a tool, returning its status and stdout (stderr is returned on failure in the error).
    static func tool(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, stdout: Data, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Unchecked: written by the reading thread before `group.leave()`, read only after `group.wait()`.
        final class Box: @unchecked Sendable { var data = Data() }
        let errData = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { errData.data = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, data, String(decoding: errData.data, as: UTF8.self))
    }

    /// Frames and duration of an MP4's video stream, decoded by ffprobe.
    static func probe(_ path: String) throws -> (frames: Int, duration: Double) {
        let ffprobe = try #require(Self.ffprobe)
        let result = try tool(ffprobe, ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                         "-show_entries", "stream=nb_read_frames,duration", "-of", "json", path])
        guard result.status == 0,
              let json = try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any],
              let stream = (json["streams"] as? [[String: Any]])?.first else {
            throw ToolFailure(description: "ffprobe \(path): \(result.stderr)")
        }
        return (Int(stream["nb_read_frames"] as? String ?? "") ?? -1, Double(stream["duration"] as? String ?? "") ?? -1)
    }

    /// The MD5 of every decoded frame (ffmpeg's framemd5 muxer), without its comment header.
    static func frameHashes(_ path: String) throws -> [String] {
        let ffmpeg = try #require(Self.ffmpeg)
        let result = try tool(ffmpeg, ["-v", "error", "-i", path, "-map", "0:v", "-f", "framemd5", "-"])
        guard result.status == 0 else { throw ToolFailure(description: "ffmpeg \(path): \(result.stderr)") }
        return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    /// Modification time with nanoseconds.
    static func modified(_ path: String) -> timespec? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return st.st_mtim
    }

    static func sameTime(_ a: timespec?, _ b: timespec?) -> Bool {
        guard let a, let b else { return false }
        return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec
    }

    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    /// An auto run started as a process, its output going to files (read after it ends).
    final class Running {
        let process = Process()
        let outURL: URL, errURL: URL
        init(_ arguments: [String], logs: TemporaryFolder, tag: String) throws {
            outURL = logs.url.appendingPathComponent("\(tag).out")
            errURL = logs.url.appendingPathComponent("\(tag).err")
            #expect(FileManager.default.createFile(atPath: outURL.path, contents: nil))
            #expect(FileManager.default.createFile(atPath: errURL.path, contents: nil))
            process.executableURL = LentaCLI.binary
            process.arguments = arguments
            var env = ProcessInfo.processInfo.environment
            env.removeValue(forKey: "LENTA_CATALOG")
            env.removeValue(forKey: "LENTA_PRESETS")
            process.environment = env
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: outURL)
            process.standardError = try FileHandle(forWritingTo: errURL)
        }
        func start() throws { try process.run() }
        func wait() -> LentaCLI.Result {
            process.waitUntilExit()
            return LentaCLI.Result(status: process.terminationStatus,
                                   stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                                   stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
        }
    }

    // MARK: - Three nights

    /// The summary's faces part: what auto learned of the library's faces, told when the face
    /// models are there (`make deps`).
    static func faces(_ told: String) -> String { RealFaces.available ? " · faces: " + told : "" }

    @Test("auto three times: renders every finished lenta, then nothing, then exactly the stories whose inputs changed",
          .enabled(if: ffprobe != nil))
    func threeRuns() throws {
        let lib = try Library([Self.lisbonTrip, Self.munichTrip, Self.tokyoTrip])

        // Night 1: every lenta is new.
        let first = try lib.auto()
        #expect(first.status == 0, "\(first.stderr)")
        let firstLines = Self.lines(first.stdout)
        #expect(firstLines == [
            "rendered   \(Self.lisbonName).mp4 (new)",
            "rendered   \(Self.munichName).mp4 (new)",
            "rendered   \(Self.tokyoName).mp4 (new)",
            "lenta auto: 3 rendered, 0 unchanged, 0 waiting, 0 failed · scan: 9 new, 0 changed, 0 removed, 0 unreadable"
                + Self.faces("9 file(s) looked at, 0 for later runs"),
        ], "\(first.stdout)\n\(first.stderr)")
        #expect(first.stderr.isEmpty, "no terminal: no progress, and nothing went wrong")
        for name in [Self.lisbonName, Self.munichName, Self.tokyoName] {
            let video = try Self.probe(lib.video(name))
            // 3 × 3 s photos − 2 × 0.5 s crossfades, after a 2.5 s title card joined by one more.
            #expect(video.frames == 300, "\(name)")
            #expect(abs(video.duration - 10.0) < 0.001, "\(name)")
            #expect(FileManager.default.fileExists(atPath: lib.project(name)))
        }
        #expect(lib.storyFiles().allSatisfy { !$0.hasPrefix(".") }, "no temporary files: \(lib.storyFiles())")
        let munichTime = Self.modified(lib.video(Self.munichName))
        let lisbonTime = Self.modified(lib.video(Self.lisbonName))

        // Night 2: nothing changed, nothing is rendered, and it says so.
        let second = try lib.auto()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(Self.lines(second.stdout) == [
            "unchanged  \(Self.lisbonName).mp4",
            "unchanged  \(Self.munichName).mp4",
            "unchanged  \(Self.tokyoName).mp4",
            "lenta auto: 0 rendered, 3 unchanged, 0 waiting, 0 failed · scan: 0 new, 0 changed, 0 removed, 0 unreadable",
        ], "\(second.stdout)")
        #expect(Self.sameTime(Self.modified(lib.video(Self.munichName)), munichTime))

        // Night 3: a Tokyo photo is touched, and Lisbon gains a photo from Porto (its title changes).
        let titleBefore = try #require(try lib.lentas().first { $0.title.hasPrefix("Lisbon") }?.title)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)],
                                              ofItemAtPath: lib.photos + "/tokyo-1.jpg")
        try lib.add(Shot(name: "porto-0.jpg", local: "2024:05:04 18:00:00", offset: "+01:00", point: Self.porto))
        let lisbonProject = try Data(contentsOf: URL(fileURLWithPath: lib.project(Self.lisbonName)))
        let third = try lib.auto()
        #expect(third.status == 0, "\(third.stderr)")
        #expect(Self.lines(third.stdout) == [
            "unchanged  \(Self.lisbonName).mp4",
            "  1 new item not in \(Self.lisbonName).json (--update-projects adds them)",
            "unchanged  \(Self.munichName).mp4",
            "rendered   \(Self.tokyoName).mp4 (a photo, video, music, look or track file changed)",
            "lenta auto: 1 rendered, 2 unchanged, 0 waiting, 0 failed · scan: 1 new, 1 changed, 0 removed, 0 unreadable"
                + Self.faces("1 file(s) looked at, 0 for later runs"),  // the file touched, not changed, is not looked at again
        ], "\(third.stdout)")
        #expect(Self.sameTime(Self.modified(lib.video(Self.munichName)), munichTime), "the untouched story is not written again")
        #expect(Self.sameTime(Self.modified(lib.video(Self.lisbonName)), lisbonTime))
        #expect(try Data(contentsOf: URL(fileURLWithPath: lib.project(Self.lisbonName))) == lisbonProject,
                "a project file is the user's: never rewritten without --update-projects")
        // The name stays when the title changes.
        let titleAfter = try #require(try lib.lentas().first { $0.title.hasPrefix("Lisbon") }?.title)
        #expect(titleAfter != titleBefore, "\(titleBefore) → \(titleAfter)")
        #expect(!lib.storyFiles().contains { $0.contains("Porto") }, "\(lib.storyFiles())")

        // A dry run with --update-projects says what it would do, and does nothing.
        let dry = try lib.auto(["--update-projects", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("would render \(Self.lisbonName).mp4 (1 new item would be added to \(Self.lisbonName).json)"),
                "\(dry.stdout)")
        #expect(dry.stdout.contains("1 to render, 0 rendered, 2 unchanged"), "\(dry.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lib.project(Self.lisbonName))) == lisbonProject)
        #expect(Self.sameTime(Self.modified(lib.video(Self.lisbonName)), lisbonTime))
        #expect(lib.storyFiles().count == 6, "\(lib.storyFiles())")

        // With --update-projects the new item is appended and that story renders again.
        let fourth = try lib.auto(["--update-projects"])
        #expect(fourth.status == 0, "\(fourth.stderr)")
        #expect(Self.lines(fourth.stdout) == [
            "rendered   \(Self.lisbonName).mp4 (the project file changed)",
            "  1 new item added to \(Self.lisbonName).json",
            "unchanged  \(Self.munichName).mp4",
            "unchanged  \(Self.tokyoName).mp4",
            "lenta auto: 1 rendered, 2 unchanged, 0 waiting, 0 failed · scan: 0 new, 0 changed, 0 removed, 0 unreadable",
        ], "\(fourth.stdout)")
        let updated = try ProjectFile.decode(try Data(contentsOf: URL(fileURLWithPath: lib.project(Self.lisbonName))))
        #expect(updated.items.map(\.path) == ["../photos/lisbon-0.jpg", "../photos/lisbon-1.jpg", "../photos/sintra-0.jpg",
                                              "../photos/porto-0.jpg"])
        #expect(updated.items[2].transition == nil, "the old last item now leads to the new one with the defaults' crossfade")
        #expect(updated.items[3].transition == .cut)
        #expect(try Self.probe(lib.video(Self.lisbonName)).frames == 375)  // 2.5 s title card + 4 × 3 s − 4 × 0.5 s
        #expect(Self.sameTime(Self.modified(lib.video(Self.munichName)), munichTime))

        // An item the user takes out of the project is not offered again.
        try lib.editProject(Self.lisbonName) { $0.items.removeAll { $0.path.hasSuffix("lisbon-1.jpg") } }
        let fifth = try lib.auto(["--update-projects", "--dry-run"])
        #expect(fifth.stdout.contains("would render \(Self.lisbonName).mp4 (the project file changed)"), "\(fifth.stdout)")
        #expect(!fifth.stdout.contains("new item"), "\(fifth.stdout)")
    }

    // MARK: - Waiting, dry runs, JSON

    @Test("a lenta that may still be going on waits; --dry-run writes nothing; --json parses")
    func waitingDryRunAndJSON() throws {
        let lib = try Library([Self.lisbonTrip, Self.munichTrip])

        let waiting = try lib.auto(["--settle", "100000d"])
        #expect(waiting.status == 0, "\(waiting.stderr)")
        let lines = Self.lines(waiting.stdout)
        #expect(lines.count == 3, "\(waiting.stdout)")
        #expect(lines[0].hasPrefix("waiting    \(Self.lisbonName).mp4 (its last item is "), "\(waiting.stdout)")
        #expect(lines[0].hasSuffix(" days old; it may still be going on)"))
        #expect(lines[1].hasPrefix("waiting    \(Self.munichName).mp4"))
        #expect(lines[2].hasPrefix("lenta auto: 0 rendered, 0 unchanged, 2 waiting, 0 failed"))
        #expect(lib.storyFiles().isEmpty, "a waiting lenta gets no project file yet: \(lib.storyFiles())")
        #expect(try Catalog(path: lib.catalog).stories().isEmpty, "nor a name: it is named when it settles")

        let dry = try lib.auto(["--dry-run"], stories: lib.temp.path("dry"))
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(Self.lines(dry.stdout) == [
            "would render \(Self.lisbonName).mp4 (new; its project file would be written)",
            "would render \(Self.munichName).mp4 (new; its project file would be written)",
            "lenta auto: 2 to render, 0 rendered, 0 unchanged, 0 waiting, 0 failed · scan: 0 new, 0 changed, 0 removed, 0 unreadable",
        ], "\(dry.stdout)")
        #expect(!FileManager.default.fileExists(atPath: lib.temp.path("dry")), "a dry run writes no folder, project or MP4")

        let json = try lib.auto(["--dry-run", "--json"], stories: lib.temp.path("dry"))
        #expect(json.status == 0, "\(json.stderr)")
        let report = try JSONDecoder().decode(AutoJob.Report.self, from: Data(json.stdout.utf8))
        #expect(report.stories.map(\.state) == [.due, .due])
        #expect(report.stories.map { URL(fileURLWithPath: $0.video).lastPathComponent } == [Self.lisbonName + ".mp4", Self.munichName + ".mp4"])
        #expect(report.stories.map(\.title) == ["Lisbon & Sintra, Portugal", "Munich, Germany"])
        #expect(report.stories.allSatisfy { $0.reason == "new; its project file would be written" })
        #expect(report.scan.unchanged == 6)
        #expect(!FileManager.default.fileExists(atPath: lib.temp.path("dry")))

        let waitingJSON = try lib.auto(["--settle", "100000d", "--json"])
        let waitingReport = try JSONDecoder().decode(AutoJob.Report.self, from: Data(waitingJSON.stdout.utf8))
        #expect(waitingReport.stories.map(\.state) == [.waiting, .waiting])
    }

    @Test("new items: reported, appended with --update-projects; an item the user took out is not new; absolute paths match")
    func newItems() throws {
        let lib = try Library([Self.lisbonTrip, Self.munichTrip])
        #expect(try lib.auto(["--plan"]).status == 0)  // writes the project files, renders nothing
        // The user writes the first photo's path in full and takes the second out.
        try lib.editProject(Self.lisbonName) { project in
            project.items[0].path = lib.photos + "/lisbon-0.jpg"
            project.items.remove(at: 1)
        }
        let edited = try Data(contentsOf: URL(fileURLWithPath: lib.project(Self.lisbonName)))
        #expect(try lib.auto(["--plan"]).stderr.contains("new item") == false, "nothing is new yet")

        try lib.add(Shot(name: "sintra-1.jpg", local: "2024:05:04 15:00:00", offset: "+01:00", point: Self.sintra))
        let reported = try lib.auto(["--plan"])
        #expect(reported.status == 0, "\(reported.stderr)")
        #expect(reported.stderr.contains("  1 new item not in \(Self.lisbonName).json (--update-projects adds them)"), "\(reported.stderr)")
        #expect(Self.lines(reported.stdout).allSatisfy { $0.hasPrefix("lenta render ") }, "only commands on stdout: \(reported.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lib.project(Self.lisbonName))) == edited)

        let updated = try lib.auto(["--plan", "--update-projects"])
        #expect(updated.stderr.contains("  1 new item added to \(Self.lisbonName).json"), "\(updated.stderr)")
        let project = try ProjectFile.decode(try Data(contentsOf: URL(fileURLWithPath: lib.project(Self.lisbonName))))
        #expect(project.items.map(\.path) == [lib.photos + "/lisbon-0.jpg", "../photos/sintra-0.jpg", "../photos/sintra-1.jpg"])

        let again = try lib.auto(["--plan", "--update-projects"])
        #expect(!again.stderr.contains("new item"), "\(again.stderr)")
    }

    // MARK: - Names

    @Test("story names: readable, country left out, safe on any file system")
    func storyNames() {
        #expect(StoryName.make(day: "2024-05-03", title: "Lisbon & Sintra, Portugal") == "2024-05-03 Lisbon & Sintra")
        #expect(StoryName.make(day: "2024-12-24", title: "Berlin, 24 December 2024") == "2024-12-24 Berlin")
        #expect(StoryName.make(day: nil, title: "Somewhere") == "Somewhere")
        #expect(StoryName.make(day: "2024-07-01", title: "New York City & Chicago, United States") == "2024-07-01 New York City & Chicago")
        #expect(StoryName.safe("AC/DC: Live? <2024> | \"best\" *") == "AC-DC- Live- -2024- - -best- -")
        #expect(StoryName.safe("a\\b") == "a-b")
        #expect(StoryName.safe("tab\there\nnewline") == "tab-here-newline")
        #expect(StoryName.safe("...hidden") == "hidden", "a leading dot hides the file (and looks like our temporary files)")
        #expect(StoryName.safe("-rf") == "rf", "a leading dash reads as an option")
        #expect(StoryName.safe("trailing. . ") == "trailing")
        #expect(StoryName.safe("  many   spaces  ") == "many spaces")
        #expect(StoryName.safe("") == "story")
        #expect(StoryName.safe("///") == "story")
        #expect(StoryName.safe("CON") == "_CON" && StoryName.safe("nul.txt") == "_nul.txt" && StoryName.safe("Conakry") == "Conakry")
        #expect(StoryName.safe("Cafe\u{301} Me\u{301}lie\u{300}s") == "Caf\u{E9} M\u{E9}li\u{E8}s", "composed (NFC)")
        #expect(StoryName.safe("São Paulo & Zürich 東京") == "São Paulo & Zürich 東京")
        let long = StoryName.safe(String(repeating: "é", count: 100))
        #expect(long.utf8.count <= 120 && long == String(repeating: "é", count: 60))
        let cut = StoryName.safe(String(repeating: "a", count: 119) + " b")
        #expect(cut == String(repeating: "a", count: 119), "no trailing space after cutting to length")
        for weird in ["a/b", "x\u{0}y", "..", ".", " ", "a:b", "\u{7F}", "e\u{85}f"] {
            let name = StoryName.safe(weird)
            #expect(!name.isEmpty && !name.contains("/") && !name.hasPrefix(".") && !name.contains("\u{0}"), "\(weird) → \(name)")
        }
    }

    @Test("story names: unique, case-insensitively")
    func uniqueNames() {
        #expect(StoryName.unique("2024-05-03 Lisbon", taken: []) == "2024-05-03 Lisbon")
        #expect(StoryName.unique("2024-05-03 Lisbon", taken: ["2024-05-03 Lisbon"]) == "2024-05-03 Lisbon (2)")
        #expect(StoryName.unique("a", taken: ["a", "a (2)", "a (3)"]) == "a (4)")
        #expect(StoryName.unique("Munich", taken: ["munich"]) == "Munich (2)", "one file on macOS and Windows")
        #expect(StoryName.unique("a", taken: ["a (2)"]) == "a")
    }

    @Test("two lentas that would share a name get distinct, stable names")
    func clashingNames() throws {
        let lib = try Library([Self.lisbonTrip, Self.munichTrip])
        // A lenta by dates holding the same trip: same first day, same title.
        let scan = try LentaCLI.run(["scan", lib.photos, "--catalog", lib.catalog])
        #expect(scan.status == 0, "\(scan.stderr)")
        let dated = try LentaCLI.run(["new", "--from", "2024-05-03", "--to", "2024-05-04", "--catalog", lib.catalog])
        #expect(dated.status == 0, "\(dated.stderr)")
        let plan = try lib.auto(["--plan"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(lib.storyFiles() == ["\(Self.lisbonName) (2).json", "\(Self.lisbonName).json", "\(Self.munichName).json"],
                "\(lib.storyFiles())")
        let commands = Self.lines(plan.stdout)
        #expect(commands.count == 3, "\(plan.stdout)")
        #expect(commands.contains { $0.contains("'\(lib.stories)/\(Self.lisbonName) (2).mp4'") }, "\(plan.stdout)")
        #expect(!commands.contains { $0.contains("--threads") }, "no budget asked, none passed on: \(plan.stdout)")
        // auto's thread budget goes with each planned render.
        let budgeted = Self.lines(try lib.auto(["--plan", "--threads", "2"]).stdout)
        #expect(budgeted.count == 3 && budgeted.allSatisfy { $0.hasSuffix(" --threads 2") }, "\(budgeted)")
        // The names are kept in the catalog: a second plan names the same files.
        let again = try lib.auto(["--plan", "--json"])
        let report = try JSONDecoder().decode(AutoJob.Report.self, from: Data(again.stdout.utf8))
        #expect(Set(report.stories.map { URL(fileURLWithPath: $0.project).lastPathComponent }) == Set(lib.storyFiles()))
        let catalog = try Catalog(path: lib.catalog)
        #expect(Set(try catalog.stories().values.map(\.name)) == [Self.lisbonName, Self.lisbonName + " (2)", Self.munichName])
    }

    // MARK: - Crash safety

    @Test("a render killed midway leaves the old MP4 intact; the next run removes the temporary file and completes it",
          .enabled(if: ffprobe != nil))
    func killedRender() throws {
        let lib = try Library([Self.lisbonTrip, Self.munichTrip])
        let first = try lib.auto()
        #expect(first.status == 0, "\(first.stderr)")
        let oldVideo = try Data(contentsOf: URL(fileURLWithPath: lib.video(Self.munichName)))
        // The user lengthens Munich's photos: it renders again (11 s, 330 frames).
        try lib.editProject(Self.munichName) { $0.defaults?.photoDuration = 4 }

        let run = try Running(lib.autoArguments([]), logs: lib.temp, tag: "killed")
        try run.start()
        var partial: String? = nil
        let deadline = Date(timeIntervalSinceNow: 120)
        while partial == nil, run.process.isRunning, Date() < deadline {
            partial = lib.storyFiles().first { $0.hasPrefix(".\(Self.munichName).mp4.partial-") }
            if partial == nil { usleep(2_000) }
        }
        kill(run.process.processIdentifier, SIGKILL)
        let killed = run.wait()
        #expect(killed.status == SIGKILL && run.process.terminationReason == .uncaughtSignal)
        let temporary = try #require(partial, "a temporary file appeared while rendering: \(lib.storyFiles())")
        #expect(lib.storyFiles().contains(temporary), "SIGKILL: nobody could remove it")

        // The old MP4 is untouched and still decodes.
        #expect(try Data(contentsOf: URL(fileURLWithPath: lib.video(Self.munichName))) == oldVideo)
        #expect(try Self.probe(lib.video(Self.munichName)).frames == 300)

        let next = try lib.auto()
        #expect(next.status == 0, "\(next.stderr)")
        #expect(Self.lines(next.stdout) == [
            "unchanged  \(Self.lisbonName).mp4",
            "rendered   \(Self.munichName).mp4 (the project file changed)",
            "lenta auto: 1 rendered, 1 unchanged, 0 waiting, 0 failed · scan: 0 new, 0 changed, 0 removed, 0 unreadable"
                + " · removed 1 unfinished render(s)",
        ], "\(next.stdout)")
        #expect(lib.storyFiles() == ["\(Self.lisbonName).json", "\(Self.lisbonName).mp4", "\(Self.munichName).json", "\(Self.munichName).mp4"])
        #expect(try Self.probe(lib.video(Self.munichName)).frames == 390)
    }

    // MARK: - Two runs at once

    @Test("two runs at once: the second exits 1 with a clear message, or waits with --wait", .enabled(if: ffprobe != nil))
    func twoRunsAtOnce() throws {
        let lib = try Library([Self.lisbonTrip, Self.munichTrip])
        let a = try Running(lib.autoArguments([]), logs: lib.temp, tag: "a")
        let b = try Running(lib.autoArguments([]), logs: lib.temp, tag: "b")
        try a.start()
        try b.start()
        let results = [a.wait(), b.wait()]
        let done = results.filter { $0.status == 0 }, refused = results.filter { $0.status == 1 }
        #expect(done.count == 1 && refused.count == 1, "\(results.map { "\($0.status): \($0.stdout) \($0.stderr)" })")
        #expect(done.first?.stdout.contains("lenta auto: 2 rendered") == true)
        let message = refused.first?.stderr ?? ""
        #expect(message.contains("another lenta auto is running on this catalog (pid "), "\(message)")
        #expect(message.contains(lib.catalog + ".lock") && message.contains("--wait"), "\(message)")
        #expect(refused.first?.stdout.isEmpty == true)
        #expect(lib.storyFiles() == ["\(Self.lisbonName).json", "\(Self.lisbonName).mp4", "\(Self.munichName).json", "\(Self.munichName).mp4"])

        // With --wait, the second waits for the first and then finds nothing to do.
        let catalog = lib.temp.path("second.sqlite"), stories = lib.temp.path("second")
        let c = try Running(lib.autoArguments(["--wait"], stories: stories, catalog: catalog), logs: lib.temp, tag: "c")
        let d = try Running(lib.autoArguments(["--wait"], stories: stories, catalog: catalog), logs: lib.temp, tag: "d")
        try c.start()
        try d.start()
        let waited = [c.wait(), d.wait()]
        #expect(waited.allSatisfy { $0.status == 0 }, "\(waited.map { "\($0.status): \($0.stdout) \($0.stderr)" })")
        let summaries = waited.compactMap { Self.lines($0.stdout).last }.sorted()
        #expect(summaries.count == 2 && summaries[0].hasPrefix("lenta auto: 0 rendered, 2 unchanged")
                && summaries[1].hasPrefix("lenta auto: 2 rendered, 0 unchanged"), "\(summaries)")
    }

    @Test("a run finds the catalog locked: exits 1 at once naming the holder, or with --wait waits for it to be released")
    func lockedCatalog() throws {
        let lib = try Library([Self.lisbonTrip])
        var held: AutoLock? = try AutoLock(path: lib.catalog + ".lock", wait: false)
        let refused = try lib.auto(["--plan"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("another lenta auto is running on this catalog (pid \(getpid()))"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        // A dry run writes nothing (it reads a copy of the catalog), so it takes no lock.
        #expect(try lib.auto(["--dry-run"]).status == 0)

        let waiting = try Running(lib.autoArguments(["--plan", "--wait"]), logs: lib.temp, tag: "waiting")
        try waiting.start()
        usleep(1_500_000)
        #expect(waiting.process.isRunning, "it waits while the lock is held")
        #expect(held.map { FileManager.default.fileExists(atPath: $0.path) } == true)
        held = nil  // releases the lock: the waiting run goes on
        let result = waiting.wait()
        #expect(result.status == 0, "\(result.stderr)")
        // The waiting run took the lock once it was free, and gave it back when it was done.
        let after = try AutoLock(path: lib.catalog + ".lock", wait: false)
        #expect(after.path == lib.catalog + ".lock")
        #expect(result.stdout.contains("lenta render '\(lib.stories)/\(Self.lisbonName).json'"), "\(result.stdout)")
    }

    @Test("the lock: one holder per catalog, released when dropped; a missing folder is made")
    func lock() throws {
        let temp = try TemporaryFolder()
        let path = temp.path("not/yet/catalog.sqlite.lock")
        var first: AutoLock? = try AutoLock(path: path, wait: false)
        #expect(first.map { FileManager.default.fileExists(atPath: $0.path) } == true,
                "the lock file, and the folders missing on its way, are made")
        #expect {
            try AutoLock(path: path, wait: false)
        } throws: { error in
            guard let failure = error as? AutoLock.Failure, case .busy = failure.reason else { return false }
            return failure.description.contains("pid \(getpid())")
        }
        first = nil
        let second = try AutoLock(path: path, wait: false)
        #expect(second.path == path)
        #expect {
            try AutoLock(path: "/dev/null/catalog.sqlite.lock", wait: false)
        } throws: { error in
            guard let failure = error as? AutoLock.Failure, case .unavailable = failure.reason else { return false }
            return true
        }
    }

    // MARK: - --plan and GNU parallel

    @Test("--plan: one self-contained render command per due story; GNU parallel renders the same frames as auto",
          .enabled(if: parallel != nil && ffmpeg != nil && ffprobe != nil))
    func planThroughParallel() throws {
        let lib = try Library([Self.lisbonTrip, Self.munichTrip])
        let rendered = try lib.auto()
        #expect(rendered.status == 0, "\(rendered.stderr)")

        // A second catalog and stories folder, planned: project files are written, no MP4.
        let catalog = lib.temp.path("planned.sqlite"), stories = lib.temp.path("planned")
        let plan = try lib.auto(["--plan"], stories: stories, catalog: catalog)
        #expect(plan.status == 0, "\(plan.stderr)")
        let commands = Self.lines(plan.stdout)
        #expect(commands == [Self.lisbonName, Self.munichName].map {
            "lenta render '\(stories)/\($0).json' -o '\(stories)/\($0).mp4' --quiet --preset 'preview' --catalog '\(catalog)'"
        }, "\(plan.stdout)")
        #expect(plan.stderr.contains("lenta auto: 2 planned, 0 rendered"), "the summary goes to stderr: \(plan.stderr)")
        #expect(lib.storyFiles(stories) == ["\(Self.lisbonName).json", "\(Self.munichName).json"])
        for name in [Self.lisbonName, Self.munichName] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: stories + "/" + name + ".json"))
                    == Data(contentsOf: URL(fileURLWithPath: lib.project(name))))
        }

        // GNU parallel runs the commands, with the built lenta first on PATH.
        let file = lib.temp.path("plan.txt")
        try plan.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = LentaCLI.binary.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["HOME"] = lib.temp.url.path  // parallel keeps its notes in ~/.parallel
        env.removeValue(forKey: "LENTA_CATALOG")
        env.removeValue(forKey: "LENTA_PRESETS")
        let ran = try Self.tool(try #require(Self.parallel), ["--will-cite", "-j", "2", "--halt", "now,fail=1", "-a", file], environment: env)
        #expect(ran.status == 0, "\(ran.stderr)")
        for name in [Self.lisbonName, Self.munichName] {
            let byAuto = try Self.frameHashes(lib.video(name))
            let byParallel = try Self.frameHashes(stories + "/" + name + ".mp4")
            #expect(byAuto.count == 300 && byParallel == byAuto, "\(name): the same decoded frames")
        }

        // The next run knows the plan was carried out: nothing to render, nothing more to plan.
        let after = try lib.auto([], stories: stories, catalog: catalog)
        #expect(after.stdout.contains("lenta auto: 0 rendered, 2 unchanged"), "\(after.stdout)")
        let replan = try lib.auto(["--plan"], stories: stories, catalog: catalog)
        #expect(replan.status == 0 && replan.stdout.isEmpty, "\(replan.stdout)")

        // A plan that was not carried out is planned again.
        var project = try ProjectFile.decode(try Data(contentsOf: URL(fileURLWithPath: stories + "/\(Self.munichName).json")))
        project.defaults?.photoDuration = 2
        try project.write(to: URL(fileURLWithPath: stories + "/\(Self.munichName).json"))
        let planned = try lib.auto(["--plan"], stories: stories, catalog: catalog)
        #expect(Self.lines(planned.stdout).count == 1 && planned.stdout.contains(Self.munichName), "\(planned.stdout)")
        let plannedAgain = try lib.auto(["--plan", "--json"], stories: stories, catalog: catalog)
        let report = try JSONDecoder().decode(AutoJob.Report.self, from: Data(plannedAgain.stdout.utf8))
        #expect(report.stories.map(\.state) == [.unchanged, .planned])
        #expect(report.stories.last?.reason == "the project file changed")
    }

    // MARK: - Exit codes

    @Test("a project file the user broke fails that story with the file and why; the others render; exit 1")
    func brokenProject() throws {
        let lib = try Library([Self.lisbonTrip, Self.munichTrip])
        // --plan writes the project files without rendering.
        #expect(try lib.auto(["--plan"]).status == 0)
        try Data("{ \"lenta\": 1, \"items\": [".utf8).write(to: URL(fileURLWithPath: lib.project(Self.lisbonName)))
        let run = try lib.auto()
        #expect(run.status == 1)
        #expect(Self.lines(run.stdout) == [
            "rendered   \(Self.munichName).mp4 (new)",
            "lenta auto: 1 rendered, 0 unchanged, 0 waiting, 1 failed · scan: 0 new, 0 changed, 0 removed, 0 unreadable",
        ], "\(run.stdout)")
        let failed = Self.lines(run.stderr)
        #expect(failed.count == 1, "\(run.stderr)")
        #expect(failed.first?.hasPrefix("failed     \(Self.lisbonName).mp4: \(lib.project(Self.lisbonName)): not valid JSON") == true,
                "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: lib.video(Self.lisbonName)))

        // Valid JSON that breaks a rule: the JSON path says where.
        try lib.editProject(Self.munichName) { $0.items[0].duration = -1 }
        try Data(contentsOf: URL(fileURLWithPath: lib.project(Self.munichName)))
            .write(to: URL(fileURLWithPath: lib.project(Self.lisbonName)))
        let again = try lib.auto(["--json"])
        #expect(again.status == 1)
        let report = try JSONDecoder().decode(AutoJob.Report.self, from: Data(again.stdout.utf8))
        #expect(report.stories.map(\.state) == [.failed, .failed])
        #expect(report.stories.allSatisfy { $0.reason?.contains("items[0].duration") == true }, "\(report.stories.map(\.reason))")
        #expect(report.failed)
        // In the library the failure is the loader's error itself, for the one printer, not only its words.
        var options = AutoJob.Options(mediaFolders: [lib.photos], storiesFolder: lib.stories)
        options.preset = "preview"
        options.settle = 3600
        options.dryRun = true
        let direct = try AutoJob(catalog: try Catalog(path: lib.catalog)).run(options)
        #expect(direct.stories.map(\.state) == [.failed, .failed])
        for story in direct.stories {
            guard case .invalid(let error)? = story.failure?.error as? ProjectLoadError else {
                Issue.record("a failed story keeps the loader's error typed: \(String(describing: story.failure))")
                continue
            }
            #expect(error.errors.contains { $0.path.description == "items[0].duration" }, "\(error)")
        }
    }

    // MARK: - Pieces

    @Test("render keys: editing a look preset's recipe (or a .cube) changes the story's key")
    func lookFilesAreInTheKey() throws {
        let temp = try TemporaryFolder()
        let looks = temp.url.appendingPathComponent("presets/looks")
        try FileManager.default.createDirectory(at: looks, withIntermediateDirectories: true)
        let recipe = looks.appendingPathComponent("sunny.json")
        try Data(#"{"description": "Sunny", "temperature": 0.2}"#.utf8).write(to: recipe)
        let cube = temp.url.appendingPathComponent("grade.cube")
        try Data("LUT_3D_SIZE 2\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n1 1 1\n".utf8).write(to: cube)
        let library = PresetLibrary(directory: temp.url.appendingPathComponent("presets"))
        // The project's output preset, so the story validates with this library.
        try FileManager.default.copyItem(at: PresetLibrary.sourceTreePresets.appendingPathComponent("output"),
                                         to: temp.url.appendingPathComponent("presets/output"))
        for name in ["a.jpg", "b.jpg"] { try SyntheticMedia.jpeg(width: 32, height: 24, exif: nil, to: temp.path(name)) }
        let project = ProjectFile(items: [ProjectItem(path: "a.jpg", look: "sunny"), ProjectItem(path: "b.jpg", look: "grade.cube")])
        let projectURL = temp.url.appendingPathComponent("story.json")
        let preset = try PresetLibrary.standard.outputPreset(named: ProjectOutput.defaultPreset)
        let story = try ProjectLoader.validator(presets: library).forFile(projectURL).resolvedStory(project)
        let key = { try RenderKeys.key(projectBytes: Data(), story: story, preset: preset) }
        let before = try key()
        try Data(#"{"description": "Sunny", "temperature": 0.45}"#.utf8).write(to: recipe)
        let afterRecipe = try key()
        #expect(afterRecipe.media != before.media)
        try Data("LUT_3D_SIZE 2\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n0.9 0.9 0.9\n".utf8).write(to: cube)
        #expect(try key().media != afterRecipe.media)
    }

    @Test("render keys: why a story renders again, in the order a user would look")
    func renderReasons() {
        let key = RenderKey(project: "p", media: "m", preset: "s", toolVersion: "1")
        #expect(RenderKeys.reason(old: nil, new: key, outputExists: true) == "new")
        #expect(RenderKeys.reason(old: key, new: key, outputExists: true) == nil)
        #expect(RenderKeys.reason(old: key, new: key, outputExists: false) == "the MP4 is missing")
        var other = key
        other.media = "m2"
        #expect(RenderKeys.reason(old: key, new: other, outputExists: true) == "a photo, video, music, look or track file changed")
        other.project = "p2"
        #expect(RenderKeys.reason(old: key, new: other, outputExists: true) == "the project file changed")
        #expect(RenderKeys.reason(old: key, new: RenderKey(project: "p", media: "m", preset: "s2", toolVersion: "1"),
                                  outputExists: true) == "the output preset changed")
        #expect(RenderKeys.reason(old: key, new: RenderKey(project: "p", media: "m", preset: "s", toolVersion: "2"),
                                  outputExists: true) == "lenta changed (1 → 2)")
    }

    @Test("appending items: the old last item's cut becomes a fitted transition")
    func appendFitsTransition() {
        var project = ProjectFile(title: "t", defaults: ProjectDefaults(photoDuration: 3, transition: ProjectTransition(type: .crossfade, duration: 0.5)),
                                  items: [ProjectItem(path: "a.jpg"), ProjectItem(path: "b.jpg", transition: .cut)])
        AutoJob.append([ProjectItem(path: "c.jpg", transition: .cut)], to: &project)
        #expect(project.items.map(\.path) == ["a.jpg", "b.jpg", "c.jpg"])
        #expect(project.items[1].transition == nil && project.items[2].transition == .cut)

        var short = project
        AutoJob.append([ProjectItem(path: "clip.mp4", trim: TrimRange(0, 0.6), transition: .cut)], to: &short)
        #expect(short.items[2].transition == ProjectTransition(type: .crossfade, duration: 0.3), "half of the 0.6 s clip")
        var tiny = project
        AutoJob.append([ProjectItem(path: "clip.mp4", trim: TrimRange(0, 0.1), transition: .cut)], to: &tiny)
        #expect(tiny.items[2].transition == .cut)
    }
}
