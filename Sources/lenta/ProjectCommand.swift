import ArgumentParser
import Foundation
import LentaCore
import LentaLibrary

struct Project: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a project file for a lenta: its best moments in order, with durations, transitions and motion.",
        discussion: """
            Exact duplicates, all but the best frame of each burst, blurred, dark shots, screenshots and \
            documents are left out (listed under "alternates" with the reason; move one into "items" to \
            swap it in); every day and place keeps its share; items added by hand are always in. \
            The file validates and renders unchanged; edit it to reorder, trim, crop, caption.
            """)

    @OptionGroup var lenta: LentaID
    @Option(name: .shortAndLong, help: ArgumentHelp("The project file to write.", valueName: "story.json"))
    var output: String
    @Option(help: ArgumentHelp("Output preset (lenta presets lists them).", valueName: "name"))
    var preset: String = ProjectOutput.defaultPreset
    @Option(help: ArgumentHelp("Seconds each photo shows.", valueName: "seconds"))
    var photoDuration: Double = 3
    @Option(help: ArgumentHelp("Seconds the story lasts (default: about a minute for a weekend, two for a fortnight; see README).", valueName: "seconds"))
    var length: Double?
    @Option(help: ArgumentHelp("Music under the story, cut to its beats (repeat for several tracks, played in order; the last loops).",
                               valueName: "song.mp3"))
    var music: [String] = []
    @Flag(inversion: .prefixedNo, help: "Open with a title card: the title, dates and places, and the route map.")
    var titleCard = true
    @Flag(help: "Live and Motion Photos play their motion (otherwise they show the still, with \"motion\": false to turn on).")
    var motion = false
    @Option(help: ArgumentHelp("Add a route interlude — the map, with a dot travelling the route — at the start (the whole route) or between days (the way from one day to the next); repeat for both.",
                               valueName: "start|days"))
    var interlude: [InterludeChoice] = []
    @Flag(help: "Every item and alternate says why, in a \"why\" list: the measures that decided it (sharpness, exposure, duplicate or burst of, content and its reasons, length). Validation accepts it; render ignores it.")
    var explain = false
    @Flag(help: "Replace the file if it exists (it may hold your edits).")
    var force = false
    @OptionGroup var catalogOptions: CatalogOptions

    func validate() throws {
        // At least a tenth of a second: a photo shown for less is a flash no transition fits.
        guard photoDuration >= 0.1, photoDuration < 3600 else { throw ValidationError("--photo-duration must be between 0.1 and 3600 seconds.") }
        if let length { try StoryLengthArgument.check(length) }
        guard output.hasSuffix(".json") else { throw ValidationError("-o names a .json project file, e.g. story.json.") }
        try OutputName.refuseNonRegular(output)
    }

    func run() throws {
        let url = URL(fileURLWithPath: output)
        if FileManager.default.fileExists(atPath: url.path) && !force {
            throw CommandFailure("\(output) exists and may hold your edits; --force replaces it")
        }
        var style = ProjectStyle()
        style.preset = preset
        style.photoDuration = photoDuration
        style.titleCard = titleCard
        style.length = length
        style.music = music.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        style.motion = motion
        style.interludes = Set(interlude.map(\.placement))
        style.explain = explain
        let lentas = try libraryCall { Lentas(catalog: try catalogOptions.open()) }
        // A lenta's first story analyses its clips (the scan leaves them): seconds for 4K ones.
        let bar = Terminal.ProgressBar(label: "Analysing clips")
        var unread: [Diagnostic] = []
        let project = try libraryCall {
            try lentas.project(id: lenta.id, writingTo: url, style: style, analysing: { done, total in bar.update(done, of: total) },
                               unread: { path, error in unread.append(Diagnostic.unread(path, error)) })
        }
        bar.finish()
        Diagnostics.report(unread)
        let report = ProjectValidator(baseDirectory: url.deletingLastPathComponent()).report(project)
        guard report.isValid else {
            throw CommandFailure("the project for lenta \(lenta.id) would not validate:\n" + report.problems.map { "  \($0)" }.joined(separator: "\n"))
        }
        try project.write(to: url)
        // Documents and personal data are never chosen: any here was added by hand, and is named.
        let findings = try libraryCall { try SensitiveItems.find(in: project, folder: url.deletingLastPathComponent(), catalog: lentas.catalog) }
        Diagnostics.report(findings.map { Diagnostic.warning($0.warning, about: $0.path) })
        // So `lenta sheet ID` finds this story without --project.
        try libraryCall { try lentas.rememberProject(id: lenta.id, at: url) }
        let left = project.alternates.isEmpty ? "" : ", \(project.alternates.count) left out as alternates"
        print("Wrote \(output): \(project.title ?? "") (\(project.items.count) items, \(String(format: "%.1f", report.length ?? 0)) s\(left))")
    }
}

/// `--interlude start|days`.
enum InterludeChoice: String, CaseIterable, ExpressibleByArgument {
    case start, days

    var placement: RouteInterludePlacement {
        switch self {
        case .start: return .start
        case .days: return .days
        }
    }
}

/// `--length SECONDS`: a story of at least 5 seconds and under an hour.
enum StoryLengthArgument {
    static func check(_ seconds: Double) throws {
        guard seconds.isFinite, seconds >= 5, seconds < 3600 else {
            throw ValidationError("--length must be between 5 and 3600 seconds.")
        }
    }
}
