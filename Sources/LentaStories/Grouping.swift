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
/// 5. Photos without a position join the trip their time falls into (with `edgeSlack`); they
///    never split one.
/// 6. Home photos (and the unplaced ones no trip took) form events where they come in bursts
///    (`eventGap`, `eventMinItems`). Without a home, unplaced photos are grouped by time alone.
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
            let atHome = home.map { h in item.location.map { $0.kilometres(to: h.point) <= options.homeRadiusKm } ?? false } ?? false
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
                let tooFar = entries[last].location.map { $0.kilometres(to: point) > options.jumpKm } ?? false
                if tooLong || tooFar { runs.append(current); current = [] }
            }
            current.append(i)
        }
        if !current.isEmpty { runs.append(current) }

        var trips: [[Int]] = []
        var homeish = Set(entries.indices.filter { entries[$0].atHome })
        for run in runs {
            let span = entries[run[run.count - 1]].instant - entries[run[0]].instant
            let farthest = home.map { h in run.compactMap { entries[$0].location }.map { $0.kilometres(to: h.point) }.max() ?? 0 }
            if let farthest, span < options.outingMaxDuration, farthest <= options.outingMaxKm {
                homeish.formUnion(run)  // an outing
            } else {
                trips.append(run)
            }
        }

        // Items without a position join the trip whose span holds them.
        var members = trips
        var leftovers: [Int] = []
        for (i, e) in entries.enumerated() where e.location == nil {
            var best: (index: Int, distance: Double)? = nil
            for (k, trip) in trips.enumerated() {
                let start = entries[trip[0]].instant, end = entries[trip[trip.count - 1]].instant
                let distance = e.instant < start ? start - e.instant : (e.instant > end ? e.instant - end : 0)
                guard distance <= (distance == 0 ? 0 : options.edgeSlack) else { continue }
                if distance < best?.distance ?? .infinity { best = (k, distance) }
            }
            if let best { members[best.index].append(i) } else { leftovers.append(i) }
        }
        var groups: [(members: [Int], kind: ItemGroup.Kind)] = members.map { ($0, .trip) }

        if home != nil {
            // At home (and on outings), bursts of photos are events; photos without a position
            // that no trip took are most likely at home too.
            homeish.formUnion(leftovers)
            var burst: [Int] = []
            for i in entries.indices where homeish.contains(i) {
                if let last = burst.last, entries[i].instant - entries[last].instant > options.eventGap {
                    if burst.count >= options.eventMinItems { groups.append((burst, .event)) }
                    burst = []
                }
                burst.append(i)
            }
            if burst.count >= options.eventMinItems { groups.append((burst, .event)) }
        } else {
            // Without a home and without positions, time is all there is: build what can be built.
            var run: [Int] = []
            for i in leftovers {
                if let last = run.last, entries[i].instant - entries[last].instant > options.gap {
                    groups.append((run, .trip))
                    run = []
                }
                run.append(i)
            }
            if !run.isEmpty { groups.append((run, .trip)) }
        }

        let result = groups.compactMap { g -> (start: Int, group: ItemGroup)? in
            guard g.members.count >= options.minItems else { return nil }
            let ordered = g.members.sorted()  // entries are in time order already
            return (ordered[0], ItemGroup(kind: g.kind, itemIDs: ordered.map { entries[$0].id }))
        }.sorted { $0.start < $1.start }.map(\.group)
        return Result(home: home, groups: result)
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
