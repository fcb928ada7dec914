import ArgumentParser
import Foundation
import LentaAuto
import LentaCore
import LentaLibrary
import LentaMedia
import LentaRender

struct Auto: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The nightly job: scan, group, write missing project files, render the stories whose inputs changed.",
        discussion: """
            A story is rendered again when its project file, a file it uses, the preset or lenta itself \
            changed. Project files you edited are never overwritten. One run per catalog at a time. \
            --plan prints one render command per due story, for GNU parallel, xargs -P or a job array. \
            --also NAME renders every story in that preset too, in the same pass, as STORY.NAME.mp4 \
            beside STORY.mp4 (as are the presets a project file lists in output.also); a story one \
            of whose MP4s is missing is rendered again. --memories on-this-day,year makes today's \
            memories too, each under a stable name. After rendering, the stories folder gets \
            index.html, a page to watch the stories on (lenta page).
            """)

    @Argument(help: ArgumentHelp("Media folders to scan.", valueName: "media-folder"))
    var mediaFolders: [String] = []

    @Option(name: .long, help: ArgumentHelp("Where project files and MP4s go.", valueName: "stories-folder"))
    var out: String

    @Option(help: ArgumentHelp("An output preset for every story (lenta presets lists them).", valueName: "name"))
    var preset: String?

    @Option(help: ArgumentHelp("Also render every story in another output preset, in the same pass (repeatable): STORY.NAME.mp4 beside STORY.mp4.",
                               valueName: "name"))
    var also: [AlsoShape] = []

    @Option(help: ArgumentHelp("A lenta whose last item is more recent than this waits for a later run (e.g. 36h, 2d; default: the grouping gap).", valueName: "duration"))
    var settle: DurationArgument?

    @Flag(help: "Append a lenta's new items to its existing project file (otherwise they are reported).")
    var updateProjects = false

    @Flag(help: "Say what would be rendered and why; write nothing.")
    var dryRun = false

    @Flag(help: "Print one self-contained render command per due story on stdout, instead of rendering (missing project files are written first).")
    var plan = false

    @Option(help: ArgumentHelp("At most this many files of the media folders are looked at for faces in a run (default \(AutoJob.defaultFacesLimit); 0: only the items of the stories written), the rest in later runs.",
                               valueName: "files"))
    var faces: Int?

    @Option(help: ArgumentHelp("Seconds each new story lasts (default: about a minute for a weekend, two for a fortnight).", valueName: "seconds"))
    var length: Double?

    @Flag(help: "Wait for another run on the same catalog to finish instead of exiting.")
    var wait = false

    @Option(help: ArgumentHelp("Threads for compositing and encoding each story (default: one per processor).", valueName: "n"))
    var threads: Int?

    @Option(help: ArgumentHelp("Memories to make and render too, a comma list: on-this-day (today's, when it has \(Lentas.memoryNeeds) good items), year (last year's, in January).",
                               valueName: MemoryList.allValueStrings.joined(separator: ",")))
    var memories: MemoryList?

    @OptionGroup var today: TodayOptions

    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1.") }
        if let faces, faces < 0 { throw ValidationError("--faces must be 0 or more files.") }
        if mediaFolders.isEmpty { throw ValidationError("Name at least one media folder.") }
        if dryRun && plan { throw ValidationError("Use --dry-run or --plan, not both.") }
        if let length { try StoryLengthArgument.check(length) }
        if let named = also.first(where: { $0.path != nil }) {
            throw ValidationError("--also \(named.preset)=…: lenta auto names each story's MP4s itself; give the preset's name only.")
        }
        try AlsoShape.check(also, main: preset)
        // A plan prints one command a line: a line break (or any control character) in the
        // stories folder would split a command in two.
        if out.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw ValidationError("--out \(DiagnosticText.value(out, limit: 240)): the folder name holds a control character (a line break, a tab…); give a name without one.")
        }
        if out.isEmpty { throw ValidationError("--out needs a folder name (it is empty).") }
        // Stories written inside a media folder would be scanned as clips of the trip by the
        // next run (and a project file updated with its own story, every night).
        for folder in mediaFolders where FolderContainment.isInside(out, folder) {
            throw ValidationError("--out \(DiagnosticText.path(out)) is inside the media folder \(DiagnosticText.path(folder)): the next run would scan its own stories as media. Put the stories in a folder of their own, outside every media folder.")
        }
    }

    func run() throws {
        FFmpegLogging.silence()
        // A dry run writes nothing, the catalog included: it works on a copy in memory, and
        // needs no lock (it reads one consistent snapshot of the file).
        var lock: AutoLock?
        if !dryRun {
            do {
                lock = try AutoLock(path: catalogOptions.catalogPath + ".lock", wait: wait)
            } catch let failure as AutoLock.Failure {
                throw CommandFailure(failure.description)
            }
        }
        defer { withExtendedLifetime(lock) {} }
        InterruptCleanup.install()
        var options = AutoJob.Options(mediaFolders: mediaFolders, storiesFolder: out)
        options.preset = preset
        options.settle = settle?.seconds
        options.updateProjects = updateProjects
        options.dryRun = dryRun
        options.plan = plan
        options.length = length
        options.facesLimit = faces ?? AutoJob.defaultFacesLimit
        options.threads = threads ?? 0
        options.also = also.map(\.preset)
        options.memories = memories?.kinds ?? []
        options.today = today.date
        let json = output.json
        let catalog = dryRun ? try catalogOptions.openScratchCopy() : try catalogOptions.open()
        let report = try AutoJob(catalog: catalog).run(options) { story in
            guard !json else { return }
            AutoText.print(story, plan: plan)
        }
        if json {
            try JSONOutput.print(report)
        } else {
            for memory in report.memories where memory.lenta == nil {
                let line = "memory     \(memory.rule): none (\(memory.reason ?? "nothing to show"))"
                if plan { Terminal.error(line) } else { print(line) }
            }
            let line = AutoText.summary(report)
            if plan { Terminal.error(line) } else { print(line) }
            // Every file and folder the scan could not read, by name (a missing media folder too).
            Diagnostics.report(report.scan.unreadable.map { Diagnostic($0, shownAs: DiagnosticText.path($0.path), context: "unreadable, skipped") })
            if let error = report.faces?.error {
                Diagnostics.report(.warning(error, context: "faces not looked for (stories are made without people)"))
            }
        }
        if report.failed { throw ExitCode.failure }
    }
}

