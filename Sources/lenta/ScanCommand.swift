import ArgumentParser
import Foundation
import LentaCatalog
import LentaScan

struct Scan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Index photos and videos (incremental: only new and changed files are read).")

    @Argument(help: ArgumentHelp("Folders (or files) to scan.", valueName: "folder"))
    var folders: [String]

    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var output: OutputOptions

    @Flag(name: .shortAndLong, help: "List every warning (impossible dates, positions at 0°, 0°…).")
    var verbose = false

    func validate() throws {
        if folders.isEmpty { throw ValidationError("Name at least one folder to scan.") }
    }

    func run() async throws {
        let catalog = try catalogOptions.open()
        let bar = Terminal.ProgressBar(label: "Scanning")
        let report = try Scanner(catalog: catalog).scan(.init(folders: folders)) { done, total in
            bar.update(done, of: total)
        }
        bar.finish()
        if output.json {
            try JSONOutput.print(ScanOutput(report: report, items: try catalog.items(under: report.roots)))
        } else {
            print(ScanSummary(report: report, verbose: verbose).text)
        }
        if report.failed { throw ExitCode.failure }
    }
}
