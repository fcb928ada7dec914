import Foundation
import LentaCatalog
import LentaCore
import LentaLibrary
import LentaMedia
import LentaRender

/// `lenta auto`: scan, group, write a project file for every lenta that has none, and render
/// every story whose inputs changed since its last render — nothing else.
public final class AutoJob {
    public struct Options: Sendable {
        public var mediaFolders: [String]
        public var storiesFolder: String
        /// An output preset for every story, instead of each project's own.
        public var preset: String?
        /// A lenta whose last item is more recent than this (seconds) may still be going on.
        public var settle: Double?
        /// Append a lenta's new items to its existing project file.
        public var updateProjects = false
        /// Say what would be rendered and why; write and render nothing.
        public var dryRun = false
        /// Print a render command per due story instead of rendering. Project files are
        /// inputs, so missing ones are written (and new items appended with `updateProjects`):
        /// every command printed can run as it is.
        public var plan = false
        /// The length of new stories in seconds (`--length`); nil takes the default rule.
        public var length: Double?
        /// Threads for each render, compositing and encoding together (`--threads`; 0: one per processor).
        public var threads = 0
        /// More output presets every story is rendered in, in the same pass (`--also`), each
        /// written beside the story's MP4 as `NAME.PRESET.mp4`.
        public var also: [String] = []
        public var now = Date().timeIntervalSince1970
        /// The memories made alongside the trips (`--memories`), as of `today`.
        public var memories: [MemoryKind] = []
        /// The day memories are made for (`--today`, `$LENTA_TODAY`).
        public var today = LocalDate(year: 1970, month: 1, day: 1)
        /// Write the stories page (`index.html`) in the stories folder after rendering.
        public var page = true
        /// At most this many files of the media folders are looked at for faces in a run
        /// (`--faces`; 0: none but those of the stories written), the rest in later runs.
        public var facesLimit = AutoJob.defaultFacesLimit
        public init(mediaFolders: [String], storiesFolder: String) {
            self.mediaFolders = mediaFolders
            self.storiesFolder = storiesFolder
        }
    }

    /// The memories `lenta auto --memories` makes: today's on-this-day, and last year's review
    /// in January.
    public enum MemoryKind: String, CaseIterable, Sendable, Codable {
        case onThisDay = "on-this-day"
        case year
    }

    /// Files looked at for faces in a run by default: about two minutes of one core at dlib's
    /// 0.13 s a photo (README: bench/people), so the first night of a large library stays short.
    public static let defaultFacesLimit = 1000

    /// What became of a memory the run was asked for.
    public struct MemoryOutcome: Codable, Sendable, Equatable {
        public var rule: String
        /// The memory's lenta, when it was made or updated (its story is among `stories`).
        public var lenta: Int64?
        /// Why none was made: too few good items, not its month, deleted.
        public var reason: String?
    }

    /// One line of the report per story.
    public struct StoryOutcome: Codable, Sendable, Equatable {
        public enum State: String, Codable, Sendable {
            case rendered, unchanged, waiting, failed, due, planned
        }
        public var lenta: Int64
        public var title: String
        public var state: State
        public var project: String
        public var video: String
        /// The MP4s of the story's other shapes (its project's `output.also`, then `--also`), in order.
        public var alsoVideos: [String] = []
        /// Why it was rendered, why it waits, or why it failed.
        public var reason: String?
        /// Items of the lenta missing from a user's project file (not added without --update-projects).
        public var newItems: Int = 0
        /// Items appended to the project file by --update-projects in this run.
        public var addedItems: Int = 0
        /// For --plan: the command that renders this story.
        public var command: String?
        /// Items of the project that show a document or personal data (added by hand): the
        /// item's path and what was found (`a passport's machine-readable zone; this story will show it`).
        public var sensitive: [Sensitive] = []
        public struct Sensitive: Codable, Sendable, Equatable {
            public var path: String
            public var warning: String
        }
        /// Photos of the story that may hold text and could not be read (a file cut short since
        /// the scan): a story may show what they say.
        public var unread: [Unread] = []
        public struct Unread: Codable, Sendable, Equatable {
            public var path: String
            /// Why, as text (for `--json`).
            public var reason: String
            /// The error as thrown, for the command line's one printer (not encoded).
            public var error: StoryFailure?
            private enum CodingKeys: String, CodingKey { case path, reason }
        }
        /// A failed story's error as thrown, for the command line's one printer (`reason` is its
        /// text, for `--json`; not encoded).
        public var failure: StoryFailure?

