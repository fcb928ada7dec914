import Foundation
@testable import LentaAuto
import LentaCore
import LentaLibrary
import LentaMedia
import LentaStories
import LentaTestSupport
import Testing

/// Memory lentas made by rules (`lenta new --on-this-day`, `--year`, `--random`) and the
/// nightly job's memories, on three years of trips (`SyntheticYears`), as a user runs them.
@Suite struct MemoryTests {
    /// The three years written and scanned into a catalog of their own.
    struct Library {
        let temp: TemporaryFolder
        let years = SyntheticYears()
        var photos: String { temp.path("photos") }
        var catalog: String { temp.path("catalog.sqlite") }
        var stories: String { temp.path("stories") }

        init() throws {
            temp = try TemporaryFolder()
            try years.write(to: photos)
            let scan = try LentaCLI.run(["scan", photos, "--catalog", catalog])
            #expect(scan.status == 0, "\(scan.stderr)")
        }

        /// `lenta ARGS --catalog CATALOG` with "today" set by the environment, as the nightly job may.
        @discardableResult
        func run(_ args: [String], today: String = "2026-05-04") throws -> LentaCLI.Result {
            try LentaCLI.run(args + ["--catalog", catalog], environment: ["LENTA_TODAY": today])
        }

        func json<T: Decodable>(_ type: T.Type, _ args: [String], today: String = "2026-05-04") throws -> T {
            let result = try run(args + ["--json"], today: today)
            #expect(result.status == 0, "\(args): \(result.stderr)")
            return try JSONDecoder().decode(T.self, from: Data(result.stdout.utf8))
        }

        /// The file names of a lenta's items, in order.
        func names(_ detail: LentaDetail) -> [String] { detail.items.map { URL(fileURLWithPath: $0.path).lastPathComponent } }

        /// The shots' file names in time order.
        func names(_ shots: [SyntheticYears.Shot]) -> [String] {
            shots.sorted { ($0.day, $0.hour) < ($1.day, $1.hour) }.map(\.name)
        }

