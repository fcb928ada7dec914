import LentaCore

/// Where `lenta project --interlude` puts route interludes (`routeInterlude` on an item).
public enum RouteInterludePlacement: String, CaseIterable, Sendable {
    /// Before the first item: the whole route, opening the story.
    case start
    /// Before the first item of each day after the first where the trip moves on: the way from
    /// one day's last place to the next day's first (a day that starts where the last one ended
    /// has none: its dot would not move).
    case days

    /// The items that carry an interlude for the placements asked, as indices into `days` and
    /// `places` (each item's local day and the place a person would name, in story order; nil:
    /// not known).
    public static func items(for placements: Set<RouteInterludePlacement>, days: [LocalDate?], places: [String?]) -> [Int] {
        var carriers = Set<Int>()
        if placements.contains(.start), !days.isEmpty { carriers.insert(0) }
        if placements.contains(.days) {
            var lastDay: LocalDate?, lastPlace: String?
            for (i, day) in days.enumerated() {
                let place = i < places.count ? places[i] : nil
                if let day {
                    // The day's first place: its first item's, or the next named one that day.
                    var firstPlace = place, j = i + 1
                    while firstPlace == nil, j < days.count, j < places.count, days[j] == day {
                        firstPlace = places[j]
                        j += 1
                    }
                    if let lastDay, day != lastDay, lastPlace == nil || firstPlace == nil || lastPlace != firstPlace {
                        carriers.insert(i)
                    }
                    lastDay = day
                }
                if let place { lastPlace = place }
            }
        }
        return carriers.sorted()
    }
}
