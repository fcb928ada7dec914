import ArgumentParser
import Foundation
import LentaAuto
import LentaCore

/// `--today DATE`: the day memories are made for, so a test or a nightly job is reproducible.
struct TodayOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The day memories are made for (YYYY-MM-DD).",
                               discussion: "Default: $LENTA_TODAY, else today on this computer's clock.", valueName: "date"))
    var today: String?

    func validate() throws {
        if let today, LocalDate(today) == nil { throw ValidationError("--today '\(today)' is not a date (YYYY-MM-DD).") }
        if today == nil, let text = ProcessInfo.processInfo.environment["LENTA_TODAY"], !text.isEmpty, LocalDate(text) == nil {
            throw ValidationError("LENTA_TODAY='\(text)' is not a date (YYYY-MM-DD).")
        }
    }

    /// `--today`, else `$LENTA_TODAY`, else the local date now.
    var date: LocalDate {
        if let today, let date = LocalDate(today) { return date }
        if let text = ProcessInfo.processInfo.environment["LENTA_TODAY"], let date = LocalDate(text) { return date }
        let now = Calendar.current.dateComponents(in: TimeZone.current, from: Date())
        return LocalDate(year: now.year ?? 1970, month: now.month ?? 1, day: now.day ?? 1)
    }
}

/// `--memories on-this-day,year`: the memories `lenta auto` makes, as a comma list.
struct MemoryList: ExpressibleByArgument {
    var kinds: [AutoJob.MemoryKind]

    init?(argument: String) {
        var kinds: [AutoJob.MemoryKind] = []
        for word in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let kind = AutoJob.MemoryKind(rawValue: word.trimmingCharacters(in: .whitespaces)) else { return nil }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        guard !kinds.isEmpty else { return nil }
        self.kinds = kinds
    }

    static var allValueStrings: [String] { AutoJob.MemoryKind.allCases.map(\.rawValue) }
}

/// The memory rules of `lenta new`: `--on-this-day [MM-DD]`, `--year YEAR`, `--random`.
struct MemoryRuleOptions: ParsableArguments {
    @Flag(help: "A memory of every earlier year's items within --days of a day: the day given after it (MM-DD), else today.")
    var onThisDay = false

    @Argument(help: ArgumentHelp("The day of --on-this-day (MM-DD; default: today).", valueName: "MM-DD"))
    var onThisDayDate: String?

    @Option(help: ArgumentHelp("Days either side of the day --on-this-day takes (0–\(MonthDay.maximumWindow)).", valueName: "n"))
    var days: Int = MemoryRule.defaultDays

    @Option(help: ArgumentHelp("A memory of a year: its trips and best moments, a chapter per trip or month.", valueName: "year"))
    var year: Int?

    @Flag(help: "A memory of a past lenta, chosen with the date (--today) as the seed: the same date, the same lenta.")
    var random = false

    @OptionGroup var today: TodayOptions

    var isGiven: Bool { onThisDay || year != nil || random }

    func check() throws {
        if [onThisDay, year != nil, random].filter({ $0 }).count > 1 {
            throw ValidationError("Give one memory rule: --on-this-day, --year or --random.")
        }
        if let onThisDayDate {
            guard onThisDay else { throw ValidationError("'\(onThisDayDate)': a day is given only after --on-this-day.") }
            guard MonthDay(onThisDayDate) != nil else { throw ValidationError("--on-this-day '\(onThisDayDate)' is not a day of the year (MM-DD).") }
        }
        guard (0...MonthDay.maximumWindow).contains(days) else { throw ValidationError("--days must be 0 to \(MonthDay.maximumWindow).") }
        if let year, !(1...9999).contains(year) { throw ValidationError("--year \(year) is not a year.") }
    }

    var rule: MemoryRule? {
        if onThisDay { return .onThisDay(onThisDayDate.flatMap { MonthDay($0) } ?? MonthDay(today.date), days: days) }
        if let year { return .year(year) }
        if random { return .random(seed: today.date) }
        return nil
    }
}