/// How `lenta auto` reads in a cron mail: one line per story, problems on stderr.
enum AutoText {
    static func print(_ s: AutoJob.StoryOutcome, plan: Bool) {
        let file = URL(fileURLWithPath: s.video).lastPathComponent
        let why = s.reason.map { " (\($0))" } ?? ""
        switch s.state {
        case .rendered: Swift.print("rendered   \(file)\(why)")
        case .unchanged: if !plan { Swift.print("unchanged  \(file)") }
        case .waiting: if !plan { Swift.print("waiting    \(file)\(why)") }
        case .due: Swift.print("would render \(file)\(why)")
        case .planned: if let command = s.command { Swift.print(command) }
        case .failed:
            let failure = s.failure?.error ?? CommandFailure(s.reason ?? "unknown error")
            Diagnostics.report(.error(failure, about: "failed     \(file)"))
        }
        if s.addedItems > 0 {
            let note = "  \(s.addedItems) new item\(s.addedItems == 1 ? "" : "s") added to \(URL(fileURLWithPath: s.project).lastPathComponent)"
            if plan { Terminal.error(note) } else { Swift.print(note) }
        }
        if s.newItems > 0 {
            let note = "  \(s.newItems) new item\(s.newItems == 1 ? "" : "s") not in \(URL(fileURLWithPath: s.project).lastPathComponent) (--update-projects adds them)"
            if plan { Terminal.error(note) } else { Swift.print(note) }
        }
        Diagnostics.report(s.unread.map { Diagnostic.unread($0.path, $0.error?.error ?? CommandFailure($0.reason)) })
        Diagnostics.report(s.sensitive.map { Diagnostic.warning($0.warning, about: $0.path) })
        // One line per story as it is decided, also into a pipe or a log file (cron).
        fflush(nil)
    }

    static func summary(_ r: AutoJob.Report) -> String {
        var parts = ["\(r.count(.rendered)) rendered", "\(r.count(.unchanged)) unchanged", "\(r.count(.waiting)) waiting",
                     "\(r.count(.failed)) failed"]
        if r.count(.due) > 0 { parts.insert("\(r.count(.due)) to render", at: 0) }
        if r.count(.planned) > 0 { parts.insert("\(r.count(.planned)) planned", at: 0) }
        let s = r.scan
        return "lenta auto: " + parts.joined(separator: ", ")
            + " · scan: \(s.new) new, \(s.changed) changed, \(s.removed) removed, \(s.unreadable.count) unreadable"
            + (r.removedTemporaryFiles.isEmpty ? "" : " · removed \(r.removedTemporaryFiles.count) unfinished render(s)")
            + (r.faces.map { $0.problem == nil && $0.lookedAt + $0.waiting > 0 ? " · faces: \($0.lookedAt) file(s) looked at, \($0.waiting) for later runs" : "" } ?? "")
    }
}

/// Whether one path is a folder or inside it, as the file system sees them (links resolved, a
/// path that does not exist yet resolved through its nearest existing folder).
enum FolderContainment {
    static func isInside(_ path: String, _ folder: String) -> Bool {
        let inner = resolved(path), outer = resolved(folder)
        return inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
    }

    static func resolved(_ path: String) -> String {
        var url = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: url.path), url.path != "/" {
            rest.insert(url.lastPathComponent, at: 0)
            url = url.deletingLastPathComponent()
        }
        return rest.reduce(url.resolvingSymlinksInPath()) { $0.appendingPathComponent($1) }.standardizedFileURL.path
    }
}
