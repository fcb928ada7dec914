import ArgumentParser
import Foundation
import LentaCatalog
import LentaLibrary
import LentaStories

struct Scan: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Index photos and videos (incremental: only new and changed files are read), name their places and group them into lentas.")

    @Argument(help: ArgumentHelp("Folders (or files) to scan.", valueName: "folder"))
    var folders: [String] = []

    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var output: OutputOptions

    @Flag(name: .shortAndLong, help: "List every warning (impossible dates, positions at 0°, 0°…).")
    var verbose = false

    @Option(help: ArgumentHelp("A silence this long ends a lenta (e.g. 36h, 2d; kept for later scans).", valueName: "duration"))
    var gap: DurationArgument?

    @Option(help: ArgumentHelp("A move this far between two photos starts a new lenta, in km (kept for later scans).", valueName: "km"))
    var distance: Double?

    @Option(help: ArgumentHelp("Smaller groups are not proposed as lentas (kept for later scans).", valueName: "n"))
    var minItems: Int?

    @Flag(help: "Also look for faces and group them into people now (otherwise learned when first needed: lenta people, a story).")
    var faces = false

    func validate() throws {
        if folders.isEmpty { throw ValidationError("Name at least one folder to scan.") }
        // Up to a year: a longer silence would group a lifetime into one lenta.
        if let gap, gap.seconds > 366 * 86_400 { throw ValidationError("--gap must be at most 366 days (366d).") }
        if let distance, !(distance > 0) { throw ValidationError("--distance must be more than 0 km.") }
        if let minItems, minItems < 1 { throw ValidationError("--min-items must be at least 1.") }
    }

    func run() throws {
        let catalog = try catalogOptions.open()
        var grouping: GroupingOptions? = nil
        if gap != nil || distance != nil || minItems != nil {
            var g = try Lentas(catalog: catalog).groupingOptions()
            if let gap { g.gap = gap.seconds }
            if let distance { g.jumpKm = distance }
            if let minItems { g.minItems = minItems }
            grouping = g
        }
        // The items' JSON is written ahead on another core while the folders are walked; used
        // only if nothing is committed to the catalog meanwhile.
        let prefetched = output.json ? ScanOutput.prefetchItems(of: catalog, under: LibraryScanner.roots(of: folders)) : nil
        let bar = Terminal.ProgressBar(label: "Scanning")
        let report = try LibraryScanner(catalog: catalog).scan(.init(folders: folders, grouping: grouping)) { done, total in
            bar.update(done, of: total)
        }
        bar.finish()
        if faces { try learnPeople(People(catalog: catalog), required: true) }
        if output.json {
            try JSONOutput.print { consume in
                try ScanOutput.write(report: report, prefetched: prefetched,
                                     items: { try catalog.forEachItemJSON(under: report.roots, $0) }, to: consume)
            }
        } else {
            print(ScanReadout.text(report, verbose: verbose))
        }
        if report.failed { throw ExitCode.failure }
    }
}

/// A duration on the command line: `36h`, `2d`, `90m`, or a number of hours.
struct DurationArgument: ExpressibleByArgument {
    var seconds: Double

    init?(argument: String) {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var text = Substring(argument)
        var scale = 3600.0
        if let last = text.last, let unit = units[last] {
            scale = unit
            text = text.dropLast()
        }
        // A finite number of seconds: 1e308h is not.
        guard let value = Double(text), value > 0, (value * scale).isFinite else { return nil }
        seconds = value * scale
    }
}
