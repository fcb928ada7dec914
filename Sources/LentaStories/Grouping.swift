import LentaCore

/// One proposed lenta: its items in time order.
public struct ItemGroup: Equatable, Sendable {
    public enum Kind: String, Sendable { case trip, event }
    public var kind: Kind
    public var itemIDs: [Int64]
}

/// Where the library's owner lives, as grouping found it.
public struct Home: Equatable, Sendable {
    public var city: String
    public var countryCode: String
    public var point: GeoPoint
    public var days: Int
}

/// Cuts a library into lentas: trips away from home and events at home.
///
/// 1. Items go on one UTC time axis (`Timeline`).
/// 2. Home is the city with the most days of photos, if it clearly dominates (`homeMinDays`,
///    `homeMinShare`); a library of trips only has none.
/// 3. Walking through time, photos away from home form runs; a run ends at a silence longer than
///    `gap`, at a jump farther than `jumpKm`, or when a photo is taken at home again.
/// 4. A short run near home is an outing, not a trip: its photos count as home photos.
/// 5. Home photos form events where they come in bursts (`eventGap`, `eventMinItems`).
/// 6. Photos without a position join the lenta their time falls into (with `edgeSlack`); they
///    never split one.
/// 7. Groups smaller than `minItems` are dropped.
public struct Grouping {
    public var options: GroupingOptions

    public init(options: GroupingOptions = GroupingOptions()) { self.options = options }

    public struct Result: Equatable, Sendable {
        public var home: Home?
        public var groups: [ItemGroup]
    }

    private struct Entry {
        var id: Int64
        var instant: Double
        var location: GeoPoint?
        var atHome: Bool
    }

    public func group(_ items: [TimelineItem]) -> Result {
        let instants = Timeline.instants(items)
        let home = findHome(items, instants: instants)
        var entries: [Entry] = items.compactMap { item in
            guard let t = instants[item.id] else { return nil }
            let atHome = home.map { h in item.location.map { Geodesy.kilometres($0, h.point) <= options.homeRadiusKm } ?? false } ?? false
            return Entry(id: item.id, instant: t, location: item.location, atHome: atHome)
        }
        entries.sort { ($0.instant, $0.id) < ($1.instant, $1.id) }

        // Runs away from home, from positioned items only.
        var runs: [[Int]] = []
        var current: [Int] = []
        for (i, e) in entries.enumerated() {
            guard let point = e.location else { continue }
            if e.atHome {
                if !current.isEmpty { runs.append(current); current = [] }
                continue
            }
            if let last = current.last {
                let tooLong = e.instant - entries[last].instant > options.gap
                let tooFar = entries[last].location.map { Geodesy.kilometres($0, point) > options.jumpKm } ?? false
                if tooLong || tooFar { runs.append(current); current = [] }
            }
            current.append(i)
        }
        if !current.isEmpty { runs.append(current) }

        var trips: [[Int]] = []
        var homeish = Set(entries.indices.filter { entries[$0].atHome })
        for run in runs {
            let span = entries[run[run.count - 1]].instant - entries[run[0]].instant
            let farthest = home.map { h in run.compactMap { entries[$0].location }.map { Geodesy.kilometres($0, h.point) }.max() ?? 0 }
            if let farthest, span < options.outingMaxDuration, farthest <= options.outingMaxKm {
                homeish.formUnion(run)  // an outing
            } else {
                trips.append(run)
            }
        }

        // Events at home: bursts of home photos.
        var events: [[Int]] = []
        if home != nil {
            var burst: [Int] = []
            for i in entries.indices where homeish.contains(i) {
                if let last = burst.last, entries[i].instant - entries[last].instant > options.eventGap {
                    if burst.count >= options.eventMinItems { events.append(burst) }
                    burst = []
                }
                burst.append(i)
            }
            if burst.count >= options.eventMinItems { events.append(burst) }
        }

        // Items without a position join the group whose span holds them.
        var spans: [(start: Double, end: Double, members: [Int], kind: ItemGroup.Kind)] =
            trips.map { (entries[$0[0]].instant, entries[$0[$0.count - 1]].instant, $0, .trip) }
            + events.map { (entries[$0[0]].instant, entries[$0[$0.count - 1]].instant, $0, .event) }
        spans.sort { $0.start < $1.start }
        for (i, e) in entries.enumerated() where e.location == nil {
            var best: (index: Int, distance: Double)? = nil
            for (k, s) in spans.enumerated() {
                let distance = e.instant < s.start ? s.start - e.instant : (e.instant > s.end ? e.instant - s.end : 0)
                guard distance <= (distance == 0 ? 0 : options.edgeSlack) else { continue }
                if distance < best?.distance ?? .infinity { best = (k, distance) }
            }
            if let best { spans[best.index].members.append(i) }
        }

        let groups: [ItemGroup] = spans.compactMap { s in
            guard s.members.count >= options.minItems else { return nil }
            let ordered = s.members.sorted { (entries[$0].instant, entries[$0].id) < (entries[$1].instant, entries[$1].id) }
            return ItemGroup(kind: s.kind, itemIDs: ordered.map { entries[$0].id })
        }
        return Result(home: home, groups: groups)
    }

    /// The city with the most distinct days of photos, if it dominates the library.
    func findHome(_ items: [TimelineItem], instants: [Int64: Double]) -> Home? {
        var daysByCity: [String: Set<Int>] = [:]
        var points: [String: [GeoPoint]] = [:]
        var allDays = Set<Int>()
        for item in items {
            guard let point = item.location, let city = item.city, let country = item.countryCode,
                  let t = instants[item.id] else { continue }
            let local = t + Double(item.capture?.offset?.seconds ?? 0)
            let day = Int((local / 86_400).rounded(.down))
            let key = city + "\u{1F}" + country
            daysByCity[key, default: []].insert(day)
            points[key, default: []].append(point)
            allDays.insert(day)
        }
        guard let (key, days) = daysByCity.max(by: { ($0.value.count, $1.key) < ($1.value.count, $0.key) }),
              days.count >= options.homeMinDays, Double(days.count) >= options.homeMinShare * Double(allDays.count),
              let cityPoints = points[key], !cityPoints.isEmpty else { return nil }
        // The median point, robust to a few far-off photos tagged with the city.
        let lat = cityPoints.map(\.latitude).sorted()[cityPoints.count / 2]
        let lon = cityPoints.map(\.longitude).sorted()[cityPoints.count / 2]
        let parts = key.split(separator: "\u{1F}", omittingEmptySubsequences: false)
        return Home(city: String(parts[0]), countryCode: parts.count > 1 ? String(parts[1]) : "",
                    point: GeoPoint(latitude: lat, longitude: lon), days: days.count)
    }
}
