import LentaCore

/// How long a story is when no length is asked for: about a minute for a weekend, two for a
/// fortnight — 60 s for up to three days, 5 s more for each further day, at most 3 minutes.
public enum StoryLengthRule {
    public static func seconds(days: Int) -> Double {
        min(180, 60 + 5 * Double(max(0, days - 3)))
    }

    /// The rule for a lenta running from `first` to `last` (one day when undated).
    public static func seconds(from first: LocalDate?, to last: LocalDate?) -> Double {
        guard let first, let last else { return seconds(days: 1) }
        let day = { (d: LocalDate) in LocalDateTime(year: d.year, month: d.month, day: d.day).secondsSinceEpochAsUTC / 86_400 }
        return seconds(days: max(1, Int((day(last) - day(first)).rounded()) + 1))
    }
}
