import LentaCore

/// How memories are told, apart from the library (pure): their length, when one is worth a
/// story, the chapters they are cut into, and the seeded choice of a random memory.
public enum MemoryStory {
    /// Seconds a memory lasts when no length is asked for: "a year in 60 seconds". (The rule
    /// for trips would make an on-this-day memory spanning years, or a year, three minutes long.)
    public static let length: Double = 60

    /// The shortest a memory of `sections` sections may be: each shown once at `photoDuration`
    /// after the title card, so a year's review never leaves a trip out for want of time.
    public static func minimumLength(sections: Int, photoDuration: Double, titleCard: Double) -> Double {
        titleCard + Double(sections) * photoDuration
    }

    /// Good items (those story choosing would keep: no copy, burst twin, screenshot, document,
    /// dark or blurred shot) an on-this-day or year memory needs before `lenta auto` makes it.
    /// Six photos at the usual 3 s with the title card make a story of about 18 s, the shortest
    /// that still tells something; fewer is a glimpse, and a nightly job that rendered every
    /// day with two photos would fill the page with near-empty films.
    public static let worthwhile = 6

    /// A part of a memory that becomes a chapter (and the share of the story its size earns):
    /// a year of an on-this-day memory, a trip or a month of a year's.
    public struct Section: Hashable, Sendable {
        /// Tells sections apart (`2023`, `lenta 12`, `2024-05`).
        public var key: String
        /// The chapter's title, also shown over its first item: "2023", "Lisbon & Sintra, Portugal", "May 2024".
        public var title: String
        public init(key: String, title: String) {
            self.key = key
            self.title = title
        }
    }

    /// The section of a year's item: the trip or event (automatic lenta) it belongs to, else its month.
    public static func yearSection(day: LocalDate, trip: (id: Int64, title: String)?) -> Section {
        if let trip { return Section(key: "lenta \(trip.id)", title: trip.title) }
        let month = (day.month < 10 ? "0" : "") + String(day.month)
        return Section(key: "\(day.year)-\(month)", title: "\(LentaTitle.months[day.month - 1]) \(day.year)")
    }

    /// The section of an on-this-day item: its year.
    public static func onThisDaySection(day: LocalDate) -> Section {
        Section(key: String(day.year), title: String(day.year))
    }

    /// The past lenta a random memory shows: of `candidates` (lenta ids), the one whose
    /// 64-bit FNV-1a hash of "SEED ID" (the seed as `2026-05-04`) is highest. The same date
    /// always picks the same lenta while it exists; a lenta added later changes a day's choice
    /// only when it is the one that wins (rendezvous hashing), not the choice of every day.
    public static func randomChoice(seed: LocalDate, among candidates: [Int64]) -> Int64? {
        candidates.max { (score(seed, $0), $0) < (score(seed, $1), $1) }
    }

    static func score(_ seed: LocalDate, _ id: Int64) -> UInt64 { FNV1a.hash("\(seed) \(id)".utf8) }

    /// "4 May · 2022–2024 · Portugal": the day, the years it spans and the countries.
    public static func onThisDaySubtitle(_ date: MonthDay, years: [Int], places: [ItemPlace?]) -> String {
        var parts = [date.spoken]
        if let first = years.min(), let last = years.max() { parts.append(first == last ? String(first) : "\(first)–\(last)") }
        let countries = LentaTitle.ranked(places.compactMap { $0 }.filter { !$0.isRemote }.map(\.country))
        if !countries.isEmpty { parts.append(LentaTitle.list(countries.count > 3 ? Array(countries.prefix(3)) + ["more"] : countries)) }
        return parts.joined(separator: " · ")
    }
}
