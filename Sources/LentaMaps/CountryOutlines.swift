import Foundation
import LentaCore

/// The world's country outlines (Natural Earth admin-0, see `Resources/README.txt`), and the
/// questions a route map asks of them. Immutable once read: safe from any number of threads.
public final class CountryOutlines: Sendable {
    /// The file these outlines were read from.
    public let path: String
    /// What the data is, e.g. "Natural Earth 1:10m Admin 0 Countries 5.1.1 …".
    public let dataSource: String
    /// Every country, sorted by code.
    public let countries: [CountryOutline]

    /// Reads an outlines file; errors name the file and say what is wrong.
    public init(contentsOfFile path: String) throws {
        let contents = try CountriesFile.load(path: path)
        self.path = path
        self.dataSource = contents.source
        self.countries = contents.countries
    }

    // Swift runs a static's initialiser once, thread-safely, on first use: the file is read
    // lazily and shared; a failure is kept and thrown again on every call.
    private static let bundledResult: Result<CountryOutlines, Error> = Result { try CountryOutlines(contentsOfFile: bundledFilePath()) }

    /// The outlines of the bundled `countries.bin`, read the first time they are asked for.
    public static func bundled() throws -> CountryOutlines { try bundledResult.get() }

    /// Where the bundled `countries.bin` is: `$LENTA_COUNTRIES_FILE` when set; else the resource
    /// bundle beside the executable, as SwiftPM builds it; else `share/lenta/countries.bin` beside
    /// an installed lenta's `bin/`; else the source tree.
    public static func bundledFilePath() throws -> String {
        try BundledResource.path(
            of: "countries.bin", what: "country outlines file", environmentKey: "LENTA_COUNTRIES_FILE", bundleName: BundledResource.bundleName(package: "lenta", module: "LentaMaps"),
            inBundle: { Bundle.module.url(forResource: "countries", withExtension: "bin", subdirectory: "Resources") },
            sourceFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Resources").appendingPathComponent("countries.bin"))
    }

    /// The countries whose box meets `box` (longitudes may run past ±180).
    public func countries(intersecting box: GeoBox) -> [CountryOutline] {
        countries.filter { $0.box.intersects(box) }
    }

    /// The country a point is in, or failing that the nearest one whose coast or border is
    /// within `reachKm` (a photo from a beach or a ferry just off the simplified outline).
    public func country(at point: GeoPoint, reachKm: Double = 5) -> CountryOutline? {
        guard point.latitude.isFinite, point.longitude.isFinite else { return nil }
        if let inside = countries.first(where: { $0.contains(point) }) { return inside }
        var best: (CountryOutline, Double)? = nil
        for c in countries {
            if let d = c.distanceKm(to: point, within: reachKm), d < (best?.1 ?? .infinity) { best = (c, d) }
        }
        return best?.0
    }

    /// The codes of the countries the points are in or touch, each once, in order of first visit.
    public func countryCodes(touchedBy points: [GeoPoint], reachKm: Double = 5) -> [String] {
        var seen = Set<String>(), codes: [String] = []
        for p in points {
            if let c = country(at: p, reachKm: reachKm), seen.insert(c.code).inserted { codes.append(c.code) }
        }
        return codes
    }
}
