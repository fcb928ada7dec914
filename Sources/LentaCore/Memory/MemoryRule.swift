/// The rule that made a memory lenta, kept with it in the catalog (`memory` table): running the
/// rule again finds the lenta by `key` and updates it.
///
/// Each case is one query of the library (`Lentas.memoryContent(_:today:)`).
public enum MemoryRule: Hashable, Sendable, CustomStringConvertible {
    /// Every earlier year's items within `days` days either side of a month and day, oldest first.
    case onThisDay(MonthDay, days: Int)
    /// The year's trips and best moments, in proportion to their size.
    case year(Int)
    /// A past lenta, chosen with `seed` (a date) as the seed: the same date, the same lenta.
    case random(seed: LocalDate)
    /// A film of one person (by catalog id, so renaming them keeps the memory): every photo and
    /// clip they are in, between the days given (either may be open), a chapter per year.
    case person(Int64, from: LocalDate?, to: LocalDate?)

    /// Days either side of the date an on-this-day memory takes (3–5 May for 4 May).
    public static let defaultDays = 1

    /// The rule's name as the command line and the catalog write it.
    public var name: String {
        switch self {
        case .onThisDay: return "on-this-day"
        case .year: return "year"
        case .random: return "random"
        case .person: return "person"
        }
    }

    /// What the rule was given, as text (the catalog's `parameters` column, `list --json`).
    public var parameters: [String: String] {
        switch self {
        case .onThisDay(let date, let days): return ["date": date.description, "days": String(days)]
        case .year(let year): return ["year": String(year)]
        case .random(let seed): return ["seed": seed.description]
        case .person(let id, let from, let to):
            var parameters = ["person": String(id)]
            if let from { parameters["from"] = from.description }
            if let to { parameters["to"] = to.description }
            return parameters
        }
    }

    /// Who the lenta is: the same key, the same lenta (`on-this-day 05-04`, `year 2024`,
    /// `random 2026-05-04`, `person 3`). The window of an on-this-day memory and a person's dates
    /// are not part of it: running the rule with others updates the same lenta.
    public var key: String {
        switch self {
        case .onThisDay(let date, _): return "on-this-day \(date)"
        case .year(let year): return "year \(year)"
        case .random(let seed): return "random \(seed)"
        case .person(let id, _, _): return "person \(id)"
        }
    }

    /// "on this day, 4 May (±1 day)", "the year 2024", "a random memory for 2026-05-04".
    public var description: String {
        switch self {
        case .onThisDay(let date, let days): return "on this day, \(date.spoken) (±\(days) day\(days == 1 ? "" : "s"))"
        case .year(let year): return "the year \(year)"
        case .random(let seed): return "a random memory for \(seed)"
        case .person(let id, let from, let to):
            let range = from == nil && to == nil ? "" : " from \(from?.description ?? "the first") to \(to?.description ?? "the last")"
            return "person \(id)'s photos and clips\(range)"
        }
    }

    /// The rule read back from its name and parameters; nil when they do not make one.
    public init?(name: String, parameters: [String: String]) {
        switch name {
        case "on-this-day":
            guard let date = parameters["date"].flatMap({ MonthDay($0) }), let days = parameters["days"].flatMap(Int.init),
                  (0...MonthDay.maximumWindow).contains(days) else { return nil }
            self = .onThisDay(date, days: days)
        case "year":
            guard let year = parameters["year"].flatMap(Int.init), (1...9999).contains(year) else { return nil }
            self = .year(year)
        case "random":
            guard let seed = parameters["seed"].flatMap({ LocalDate($0) }) else { return nil }
            self = .random(seed: seed)
        case "person":
            guard let id = parameters["person"].flatMap({ Int64($0) }) else { return nil }
            let from = parameters["from"].flatMap { LocalDate($0) }, to = parameters["to"].flatMap { LocalDate($0) }
            guard (parameters["from"] == nil || from != nil), (parameters["to"] == nil || to != nil) else { return nil }
            self = .person(id, from: from, to: to)
        default:
            return nil
        }
    }
}

extension MemoryRule: Codable {
    /// `{"rule": "on-this-day", "date": "05-04", "days": "1"}`.
    public init(from decoder: any Decoder) throws {
        var fields = try [String: String](from: decoder)
        let name = fields.removeValue(forKey: "rule") ?? ""
        guard let rule = MemoryRule(name: name, parameters: fields) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a memory rule: \(name)"))
        }
        self = rule
    }

    public func encode(to encoder: any Encoder) throws {
        try parameters.merging(["rule": name]) { a, _ in a }.encode(to: encoder)
    }
}

/// A day of the year with no year: `05-04`.
public struct MonthDay: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var month: Int, day: Int

    /// The widest window an on-this-day memory takes, in days either side.
    public static let maximumWindow = 15

    public init?(month: Int, day: Int) {
        // 29 February is a day of the year: in other years it stands for the 28th.
        guard (1...12).contains(month), day >= 1, day <= LocalDate.days(inMonth: month, year: 2024) else { return nil }
        self.month = month
        self.day = day
    }

    /// Parses `05-04` (MM-DD).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let m = Int(parts[0]), let d = Int(parts[1]) else { return nil }
        self.init(month: m, day: d)
    }

    public init(_ date: LocalDate) {
        month = date.month
        day = date.day
    }

    public var description: String { "\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)" }

    /// "4 May".
    public var spoken: String { "\(day) \(LocalDate.monthNames[month - 1])" }

    /// This day in `year` (28 February for 29 February in a year without it).
    public func date(in year: Int) -> LocalDate {
        LocalDate(year: year, month: month, day: min(day, LocalDate.days(inMonth: month, year: year)))
    }

    public static func < (a: MonthDay, b: MonthDay) -> Bool { (a.month, a.day) < (b.month, b.day) }
}

extension LocalDate {
    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int {
        Int((LocalDateTime(year: year, month: month, day: day).secondsSinceEpochAsUTC / 86_400).rounded(.down))
    }

    /// The day `days` days after this one (before, when negative).
    public func adding(days: Int) -> LocalDate {
        LocalDate(LocalDateTime(secondsSinceEpochAsUTC: Double(dayNumber + days) * 86_400))
    }
}
