import ArgumentParser
import Foundation
import LentaCore
import LentaLibrary
import LentaMedia
import LentaRender
import LentaText

struct Sheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A contact sheet of a lenta: its photos and clips as square thumbnails, a row per day.",
        discussion: """
            Thumbnails in story order under a heading per day (its date and places). Clips carry a \
            play triangle and their length. With a project — --project, else the project file \
            lenta project (or lenta auto) last wrote for the lenta, when it is still there — the \
            story's items come first in its order and its alternates (items it left out) follow, \
            dimmed with an orange corner; --no-project for the lenta's items in time order. \
            Thumbnails are decoded small (JPEG DCT scaling, HEIF stored thumbnails, a clip's first \
            keyframe); an item that cannot be read is a grey square with a cross, and is named.
            """)

    @OptionGroup var lenta: LentaID
    @Option(name: .shortAndLong, help: ArgumentHelp("The PNG to write.", valueName: "sheet.png"))
    var output: String
    @Option(help: ArgumentHelp("A project of this lenta: its order, chosen items and alternates (default: the one lenta project last wrote for it).",
                               valueName: "story.json"))
    var project: String?
    @Flag(help: "Ignore the lenta's project file: its items in time order.")
    var noProject = false
    @Option(help: ArgumentHelp("Thumbnails per row.", valueName: "count"))
    var columns: Int = 8
    @Option(help: ArgumentHelp("A thumbnail's side in pixels.", valueName: "pixels"))
    var cell: Int = 160
    @Option(help: ArgumentHelp("Which page of a sheet too large for one picture (64 megapixels) to draw.", valueName: "n"))
    var page: Int = 1

    @OptionGroup var catalogOptions: CatalogOptions

    func validate() throws {
        guard output.lowercased().hasSuffix(".png") else { throw ValidationError("-o must end in .png (got \(output)).") }
        guard (1...64).contains(columns) else { throw ValidationError("--columns must be between 1 and 64.") }
        guard (32...1024).contains(cell) else { throw ValidationError("--cell must be between 32 and 1024 pixels.") }
        guard ContactSheet(columns: columns, cell: cell).fitsOneRow else {
            throw ValidationError("--columns \(columns) with --cell \(cell) makes rows wider than a sheet may be (\(ContactSheet.maximumPixels) pixels): fewer columns or a smaller cell.")
        }
        guard page >= 1 else { throw ValidationError("--page must be at least 1.") }
        try OutputName.check(output)
        if project != nil && noProject { throw ValidationError("--project and --no-project contradict each other.") }
    }

    func run() throws {
        let lentas = try libraryCall { Lentas(catalog: try catalogOptions.open()) }
        var projectFile: ProjectFile?
        var directory: URL?
        var path = project
        if path == nil, !noProject {
            path = try libraryCall { try lentas.rememberedProject(id: lenta.id) }?.path
        }
        if let path {
            let url = URL(fileURLWithPath: path)
            guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure("\(path): cannot be read") }
            let read = ProjectFile.read(data)
            guard let file = read.project, !read.problems.contains(where: \.isError) else {
                throw CommandFailure("\(path): \(read.problems.map(\.description).joined(separator: "; "))")
            }
            projectFile = file
            directory = url.deletingLastPathComponent().standardizedFileURL
        }
        let items = try libraryCall { try lentas.sheet(id: lenta.id, project: projectFile, projectDirectory: directory) }
        guard !items.isEmpty else { throw CommandFailure("lenta \(lenta.id) has no items") }
        let headings = Self.headings(items)
        let all = zip(items, headings).map { item, day in
            var entry = ContactSheet.Entry(path: item.path, isClip: item.kind.map { $0 == .video }, isAlternate: item.isAlternate, day: day)
            entry.sensitive = item.sensitive
            return entry
        }
        let sheet = ContactSheet(columns: columns, cell: cell)
        let pages = sheet.pages(all)
        guard page <= pages.count else {
            Diagnostics.report(.error("--page \(page): the sheet of lenta \(lenta.id) has \(pages.count) \(pages.count == 1 ? "page" : "pages")"))
            throw ExitCode(2)
        }
        let entries = Array(all[pages[page - 1]])
        FFmpegLogging.silence()
        var unreadable = 0
        let image = sheet.render(entries, text: try? TextEngine.shared()) { path, error in
            unreadable += 1
            Diagnostics.report(.warning("no thumbnail: \(error)", about: path))
        }
        do {
            try PNGExport.write(image, to: output)
        } catch {
            throw CommandFailure(error)
        }
        let alternates = items.filter(\.isAlternate).count
        let documents = items.filter { $0.sensitive == .document }.count, privates = items.filter { $0.sensitive == .private }.count
        let paged = pages.count == 1 ? ""
            : " (page \(page) of \(pages.count): items \(pages[page - 1].lowerBound + 1)–\(pages[page - 1].upperBound); --page for the others)"
        print("Wrote \(output): \(items.count) items" + paged + (alternates > 0 ? " (\(alternates) alternates)" : "")
              + (documents > 0 ? ", \(documents) document\(documents == 1 ? "" : "s") framed in amber" : "")
              + (privates > 0 ? ", \(privates) with personal data blurred and framed in red" : "")
              + (unreadable > 0 ? ", \(unreadable) unreadable" : "") + (path.map { " in the order of \($0)" } ?? " in time order"))
    }

    /// Each item's heading (`ContactSheet.dayHeadings`).
    static func headings(_ items: [SheetItem]) -> [String] {
        ContactSheet.dayHeadings(days: items.map(Self.day), places: items.map(\.placeName))
    }

    static func day(_ item: SheetItem) -> String? {
        guard let local = item.time?.local else { return nil }
        return String(local.description.prefix(10))
    }
}
