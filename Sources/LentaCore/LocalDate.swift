/// A calendar day with no zone: `2024-05-03`.
public struct LocalDate: Hashable, Comparable, CodableAsText, Sendable {
    public var year: Int, month: Int, day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year; self.month = month; self.day = day
    }

    /// Parses `2024-05-03` (or `2024:05:03`); nil for anything else or an impossible day.
    public init?(_ text: String) {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == ":" })
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              LocalDateTime(year: y, month: m, day: d).isValidDate else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public init(_ time: LocalDateTime) { self.init(year: time.year, month: time.month, day: time.day) }

    public var description: String { "\(pad(year, 4))-\(pad(month))-\(pad(day))" }

    public static func < (a: LocalDate, b: LocalDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    public init?(codableText: String) { self.init(codableText) }
    public static let textKind = "a date"
}
