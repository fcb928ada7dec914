import ArgumentParser
import Foundation
import LentaCore
import LentaLibrary

/// A lenta id on the command line.
struct LentaID: ParsableArguments {
    @Argument(help: ArgumentHelp("The lenta's id (lenta list shows them).", valueName: "id"))
    var id: Int64
}

/// A date range on the command line, checked before anything runs.
struct DateRangeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("First day, in the photos' own local dates (YYYY-MM-DD).", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("Last day, inclusive (YYYY-MM-DD).", valueName: "date"))
    var to: String?

    var range: (LocalDate, LocalDate)? {
        guard let from, let to, let a = LocalDate(from), let b = LocalDate(to) else { return nil }
        return (a, b)
    }

    func validate(required: Bool) throws {
        if from == nil && to == nil && !required { return }
        guard let from, let to else { throw ValidationError("Give both --from and --to.") }
        guard let a = LocalDate(from) else { throw ValidationError("--from '\(from)' is not a date (YYYY-MM-DD).") }
        guard let b = LocalDate(to) else { throw ValidationError("--to '\(to)' is not a date (YYYY-MM-DD).") }
        if b < a { throw ValidationError("--from \(from) is after --to \(to).") }
    }
}

/// Runs a library call, turning its failures into exit 1 with the message.
func libraryCall<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let failure as Lentas.Failure {
        throw CommandFailure(failure)
    }
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Lentas, newest first: id, dates, title, counts.")
    @Option(help: ArgumentHelp("Only the lentas this person is in (id or name; lenta people lists them).", valueName: "person"))
    var person: String?
    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let library = Lentas(catalog: try catalogOptions.open())
        let lentas = try libraryCall { try person.map { try library.list(person: $0) } ?? library.list() }
        if output.json { return try JSONOutput.print(lentas) }
        if lentas.isEmpty { return print("No lentas yet: lenta scan FOLDER finds them, lenta new makes one.") }
        print(Terminal.printable(LentaReadout.list(lentas)))
    }
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "A lenta's items in order, with times, places and warnings.")
    @OptionGroup var lenta: LentaID
    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let catalog = try catalogOptions.open()
        let detail = try libraryCall { try Lentas(catalog: catalog).show(id: lenta.id) }
        if output.json { return try JSONOutput.print(detail) }
        // Documents and pictures with personal data are marked with what was found.
        let qualities = try libraryCall { try catalog.quality(ids: detail.items.map(\.id)) }
        let marks = qualities.compactMapValues { entry -> String? in
            guard let q = entry.quality, q.content.isSensitive else { return nil }
            return "[\(q.content.rawValue): \(q.contentReasons.first ?? "")]"
        }
        print(Terminal.printable(LentaReadout.detail(detail, marks: marks)))
    }
}

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make a lenta of everything taken in a date range, of chosen files, or a memory by a rule.",
        discussion: """
            lenta new --from 2024-05-03 --to 2024-05-09
            lenta new --pick a.jpg b.mov ...
            lenta new --on-this-day [05-04]   every earlier year's items within --days of that day (default: today)
            lenta new --year 2024             the year's trips and moments, a chapter per trip or month
            lenta new --random                a past lenta, chosen with today's date as the seed
            lenta new --person Anna [--from --to]   a person's photos and clips
            Running a memory's rule again updates its lenta; items added by hand stay.
            """)
    @OptionGroup var dates: DateRangeOptions
    @Option(help: ArgumentHelp("A lenta of this person's photos and clips (id or name; lenta people lists them).", valueName: "person"))
    var person: String?
    @Option(parsing: .upToNextOption, help: ArgumentHelp("Files to put in the lenta (already scanned).", valueName: "file"))
    var pick: [String] = []
    @OptionGroup var memory: MemoryRuleOptions
    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        if person != nil {
            if !pick.isEmpty || memory.isGiven { throw ValidationError("Use either --person, --pick or a memory rule, not more than one.") }
            if let from = dates.from, LocalDate(from) == nil { throw ValidationError("--from '\(from)' is not a date (YYYY-MM-DD).") }
            if let to = dates.to, LocalDate(to) == nil { throw ValidationError("--to '\(to)' is not a date (YYYY-MM-DD).") }
            return
        }
        let ways = [!pick.isEmpty, dates.from != nil || dates.to != nil, memory.isGiven].filter { $0 }.count
        if ways > 1 { throw ValidationError("Use one of --from/--to, --pick, or a memory rule (--on-this-day, --year, --random).") }
        if memory.isGiven { return try memory.check() }
        if pick.isEmpty { try dates.validate(required: true) }
    }

    func run() throws {
        let lentas = Lentas(catalog: try catalogOptions.open())
        let detail = try libraryCall {
            if let person { return try lentas.newLenta(person: person, from: dates.from.flatMap { LocalDate($0) }, to: dates.to.flatMap { LocalDate($0) }, today: memory.today.date) }
            if let rule = memory.rule { return try lentas.newMemory(rule, today: memory.today.date) }
            if let (from, to) = dates.range { return try lentas.newLenta(from: from, to: to) }
            return try lentas.newLenta(pick: pick)
        }
        if output.json { return try JSONOutput.print(detail) }
        let rule = detail.lenta.memory.map { " — \($0)" } ?? ""
        print("Made lenta \(detail.lenta.id): \(detail.lenta.title) (\(LentaReadout.counts(detail.lenta)))\(rule)")
        Diagnostics.report(detail.lenta.warnings.map { Diagnostic.warning($0) })
    }
}

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Re-date a lenta; items added by hand stay.")
    @OptionGroup var lenta: LentaID
    @OptionGroup var dates: DateRangeOptions
    @OptionGroup var catalogOptions: CatalogOptions
    @OptionGroup var output: OutputOptions

    func validate() throws { try dates.validate(required: true) }

    func run() throws {
        guard let (from, to) = dates.range else { throw ValidationError("Give both --from and --to.") }
        let detail = try libraryCall { try Lentas(catalog: try catalogOptions.open()).edit(id: lenta.id, from: from, to: to) }
        if output.json { return try JSONOutput.print(detail) }
        print("Lenta \(detail.lenta.id) now runs \(from) to \(to): \(detail.lenta.title) (\(LentaReadout.counts(detail.lenta)))")
    }
}

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Delete a lenta (not its files). Asks on a terminal; --yes for scripts.")
    @OptionGroup var lenta: LentaID
    @Flag(name: .shortAndLong, help: "Do not ask.")
    var yes = false
    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        let lentas = Lentas(catalog: try catalogOptions.open())
        let detail = try libraryCall { try lentas.show(id: lenta.id) }
        if !yes {
            guard Terminal.stdinIsTerminal else {
                throw CommandFailure("not deleting lenta \(lenta.id) without --yes (no terminal to ask on)")
            }
            FileHandle.standardError.write(Data("Delete lenta \(lenta.id) “\(detail.lenta.title)” (\(LentaReadout.counts(detail.lenta)))? The files stay. [y/N] ".utf8))
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard answer == "y" || answer == "yes" else { return print("Kept lenta \(lenta.id).") }
        }
        try libraryCall { try lentas.delete(id: lenta.id) }
        print("Deleted lenta \(lenta.id): \(detail.lenta.title)")
    }
}