        private enum CodingKeys: String, CodingKey {
            case lenta, title, state, project, video, alsoVideos, reason, newItems, addedItems, command, sensitive, unread
        }
    }

    /// The error a story failed with, kept typed (two are equal when they read the same).
    public struct StoryFailure: Sendable, Equatable {
        public let error: any Error
        public static func == (a: StoryFailure, b: StoryFailure) -> Bool { "\(a.error)" == "\(b.error)" }
    }

    public struct Report: Codable, Sendable {
        public var scan: ScanReport
        public var stories: [StoryOutcome] = []
        public var removedTemporaryFiles: [String] = []
        public var memories: [MemoryOutcome] = []
        /// The stories page written in the stories folder, when one was.
        public var page: String?
        /// What learning the media folders' faces did (none in a dry run).
        public var faces: People.LibraryLearning?
        public func count(_ state: StoryOutcome.State) -> Int { stories.filter { $0.state == state }.count }
        public var failed: Bool { count(.failed) > 0 || scan.failed }
    }

    private let catalog: Catalog
    public init(catalog: Catalog) { self.catalog = catalog }

    /// Runs the job. `onStory` is called as each story is decided or finished (for cron's
    /// one line per story).
    public func run(_ options: Options, onStory: (StoryOutcome) -> Void = { _ in }) throws -> Report {
        let folder = URL(fileURLWithPath: options.storiesFolder).standardizedFileURL
        // A dry run writes nothing; a plan writes inputs (names, project files), never MP4s.
        let writesInputs = !options.dryRun
        if writesInputs {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        var report = Report(scan: try LibraryScanner(catalog: catalog).scan(.init(folders: options.mediaFolders, now: options.now)))
        // Unfinished renders of killed runs. Only a run that renders removes them: the renders a
        // plan hands out run outside our lock and may be writing theirs now.
        if !options.dryRun && !options.plan {
            report.removedTemporaryFiles = StaleTemporaryFiles.removeMP4s(in: folder)
        }
        // Who is in the pictures: the library's faces, a bounded number of files a run (the
        // stories written below learn their own items' in any case).
        if writesInputs && options.facesLimit > 0 {
            report.faces = try People(catalog: catalog).learnLibrary(under: report.scan.roots, limit: options.facesLimit)
        }
        let lentas = Lentas(catalog: catalog)
        report.memories = try makeMemories(options)
        let settle = try options.settle ?? lentas.groupingOptions().gap
        var stories = try catalog.stories()
        var taken = Set(stories.values.map(\.name))

        for summary in try lentas.list().reversed() {  // oldest first
            let detail = try lentas.show(id: summary.id)
            // The name is made once, from the title and first day, and kept from then on; a
            // lenta that may still be going on is named (and kept) when it settles.
            let storyName: String
            var isNamed = true
            if let kept = stories[summary.id]?.name {
                storyName = kept
            } else {
                let made = summary.memory.map { StoryName.make(memory: $0) }
                    ?? StoryName.make(day: summary.start.map { LocalDate($0).description }, title: summary.title)
                storyName = StoryName.unique(made, taken: taken)
                taken.insert(storyName)
                isNamed = false
            }
            let projectURL = folder.appendingPathComponent(storyName + ".json")
            let videoURL = folder.appendingPathComponent(storyName + ".mp4")
            var outcome = StoryOutcome(lenta: summary.id, title: summary.title, state: .unchanged,
                                       project: projectURL.path, video: videoURL.path)
            var alsoPaths = options.also.map { StoryShape.outputPath(preset: $0, besides: videoURL.path) }
            outcome.alsoVideos = alsoPaths
            defer { report.stories.append(outcome); onStory(outcome) }

            // A lenta whose last item is recent may still be going on.
            if let last = detail.items.compactMap({ $0.captureTime?.utc }).max(), options.now - last < settle {
                outcome.state = .waiting
                outcome.reason = "its last item is \(Self.age(options.now - last)) old; it may still be going on"
                continue
            }
            if !isNamed && writesInputs {
                try catalog.nameStory(lentaID: summary.id, name: storyName)
                stories[summary.id] = StoryRecord(lentaID: summary.id, name: storyName)
            }
            do {
                guard let loaded = try prepareProject(summary.id, at: projectURL, options: options, known: stories[summary.id]?.projectItems,
                                                      memoryWritten: summary.memory == nil ? nil : .some(stories[summary.id]?.writtenProject),
                                                      outcome: &outcome) else { continue }
                let (story, projectBytes) = (loaded.story, loaded.bytes)
                var unread: [StoryOutcome.Unread] = []
                outcome.sensitive = try SensitiveItems.find(in: story.project, folder: projectURL.deletingLastPathComponent(), catalog: catalog,
                                                            unread: { unread.append(.init($0, $1)) })
                    .map { StoryOutcome.Sensitive(path: $0.path, warning: $0.warning) }
                outcome.unread += unread
                let preset = try StorySetup.outputPreset(for: story.project, override: options.preset)
                // The story's shapes: its project's `output.also` and `--also`.
                let alsoNames = StorySetup.alsoNames(project: story.project, adding: options.also, main: preset.name)
                alsoPaths = alsoNames.map { StoryShape.outputPath(preset: $0, besides: videoURL.path) }
                outcome.alsoVideos = alsoPaths
                let alsoPresets = try StorySetup.alsoPresets(alsoNames, main: preset)
                let key = try RenderKeys.key(projectBytes: projectBytes, story: story, preset: preset, also: alsoPresets)
                let record = stories[summary.id]
                let alsoTimes = alsoPaths.map(Self.modificationTime)
                let missingShape = zip(alsoNames, alsoTimes).first { $0.1 == nil }?.0
                // Every output, the oldest of them: a plan's render counts once all of it is written.
                let outputTime = Self.modificationTime(videoURL.path).map { main in alsoTimes.reduce(main) { min($0, $1 ?? $0) } }
                var why = RenderKeys.reason(old: record?.rendered, new: key, outputExists: Self.modificationTime(videoURL.path) != nil,
                                            missingShape: missingShape)
                // A render a plan handed out with this very key, whose MP4 was written after the plan.
                if why != nil, missingShape == nil, record?.planned == key, let plannedAt = record?.plannedAt, let outputTime,
                   outputTime >= plannedAt {
                    if writesInputs { try catalog.recordRender(lentaID: summary.id, key: key, at: outputTime) }
                    stories[summary.id]?.rendered = key
                    stories[summary.id]?.planned = nil
                    why = nil
                }
                guard let why else {
                    outcome.state = .unchanged
                    continue
                }
                outcome.reason = why
                // Never over a file the story reads (an item named like the story in --out).
                let inputs = StoryInputs(project: story.project, projectFile: projectURL)
                for output in [videoURL.path] + alsoPaths { try inputs.check(output: output) }
                if options.dryRun {
                    outcome.state = .due
                    continue
                }
                if options.plan {
                    outcome.state = .planned
                    outcome.command = Self.renderCommand(project: projectURL.path, video: videoURL.path, preset: options.preset,
                                                         also: options.also, threads: options.threads, catalog: catalog.path)
                    try catalog.recordPlan(lentaID: summary.id, key: key, at: Date().timeIntervalSince1970)
                    continue
                }
                let renderer = try StorySetup.renderer(story: story, preset: preset, also: alsoPresets, threads: options.threads)
                try renderer.render(to: videoURL.path, also: alsoPaths, encoderThreads: options.threads)
                try catalog.recordRender(lentaID: summary.id, key: key, at: Date().timeIntervalSince1970)
                stories[summary.id]?.rendered = key
                outcome.state = .rendered
            } catch {
                outcome.state = .failed
                outcome.reason = "\(error)"
                outcome.failure = StoryFailure(error: error)
            }
        }
        if options.page && !options.dryRun && !options.plan {
            report.page = try StoriesPage.write(folder: folder.path)
        }
        return report
    }

    /// Makes or updates today's memories (`options.memories`) before the stories are looked at.
    /// An on-this-day or a year is made only with `Lentas.memoryNeeds` good items (once
    /// made, it is kept up to date whatever it holds); one a person deleted is not made again.
    private func makeMemories(_ options: Options) throws -> [MemoryOutcome] {
        let lentas = Lentas(catalog: catalog)
        var outcomes: [MemoryOutcome] = []
        for kind in options.memories {
            let rule: MemoryRule
            switch kind {
            case .onThisDay:
                rule = .onThisDay(MonthDay(options.today), days: MemoryRule.defaultDays)
            case .year:
                guard options.today.month == 1 else {
                    outcomes.append(MemoryOutcome(rule: kind.rawValue, reason: "a year's review is made in January"))
                    continue
                }
                rule = .year(options.today.year - 1)
            }
            var outcome = MemoryOutcome(rule: rule.key)
            defer { outcomes.append(outcome) }
            let existing = try catalog.memory(key: rule.key)
            if existing?.hidden == true {
                outcome.reason = "deleted; lenta new --\(rule.name) makes it again"
                continue
            }
            let items = try lentas.memoryContent(rule, today: options.today).items
            if existing == nil {
                let good = try items.isEmpty ? 0 : lentas.goodItemCount(items)
                guard good >= Lentas.memoryNeeds else {
                    outcome.reason = "\(good) good item\(good == 1 ? "" : "s") (a memory needs \(Lentas.memoryNeeds))"
                    continue
                }
            } else if items.isEmpty {
                outcome.reason = "nothing to show any more"
                outcome.lenta = existing?.lentaID
                continue
            }
            outcome.lenta = try lentas.newMemory(rule, today: options.today).lenta.id
        }
        return outcomes
    }

    /// The project file of a lenta, validated, with the bytes it was read from (the render key
    /// hashes the very bytes that are rendered). Written when missing; a user's file is never
    /// overwritten, but new items are appended with `updateProjects` (and counted otherwise).
    /// Nil on a dry run that would write or change the file first (`outcome` says so).
    /// - Parameter known: the items (absolute paths) auto has put in this project file before; an
    ///   item of the lenta that is neither in the file nor known is new, one the user took out is not.
    /// - Parameter memoryWritten: for a memory's story, the hash of the project file auto last
    ///   wrote (nil inside when unknown). A memory's file nobody edited since is the rule's: it is
    ///   written again when what the memory would show changed (its items, their lengths, its
    ///   chapters; not its alternates alone), rather than having items appended at its end.
    private func prepareProject(_ id: Int64, at url: URL, options: Options, known: Set<String>?, memoryWritten: String?? = nil,
                                outcome: inout StoryOutcome) throws -> LoadedProject? {
        let lentas = Lentas(catalog: catalog)
        var style = ProjectStyle()
        style.length = options.length
        // The lenta's first story reads the photos that may hold text: those that cannot be read are told.
        var unread: [StoryOutcome.Unread] = []
        let fresh = try lentas.project(id: id, writingTo: url, style: style, unread: { unread.append(.init($0, $1)) })
        outcome.unread += unread
        if !FileManager.default.fileExists(atPath: url.path) {
            if options.dryRun {
                outcome.state = .due
                outcome.reason = "new; its project file would be written"
                return nil
            }
            try fresh.write(to: url)
            if memoryWritten != nil { try catalog.recordWrittenProject(lentaID: id, hash: RenderKeys.hash(try fresh.encodedJSON())) }
            try catalog.recordProjectFile(lentaID: id, path: url.standardizedFileURL.path)
            let folder = url.deletingLastPathComponent()
            try catalog.recordProjectItems(lentaID: id, paths: Set(fresh.items.map { Self.resolve($0.path, in: folder) }))
            return try ProjectLoader.load(url, catalogPath: catalog.path, makingTransforms: !options.dryRun)
        }
        let loaded = try ProjectLoader.load(url, catalogPath: catalog.path, makingTransforms: !options.dryRun)
        let (story, bytes) = (loaded.story, loaded.bytes)
        if case .some(.some(let written)) = memoryWritten, RenderKeys.hash(bytes) == written {
            // What it would show: everything but the alternates (a new photo left out for
            // length changes nothing on screen, so nothing is written or rendered for it).
            var shown = fresh, kept = story.project
            shown.alternates = []
            kept.alternates = []
            guard shown != kept else { return loaded }
            let freshBytes = try fresh.encodedJSON()
            if options.dryRun {
                outcome.state = .due
                outcome.reason = "the memory changed; its project file would be written again"
                return nil
            }
            try fresh.write(to: url)
            try catalog.recordWrittenProject(lentaID: id, hash: RenderKeys.hash(freshBytes))
            let folder = url.deletingLastPathComponent()
            try catalog.recordProjectItems(lentaID: id, paths: Set(fresh.items.map { Self.resolve($0.path, in: folder) }))
            return try ProjectLoader.load(url, catalogPath: catalog.path, makingTransforms: !options.dryRun)
        }
        var existing = story.project
        let folder = url.deletingLastPathComponent()
        let present = Set(existing.items.map { Self.resolve($0.path, in: folder) })
        let offered = known ?? []
        let missing = fresh.items.filter {
            let file = Self.resolve($0.path, in: folder)
            return !present.contains(file) && !offered.contains(file)
        }
        guard !missing.isEmpty else { return loaded }
        guard options.updateProjects else {
            outcome.newItems = missing.count
            return loaded
        }
        let count = "\(missing.count) new item\(missing.count == 1 ? "" : "s")"
        if options.dryRun {
            outcome.state = .due
            outcome.reason = "\(count) would be added to \(url.lastPathComponent)"
            return nil
        }
        Self.append(missing, to: &existing)
        try existing.write(to: url)
        try catalog.recordProjectItems(lentaID: id, paths: offered.union(present).union(missing.map { Self.resolve($0.path, in: folder) }))
        outcome.addedItems = missing.count
        return try ProjectLoader.load(url, catalogPath: catalog.path, makingTransforms: !options.dryRun)
    }

    /// Appends items at the end of a project. The old last item had no transition (`lenta
    /// project` writes a cut there); it now leads to the new items with the defaults'
    /// transition, no longer than half of either neighbour, as `lenta project` fits them.
    static func append(_ items: [ProjectItem], to project: inout ProjectFile) {
        guard let first = items.first else { return }
        if let last = project.items.indices.last, project.items[last].transition?.type == .cut,
           let wanted = project.defaults?.transition, wanted.type != .cut {
            func length(_ item: ProjectItem) -> Double { item.trim.map { $0.length / (item.speed ?? 1) } ?? item.duration ?? project.photoDuration }
            let longest = min(length(project.items[last]), length(first)) / 2
            if longest >= wanted.duration ?? ProjectTransition.defaultDuration {
                project.items[last].transition = nil
            } else {
                var shorter = wanted
                shorter.duration = (longest * 10).rounded(.down) / 10
                project.items[last].transition = (shorter.duration ?? 0) >= 0.1 ? shorter : .cut
            }
        }
        project.items += items
    }

    /// A project's media path as an absolute, standardized path (paths in a project file are
    /// relative to its folder, or absolute): the same file whichever way it is written.
    static func resolve(_ path: String, in folder: URL) -> String {
        ProjectPaths.resolve(path, from: folder).path
    }

    static func modificationTime(_ path: String) -> Double? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9
    }

