import LentaCore

/// Where `lenta project --interlude` puts route interludes (`routeInterlude` on an item).
public enum RouteInterludePlacement: String, CaseIterable, Sendable {
    /// Before the first item: the whole route, opening the story.
    case start
    /// Before the first item of each day after the first: the way from one day's last place to
    /// the next day's first.
    case days

    /// The items (indices into `days`, the local day of each item in story order; nil: not known)
    /// that carry an interlude for the placements asked.
    public static func items(for placements: Set<RouteInterludePlacement>, days: [LocalDate?]) -> [Int] {
        var carriers = Set<Int>()
        if placements.contains(.start), !days.isEmpty { carriers.insert(0) }
        if placements.contains(.days) {
            var last: LocalDate?
            for (i, day) in days.enumerated() {
                guard let day else { continue }
                if let last, day != last { carriers.insert(i) }
                last = day
            }
        }
        return carriers.sorted()
    }
}