        func project(_ id: Int64, _ extra: [String] = []) throws -> ProjectFile {
            let path = temp.path("lenta-\(id).json")
            let result = try run(["project", String(id), "-o", path, "--force"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            return try ProjectFile.decode(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
    }

    static let ffprobe = RenderFixture.which("ffprobe")

    // MARK: - On this day

    @Test("new --on-this-day 05-04: each earlier year's 3–5 May items, oldest first, a chapter and a caption per year")
    func onThisDay() throws {
        let lib = try Library()
        let detail = try lib.json(LentaDetail.self, ["new", "--on-this-day", "05-04"])
        let expected = lib.names(lib.years.shots.filter { $0.day.month == 5 && (3...5).contains($0.day.day) })
        #expect(lib.names(detail) == expected)
        #expect(!lib.names(detail).contains { $0.contains("2023-05-02") }, "outside the window")
        #expect(detail.lenta.kind == .memory)
        #expect(detail.lenta.memory == .onThisDay(MonthDay("05-04")!, days: 1))
        #expect(detail.lenta.title == "On this day, 4 May")

        // Running the rule again updates the same lenta: one memory in the list.
        let again = try lib.json(LentaDetail.self, ["new", "--on-this-day", "05-04"])
        #expect(again.lenta.id == detail.lenta.id)
        #expect(try lib.json([LentaSummary].self, ["list"]).filter { $0.kind == .memory }.map(\.id) == [detail.lenta.id])
        let shown = try lib.run(["show", String(detail.lenta.id)])
        #expect(shown.stdout.contains("made by the rule on this day, 4 May (±1 day)"), "\(shown.stdout)")

        // The story: years in order, each titled (a chapter and a caption on its first item).
        let project = try lib.project(detail.lenta.id)
        let chapters = project.items.compactMap(\.chapter)
        #expect(chapters == ["2022", "2023", "2024"])
        for item in project.items where item.chapter != nil { #expect(item.text?.content == item.chapter) }
        let years = project.items.map { String($0.path.split(separator: "-")[1]) }
        #expect(years == years.sorted(), "oldest first: \(years)")
        #expect(project.subtitle == "4 May · 2022–2024 · Portugal")
        #expect(try LentaCLI.run(["validate", lib.temp.path("lenta-\(detail.lenta.id).json")]).status == 0)
    }

    @Test("today is injectable: --today beats LENTA_TODAY; this year's window counts only once it is over")
    func todayInjected() throws {
        let lib = try Library()
        // On 4 May 2024 the 2024 window (3–5 May) is not over yet: 2022 and 2023 only.
        let early = try lib.json(LentaDetail.self, ["new", "--on-this-day", "--today", "2024-05-04"], today: "2030-01-01")
        #expect(lib.names(early) == lib.names(lib.years.shots.filter { $0.day.month == 5 && (3...5).contains($0.day.day) && $0.day.year < 2024 }))
        #expect(early.lenta.memory?.key == "on-this-day 05-04", "no date after the flag: today's")
        let bad = try lib.run(["new", "--on-this-day"], today: "tomorrow")
        #expect(bad.status == 2 && bad.stderr.contains("LENTA_TODAY"), "\(bad.stderr)")
    }

    // MARK: - A year

    @Test("new --year 2024: every trip of 2024 in proportion to its size, a chapter per trip in the MP4",
          .enabled(if: ffprobe != nil))
    func year() throws {
        let lib = try Library()
        let detail = try lib.json(LentaDetail.self, ["new", "--year", "2024"])
        let trips = lib.years.trips.filter { $0.key.hasSuffix("2024") }
        #expect(lib.names(detail) == lib.names(trips.values.flatMap { $0 }))
        #expect(detail.lenta.title == "The year 2024")

        let project = try lib.project(detail.lenta.id, ["--length", "40", "--preset", "preview"])
        let lentas = try lib.json([LentaSummary].self, ["list"]).filter { $0.kind == .auto }
        // Chapters are the trips' titles, in time order.
        let titles = ["prague-2024", "sintra-2024", "munich-2024", "tokyo-2024"].map { trip in
            lentas.first { $0.start.map(LocalDate.init) == trips[trip]?.map(\.day).min() }?.title ?? trip
        }
        #expect(project.items.compactMap(\.chapter) == titles)
        // Each trip's share of the items shown is its share of the year's photos, within one.
        var shown: [String: Int] = [:]
        for item in project.items { shown[String(item.path.split(separator: "/").last!.split(separator: "-").prefix(2).joined(separator: "-")), default: 0] += 1 }
        let total = Double(project.items.count), size = Double(trips.values.map(\.count).reduce(0, +))
        for (trip, shots) in trips {
            let wanted = Double(shots.count) / size * total
            #expect(abs(Double(shown[trip] ?? 0) - wanted) <= 1, "\(trip): \(shown[trip] ?? 0) of \(Int(total)), wanted \(wanted)")
            #expect((shown[trip] ?? 0) >= 1)
        }

        // The MP4: a chapter per trip, read back as a player reads it.
        let path = lib.temp.path("lenta-\(detail.lenta.id).json"), video = lib.temp.path("year.mp4")
        let render = try LentaCLI.run(["render", path, "-o", video, "--quiet"])
        #expect(render.status == 0, "\(render.stderr)")
        let probe = try LentaCLI.runTool(URL(fileURLWithPath: try #require(Self.ffprobe)),
                                         ["-v", "error", "-of", "json", "-show_chapters", video])
        let json = try JSONSerialization.jsonObject(with: Data(probe.stdout.utf8)) as? [String: Any]
        let chapters = (json?["chapters"] as? [[String: Any]]) ?? []
        #expect(chapters.compactMap { ($0["tags"] as? [String: String])?["title"] } == titles)
        // And as the stories page reads it.
        #expect(try PublishedStory(path: video).chapters.map(\.title) == titles)
    }

    // MARK: - Random

    @Test("new --random: the same date picks the same past lenta; the seed is the date")
    func random() throws {
        let lib = try Library()
        let first = try lib.json(LentaDetail.self, ["new", "--random"])
        let second = try lib.json(LentaDetail.self, ["new", "--random"])
        #expect(first.lenta.id == second.lenta.id)
        #expect(lib.names(first) == lib.names(second))
        // It is one of the trips, whole.
        let trips = try lib.json([LentaSummary].self, ["list"]).filter { $0.kind == .auto }
        let source = try #require(trips.first { $0.title == first.lenta.title })
        #expect(lib.names(try lib.json(LentaDetail.self, ["show", String(source.id)])) == lib.names(first))
        // Other dates pick among the trips too, not always the same one.
        var titles = Set<String>()
        for day in 1...8 { titles.insert(try lib.json(LentaDetail.self, ["new", "--random", "--today", "2026-06-0\(day)"]).lenta.title) }
        #expect(titles.count > 1, "\(titles)")
    }

    @Test("the random choice: a candidate added later changes a day's choice only when it wins")
    func randomChoiceIsStable() {
        let ids: [Int64] = Array(1...20)
        for day in 1...28 {
            let seed = LocalDate(year: 2026, month: 2, day: day)
            let before = MemoryStory.randomChoice(seed: seed, among: ids)
            let after = MemoryStory.randomChoice(seed: seed, among: ids + [21])
            #expect(after == before || after == 21)
            #expect(MemoryStory.randomChoice(seed: seed, among: ids.reversed()) == before, "order does not matter")
        }
    }

    // MARK: - Like any lenta

    @Test("a memory is edited and deleted like any lenta; bad rules are usage errors")
    func likeAnyLenta() throws {
        let lib = try Library()
        let memory = try lib.json(LentaDetail.self, ["new", "--year", "2022"])
        let edited = try lib.json(LentaDetail.self, ["edit", String(memory.lenta.id), "--from", "2022-05-03", "--to", "2022-05-05"])
        #expect(edited.lenta.kind == .dates && edited.lenta.memory == nil, "re-dated by hand: no longer the rule's")
        let again = try lib.json(LentaDetail.self, ["new", "--year", "2022"])
        #expect(again.lenta.id != memory.lenta.id, "the rule makes a new one")
        #expect(try lib.run(["delete", String(again.lenta.id), "--yes"]).status == 0)
        #expect(!(try lib.json([LentaSummary].self, ["list"]).contains { $0.id == again.lenta.id }))
        let remade = try lib.json(LentaDetail.self, ["new", "--year", "2022"])
        #expect(remade.lenta.id == again.lenta.id, "asked for by name, the deleted memory is back")

        for args in [["--on-this-day", "13-40"], ["--year", "2024", "--random"], ["--on-this-day", "--from", "2024-01-01", "--to", "2024-01-02"],
                     ["05-04"], ["--on-this-day", "--days", "40"]] {
            let result = try lib.run(["new"] + args)
            #expect(result.status == 2, "\(args): \(result.stderr)")
        }
        let nothing = try lib.run(["new", "--on-this-day", "03-01"])
        #expect(nothing.status == 1 && nothing.stderr.contains("nothing in the catalog was taken within 1 day of 1 March"), "\(nothing.stderr)")
    }

    // MARK: - The nightly job

    @Test("auto --memories on-this-day,year: renders them once, nothing on a second run, then only what a new photo changed; the page lists them",
          .enabled(if: ffprobe != nil))
    func nightly() throws {
        let lib = try Library()
        func auto(_ extra: [String] = [], today: String = "2025-01-15") throws -> AutoJob.Report {
            let result = try lib.run(["auto", lib.photos, "--out", lib.stories, "--preset", "preview", "--settle", "1h", "--length", "8",
                                      "--memories", "on-this-day,year", "--json"] + extra, today: today)
            #expect(result.status == 0, "\(result.stderr)")
            return try JSONDecoder().decode(AutoJob.Report.self, from: Data(result.stdout.utf8))
        }
        func rendered(_ report: AutoJob.Report) -> Set<String> {
            Set(report.stories.filter { $0.state == .rendered }.map { URL(fileURLWithPath: $0.video).deletingPathExtension().lastPathComponent })
        }

        // Night 1, 15 January 2025: today's on-this-day (2023's and 2024's 14–16 January) and
        // last year's review, under stable names, beside the eight trips.
        let first = try auto()
        #expect(first.memories.map(\.rule) == ["on-this-day 01-15", "year 2024"])
        #expect(first.memories.allSatisfy { $0.lenta != nil }, "\(first.memories)")
        #expect(rendered(first).isSuperset(of: ["On this day 01-15", "Year 2024"]), "\(rendered(first))")
        #expect(first.stories.count == 10 && first.count(.rendered) == 10, "\(first.stories.map { ($0.title, $0.state, $0.reason) })")
        let year = try PublishedStory(path: lib.stories + "/Year 2024.mp4")
        #expect(year.chapters.count == 4, "a chapter per trip: \(year.chapters)")
        #expect(try PublishedStory(path: lib.stories + "/On this day 01-15.mp4").chapters.map(\.title) == ["2023", "2024"])

        // The page: every story, posters beside them, relative links.
        let page = try String(contentsOfFile: lib.stories + "/index.html", encoding: .utf8)
        #expect(page.components(separatedBy: "<video ").count - 1 == 10)
        #expect(page.contains("src=\"Year%202024.mp4\"") && page.contains("poster=\"Year%202024.poster.png\""))
        #expect(FileManager.default.fileExists(atPath: lib.stories + "/Year 2024.poster.png"))
        #expect(!page.contains("http://") && !page.contains("https://"), "nothing from the network")

        // Night 2: nothing changed, nothing rendered.
        let second = try auto()
        #expect(second.count(.rendered) == 0 && second.count(.unchanged) == 10, "\(second.stories.map { ($0.title, $0.state, $0.reason) })")

        // Photos of a weekend in Paris in December 2024 turn up: a new trip, and a new chapter of
        // the year's review (the rule's project file, written again); nothing else is rendered.
        let paris = GeoPoint(latitude: 48.8566, longitude: 2.3522)
        for (k, hour) in [10, 15, 34, 39].enumerated() {
            try lib.years.write(SyntheticYears.Shot(name: "paris-\(k).jpg", day: LocalDate(year: 2024, month: 12, day: 7 + hour / 24), hour: hour % 24,
                                                    offset: "+01:00", point: paris, trip: "paris-2024", seed: 9000 + k), to: lib.photos)
        }
        let third = try auto()
        #expect(rendered(third) == ["Year 2024", "2024-12-07 Paris"], "\(third.stories.map { ($0.title, $0.state, $0.reason) })")
        #expect(try PublishedStory(path: lib.stories + "/Year 2024.mp4").chapters.last?.title == "Paris, France")

        // A day with too little to show makes no memory; a deleted one is not made again.
        let march = try lib.run(["auto", lib.photos, "--out", lib.stories, "--dry-run", "--memories", "on-this-day", "--json"], today: "2025-03-01")
        let marchReport = try JSONDecoder().decode(AutoJob.Report.self, from: Data(march.stdout.utf8))
        #expect(marchReport.memories.first?.reason == "0 good items (a memory needs \(Lentas.memoryNeeds))", "\(marchReport.memories)")
        let onThisDay = try #require(first.memories.first?.lenta)
        #expect(try lib.run(["delete", String(onThisDay), "--yes"]).status == 0)
        let after = try auto()
        #expect(after.memories.first?.lenta == nil && after.memories.first?.reason?.hasPrefix("deleted") == true, "\(after.memories)")
    }

    /// A story the page cannot read is left out with its error as thrown (the MP4's `MediaError`,
    /// its FFmpeg status matchable), which `lenta page` tells once, without the path again.
    @Test func pageLeavesOutABrokenStoryWithItsError() throws {
        let temp = try TemporaryFolder()
        let broken = temp.path("broken.mp4")
        try Data("not a movie".utf8).write(to: URL(fileURLWithPath: broken))
        let result = try StoriesPage.make(folder: temp.url.path, output: temp.path("index.html"))
        #expect(result.entries.isEmpty && result.problems.map(\.file) == [broken])
        let error = try #require(result.problems.first?.error as? MediaError)
        #expect(error.path == broken && error.code?.library == .ffmpeg, "\(error)")
        let run = try LentaCLI.run(["page", temp.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("broken.mp4: warning: left out of the page: \(error.operation): \(error.reason)"), "\(run.stderr)")
        #expect(!run.stderr.contains("left out of the page: \(broken)"), "\(run.stderr)")
    }

    @Test("the page escapes every text and encodes every link")
    func pageText() {
        #expect(StoriesPage.escaped("<script>alert('&\"')</script>") == "&lt;script&gt;alert(&apos;&amp;&quot;&apos;)&lt;/script&gt;")
        #expect(StoriesPage.relative("/s/2024-05-03 Lisbon & Sintra #1.mp4", from: "/s") == "2024-05-03%20Lisbon%20%26%20Sintra%20%231.mp4")
        #expect(StoriesPage.relative("/s/a/b.mp4", from: "/s/c") == "../a/b.mp4")
        #expect(StoriesPage.relative("/s/Zürich.mp4", from: "/s") == "Z%C3%BCrich.mp4")
        #expect(StoriesPage.clock(62.9) == "1:02" && StoriesPage.clock(3723) == "1:02:03")
    }
}