    /// A self-contained shell command that renders one story, with `auto`'s own thread budget
    /// (so `auto --plan --threads 2 | parallel -j 4` shares a machine's cores as asked).
    /// - Parameter catalog: where the render finds shaky clips' transforms: the catalog `auto`
    ///   keyed the story with (its key knows which clips are stabilised).
    static func renderCommand(project: String, video: String, preset: String?, also: [String] = [], threads: Int,
                              catalog: String? = nil) -> String {
        var words = ["lenta", "render", quote(project), "-o", quote(video), "--quiet"]
        if let preset { words += ["--preset", quote(preset)] }
        // Each shape beside the MP4 (`NAME.PRESET.mp4`), where `auto` looks for it.
        for name in also { words += ["--also", quote(name)] }
        if let catalog { words += ["--catalog", quote(catalog)] }
        if threads > 0 { words += ["--threads", String(threads)] }
        return words.joined(separator: " ")
    }

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    static func age(_ seconds: Double) -> String {
        seconds < 3600 * 48 ? "\(Int(seconds / 3600)) h" : "\(Int(seconds / 86_400)) days"
    }
}

extension AutoJob.StoryOutcome.Unread {
    init(_ path: String, _ error: any Error) {
        self.init(path: path, reason: "\(error)", error: AutoJob.StoryFailure(error: error))
    }
}
