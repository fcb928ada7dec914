import ArgumentParser
import Foundation
import LentaCore
import LentaLibrary

struct Project: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a project file for a lenta: its items in order, with durations, transitions and motion.",
        discussion: "The file validates and renders unchanged; edit it to reorder, trim, crop, caption.")

    @OptionGroup var lenta: LentaID
    @Option(name: .shortAndLong, help: ArgumentHelp("The project file to write.", valueName: "story.json"))
    var output: String
    @Option(help: ArgumentHelp("Output preset (lenta presets lists them).", valueName: "name"))
    var preset: String = ProjectOutput.defaultPreset
    @Option(help: ArgumentHelp("Seconds each photo shows.", valueName: "seconds"))
    var photoDuration: Double = 3
    @Flag(inversion: .prefixedNo, help: "Open with a title card: the title, dates and places, and the route map.")
    var titleCard = true
    @Flag(help: "Replace the file if it exists (it may hold your edits).")
    var force = false
    @OptionGroup var catalogOptions: CatalogOptions

    func validate() throws {
        guard photoDuration > 0, photoDuration < 3600 else { throw ValidationError("--photo-duration must be between 0 and 3600 seconds.") }
        guard output.hasSuffix(".json") else { throw ValidationError("-o names a .json project file, e.g. story.json.") }
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
        let project = try libraryCall { try Lentas(catalog: try catalogOptions.open()).project(id: lenta.id, writingTo: url, style: style) }
        let report = ProjectValidator(baseDirectory: url.deletingLastPathComponent()).report(project)
        guard report.isValid else {
            throw CommandFailure("the project for lenta \(lenta.id) would not validate:\n" + report.problems.map { "  \($0)" }.joined(separator: "\n"))
        }
        try project.write(to: url)
        print("Wrote \(output): \(project.title ?? "") (\(project.items.count) items, \(String(format: "%.1f", report.length ?? 0)) s)")
    }
}
