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
        /// Print a render command per due story instead of rendering.
        public var plan = false
        public var now = Date().timeIntervalSince1970
        public init(mediaFolders: [String], storiesFolder: String) {
            self.mediaFolders = mediaFolders
            self.storiesFolder = storiesFolder
        }
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
        /// Why it was rendered, why it waits, or why it failed.
        public var reason: String?
        /// Items of the lenta missing from a user's project file (not added without --update-projects).
        public var newItems: Int = 0
        /// For --plan: the command that renders this story.
        public var command: String?
    }

    public struct Report: Codable, Sendable {
        public var scan: ScanReport
        public var stories: [StoryOutcome] = []
        public var removedTemporaryFiles: [String] = []
        public func count(_ state: StoryOutcome.State) -> Int { stories.filter { $0.state == state }.count }
        public var failed: Bool { count(.failed) > 0 || scan.failed }
    }

    private let catalog: Catalog
    public init(catalog: Catalog) { self.catalog = catalog }

    /// Runs the job. `onStory` is called as each story is decided or finished (for cron's
    /// one line per story).
    public func run(_ options: Options, onStory: (StoryOutcome) -> Void = { _ in }) throws -> Report {
        let folder = URL(fileURLWithPath: options.storiesFolder).standardizedFileURL
        if !options.dryRun && !options.plan {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        var report = Report(scan: try Scanner(catalog: catalog).scan(.init(folders: options.mediaFolders, now: options.now)))
        report.removedTemporaryFiles = options.dryRun ? [] : Self.removeStaleTemporaryFiles(in: folder)
        let lentas = Lentas(catalog: catalog)
        let settle = try options.settle ?? lentas.groupingOptions().gap
        var stories = try catalog.stories()
        var taken = Set(stories.values.map(\.name))

        for summary in try lentas.list().reversed() {  // oldest first
            let detail = try lentas.show(id: summary.id)
            var name = stories[summary.id]?.name
            if name == nil {
                let made = StoryName.unique(StoryName.make(day: summary.start.map { LocalDate($0).description }, title: summary.title), taken: taken)
                if !options.dryRun && !options.plan { try catalog.nameStory(lentaID: summary.id, name: made) }
                taken.insert(made)
                name = made
            }
            let storyName = name ?? "story"
            let projectURL = folder.appendingPathComponent(storyName + ".json")
            let videoURL = folder.appendingPathComponent(storyName + ".mp4")
            var outcome = StoryOutcome(lenta: summary.id, title: summary.title, state: .unchanged,
                                       project: projectURL.path, video: videoURL.path)
            defer { report.stories.append(outcome); onStory(outcome) }

            // A lenta whose last item is recent may still be going on.
            if let last = detail.items.last?.captureTime?.utc, options.now - last < settle {
                outcome.state = .waiting
                outcome.reason = "its last item is \(Self.age(options.now - last)) old; it may still be going on"
                continue
            }
            do {
                let project = try prepareProject(summary.id, at: projectURL, options: options, outcome: &outcome)
                guard let project else { continue }  // dry run, project not written yet
                let report = ProjectFile.check(projectURL, validator: ProjectValidator(inspectMedia: ProjectMediaInspector.inspect))
                guard report.isValid else {
                    outcome.state = .failed
                    outcome.reason = "\(projectURL.lastPathComponent): " + report.problems.filter { $0.severity == .error }.map(\.description).joined(separator: "; ")
                    continue
                }
                let preset = try StorySetup.outputPreset(for: project, override: options.preset)
                let key = try RenderKeys.key(projectURL: projectURL, project: project, preset: preset)
                guard let why = RenderKeys.reason(old: stories[summary.id]?.rendered, new: key,
                                                  outputExists: FileManager.default.fileExists(atPath: videoURL.path)) else {
                    outcome.state = .unchanged
                    continue
                }
                outcome.reason = why
                if options.plan {
                    outcome.state = .planned
                    outcome.command = Self.renderCommand(project: projectURL.path, video: videoURL.path, preset: options.preset)
                    continue
                }
                if options.dryRun {
                    outcome.state = .due
                    continue
                }
                let renderer = try StorySetup.renderer(project: project, projectDirectory: folder, preset: preset)
                try renderer.render(to: videoURL.path)
                try catalog.recordRender(lentaID: summary.id, key: key, at: Date().timeIntervalSince1970)
                stories[summary.id]?.rendered = key
                outcome.state = .rendered
            } catch {
                outcome.state = .failed
                outcome.reason = "\(error)"
            }
        }
        return report
    }

    /// The project file of a lenta: written when missing; a user's file is never overwritten,
    /// but new items are appended with `updateProjects` (and counted otherwise).
    private func prepareProject(_ id: Int64, at url: URL, options: Options, outcome: inout StoryOutcome) throws -> ProjectFile? {
        let lentas = Lentas(catalog: catalog)
        let fresh = try lentas.project(id: id, writingTo: url)
        guard FileManager.default.fileExists(atPath: url.path) else {
            if options.dryRun || options.plan {
                outcome.state = options.plan ? .planned : .due
                outcome.reason = "new (its project file would be written)"
                if options.plan { outcome.command = "# lenta auto writes \(url.lastPathComponent) first" }
                return nil
            }
            try fresh.write(to: url)
            return fresh
        }
        var existing = try ProjectFile.decode(try Data(contentsOf: url))
        let present = Set(existing.items.map(\.path))
        let missing = fresh.items.filter { !present.contains($0.path) }
        outcome.newItems = missing.count
        if !missing.isEmpty && options.updateProjects && !options.dryRun && !options.plan {
            if let last = existing.items.indices.last, existing.items[last].transition == nil,
               let wanted = existing.defaults?.transition, wanted.type != .cut {
                existing.items[last].transition = nil  // the defaults' transition now leads to the new items
            }
            existing.items += missing
            try existing.write(to: url)
            outcome.newItems = 0
        }
        return existing
    }

    /// Temporary files of renders that were killed (`.NAME.mp4.partial-UUID`).
    static func removeStaleTemporaryFiles(in folder: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(".") && name.contains(".mp4.partial-") {
            let path = folder.appendingPathComponent(name).path
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
        }
        return removed
    }

    /// A self-contained shell command that renders one story.
    static func renderCommand(project: String, video: String, preset: String?) -> String {
        var words = ["lenta", "render", quote(project), "-o", quote(video), "--quiet"]
        if let preset { words += ["--preset", quote(preset)] }
        return words.joined(separator: " ")
    }

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    static func age(_ seconds: Double) -> String {
        seconds < 3600 * 48 ? "\(Int(seconds / 3600)) h" : "\(Int(seconds / 86_400)) days"
    }
}
