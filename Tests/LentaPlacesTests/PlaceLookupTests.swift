import Foundation
import LentaCore
import LentaPlaces
import Testing

/// Real coordinates, each checked by hand against a map and against the GeoNames records in
/// places.bin (names, regions and populations below are GeoNames').
@Suite struct PlaceLookupTests {
    let g: Gazetteer

    init() throws { g = try Gazetteer.bundled() }

    struct Case: Sendable, CustomStringConvertible {
        var label: String
        var latitude: Double, longitude: Double
        var nearest: String
        var prominent: String
        var country: String
        var countryName: String
        var admin1: String?
        var zone: String
        var description: String { label }
    }

    static let cases: [Case] = [
        Case(label: "Praça do Comércio, Lisbon", latitude: 38.7075, longitude: -9.1364, nearest: "Baixa",
             prominent: "Lisbon", country: "PT", countryName: "Portugal", admin1: "Lisbon", zone: "Europe/Lisbon"),
        Case(label: "Belém tower area, Lisbon", latitude: 38.6916, longitude: -9.2160, nearest: "Restelo",
             prominent: "Lisbon", country: "PT", countryName: "Portugal", admin1: "Lisbon", zone: "Europe/Lisbon"),
        Case(label: "Sintra (its own town, 22 km from Lisbon)", latitude: 38.7974, longitude: -9.3904, nearest: "Sintra",
             prominent: "Sintra", country: "PT", countryName: "Portugal", admin1: "Lisbon", zone: "Europe/Lisbon"),
        Case(label: "Tokyo Tower, Shibakōen", latitude: 35.6586, longitude: 139.7454, nearest: "Shibakōen",
             prominent: "Tokyo", country: "JP", countryName: "Japan", admin1: "Tokyo", zone: "Asia/Tokyo"),
        Case(label: "Kawasaki station (Kanagawa, not Tokyo)", latitude: 35.5308, longitude: 139.7029, nearest: "Kawasaki",
             prominent: "Kawasaki", country: "JP", countryName: "Japan", admin1: "Kanagawa", zone: "Asia/Tokyo"),
        Case(label: "Fushimi Inari, Kyoto", latitude: 34.9671, longitude: 135.7727, nearest: "Kyoto",
             prominent: "Kyoto", country: "JP", countryName: "Japan", admin1: "Kyoto", zone: "Asia/Tokyo"),
        Case(label: "Kinkaku-ji, Kyoto", latitude: 35.0394, longitude: 135.7292, nearest: "Kamigyō-ku",
             prominent: "Kyoto", country: "JP", countryName: "Japan", admin1: "Kyoto", zone: "Asia/Tokyo"),
        Case(label: "Eiffel Tower, Paris", latitude: 48.8584, longitude: 2.2945, nearest: "Paris 16 Passy",
             prominent: "Paris", country: "FR", countryName: "France", admin1: "Île-de-France", zone: "Europe/Paris"),
        Case(label: "Château de Versailles (not Paris)", latitude: 48.8049, longitude: 2.1204, nearest: "Versailles",
             prominent: "Versailles", country: "FR", countryName: "France", admin1: "Île-de-France", zone: "Europe/Paris"),
        Case(label: "City Hall, New York", latitude: 40.7128, longitude: -74.0060, nearest: "New York City",
             prominent: "New York City", country: "US", countryName: "United States", admin1: "New York",
             zone: "America/New_York"),
        Case(label: "Suva, Fiji (near the antimeridian)", latitude: -18.14, longitude: 178.44, nearest: "Suva",
             prominent: "Suva", country: "FJ", countryName: "Fiji", admin1: "Central", zone: "Pacific/Fiji"),
        Case(label: "Grand Canyon village, South Rim", latitude: 36.0544, longitude: -112.1401, nearest: "Grand Canyon",
             prominent: "Grand Canyon", country: "US", countryName: "United States", admin1: "Arizona",
             zone: "America/Phoenix"),
        Case(label: "Longyearbyen, Svalbard (78° N)", latitude: 78.2232, longitude: 15.6267, nearest: "Longyearbyen",
             prominent: "Longyearbyen", country: "SJ", countryName: "Svalbard and Jan Mayen", admin1: "Svalbard",
             zone: "Arctic/Longyearbyen"),
        Case(label: "Waitangi, Chatham Islands", latitude: -43.95, longitude: -176.56, nearest: "Waitangi",
             prominent: "Waitangi", country: "NZ", countryName: "New Zealand", admin1: "Chatham Islands",
             zone: "Pacific/Chatham"),
        Case(label: "Everest base camp", latitude: 28.0026, longitude: 86.8528, nearest: "Lobuche",
             prominent: "Lobuche", country: "NP", countryName: "Nepal", admin1: "Koshi", zone: "Asia/Kathmandu"),
    ]

    @Test(arguments: cases)
    func namesThePlace(_ c: Case) throws {
        let point = GeoPoint(latitude: c.latitude, longitude: c.longitude)
        let lookup = g.lookup(point)
        let near = try #require(lookup.match, "\(c.label) should not be remote")
        #expect(near.place.name == c.nearest)
        #expect(near.place.countryCode == c.country)
        #expect(near.place.countryName == c.countryName)
        #expect(near.place.admin1 == c.admin1)
        #expect(near.place.timeZoneID == c.zone)
        #expect(near.distanceKm < 10)
        let prominent = try #require(g.prominentPlace(near: point))
        #expect(prominent.place.name == c.prominent)
        #expect(prominent.place.countryCode == c.country)
        #expect(g.timeZone(at: point) == c.zone)
    }

    @Test func distancesAreGreatCircleKilometres() throws {
        // Lisbon's GeoNames point is 38.72509, -9.1498; Tokyo's 35.6895, 139.69171 (haversine by hand).
        let lisbon = try #require(g.prominentPlace(near: GeoPoint(latitude: 38.7075, longitude: -9.1364)))
        #expect(abs(lisbon.distanceKm - 2.275) < 0.01)
        #expect(lisbon.place.population == 517_802)
        #expect(abs(lisbon.place.coordinate.latitude - 38.72509) < 1e-9)
        #expect(abs(lisbon.place.coordinate.longitude - -9.1498) < 1e-9)
        let tokyo = try #require(g.prominentPlace(near: GeoPoint(latitude: 35.6586, longitude: 139.7454)))
        #expect(abs(tokyo.distanceKm - 5.944) < 0.01)
        #expect(tokyo.place.population > 9_000_000)
    }

    @Test func midAtlanticIsRemote() throws {
        let point = GeoPoint(latitude: 30, longitude: -40)
        let lookup = g.lookup(point)
        #expect(lookup.isRemote)
        #expect(lookup.match == nil)
        guard case .remote(let nearest?) = lookup else { Issue.record("expected .remote with a nearest place"); return }
        #expect(nearest.place.countryCode == "PT")  // the Azores, about 1 300 km away
        #expect(nearest.place.admin1 == "Azores")
        #expect(nearest.distanceKm > 1_000 && nearest.distanceKm < 1_500)
        #expect(g.prominentPlace(near: point) == nil)
        #expect(g.timeZone(at: point) == nil)
        #expect(g.utcOffset(at: point, utc: 1_714_000_000) == nil)
    }

    @Test func remoteThresholdIsFiftyKilometres() throws {
        #expect(Gazetteer.defaultRemoteThresholdKm == 50)
        // Landmannalaugar, Iceland's highlands: the nearest place (Hvolsvöllur) is about 62 km away.
        let highlands = GeoPoint(latitude: 63.9833, longitude: -19.0667)
        let lookup = g.lookup(highlands)
        #expect(lookup.isRemote)
        #expect(lookup.distanceKm.map { $0 > 50 && $0 < 80 } == true)
        // …but its clock is still Iceland's: time zones reach farther than names.
        #expect(g.timeZone(at: highlands) == "Atlantic/Reykjavik")
        // A stricter gazetteer on the same file.
        let strict = try Gazetteer(contentsOfFile: g.path, remoteThresholdKm: 1)
        #expect(strict.lookup(GeoPoint(latitude: 35.6586, longitude: 139.7454)).match?.place.name == "Shibakōen")
        #expect(strict.lookup(GeoPoint(latitude: 34.9671, longitude: 135.7727)).isRemote)  // Kyoto's point is 6 km off
    }

    @Test func acrossTheAntimeridian() throws {
        // East of 180° (negative longitude) in Fiji: the nearest place is Savusavu at +179.34,
        // 95 km away across the line; Tubou at -178.81, on the same side, is 173 km away.
        let fiji = try #require(g.nearest(to: GeoPoint(latitude: -17.0, longitude: -179.8)))
        #expect(fiji.place.name == "Savusavu")
        #expect(abs(fiji.distanceKm - 95.18) < 0.05)
        // West of 180° in Chukotka: Egvekinot at -179.12 (62 km), not Beringovskiy at +179.35 (360 km).
        let chukotka = try #require(g.nearest(to: GeoPoint(latitude: 66.3, longitude: 179.5)))
        #expect(chukotka.place.name == "Egvekinot")
        #expect(abs(chukotka.distanceKm - 61.78) < 0.05)
        // +180 and -180 are the same meridian; longitudes past ±180 wrap.
        let a = g.nearest(to: GeoPoint(latitude: -16.8, longitude: 180))
        let b = g.nearest(to: GeoPoint(latitude: -16.8, longitude: -180))
        #expect(a?.place == b?.place)
        #expect(abs((a?.distanceKm ?? 0) - (b?.distanceKm ?? 1)) < 1e-6)
        #expect(g.nearest(to: GeoPoint(latitude: -18.14, longitude: 178.44 - 360))?.place.name == "Suva")
    }

    @Test func poles() throws {
        // Every longitude at a pole is the same point.
        let north = try #require(g.nearest(to: GeoPoint(latitude: 90, longitude: 0)))
        #expect(north.place.name == "Longyearbyen")  // 78.22334° N: 11.777° of arc
        #expect(abs(north.distanceKm - 1309.51) < 0.05)
        #expect(g.nearest(to: GeoPoint(latitude: 90, longitude: 137))?.place == north.place)
        #expect(g.lookup(GeoPoint(latitude: 90, longitude: -45)).isRemote)
        let south = try #require(g.nearest(to: GeoPoint(latitude: -90, longitude: 0)))
        #expect(south.place.countryCode == "CL")  // Puerto Williams, the southernmost town in the data
        #expect(south.distanceKm > 3_800 && south.distanceKm < 4_000)
        #expect(g.lookup(GeoPoint(latitude: -90, longitude: 100)).isRemote)
        #expect(g.timeZone(at: GeoPoint(latitude: -90, longitude: 0)) == nil)
    }

    @Test func notACoordinate() {
        #expect(g.nearest(to: GeoPoint(latitude: .nan, longitude: 0)) == nil)
        #expect(g.nearest(to: GeoPoint(latitude: 91, longitude: 0)) == nil)
        #expect(g.lookup(GeoPoint(latitude: 0, longitude: .infinity)) == .remote(nearest: nil))
        #expect(g.prominentPlace(near: GeoPoint(latitude: .nan, longitude: .nan)) == nil)
        #expect(g.timeZone(at: GeoPoint(latitude: -100, longitude: 0)) == nil)
        #expect(g.places(within: 10, of: GeoPoint(latitude: .nan, longitude: 0)).isEmpty)
    }

    @Test func placesWithinARadius() throws {
        let around = g.places(within: 3, of: GeoPoint(latitude: 38.7075, longitude: -9.1364))
        #expect(around.first?.place.name == "Baixa")
        #expect(around.contains { $0.place.name == "Lisbon" })
        #expect(around.allSatisfy { $0.distanceKm <= 3 })
        #expect(zip(around, around.dropFirst()).allSatisfy { $0.distanceKm <= $1.distanceKm })
    }

    @Test func claimRadiusGrowsWithPopulation() {
        #expect(Gazetteer.claimRadiusKm(population: 0) == 1)
        #expect(abs(Gazetteer.claimRadiusKm(population: 10_000) - 2.2) < 1e-9)
        #expect(Gazetteer.claimRadiusKm(population: 100_000) > 4 && Gazetteer.claimRadiusKm(population: 100_000) < 5)
        #expect(Gazetteer.claimRadiusKm(population: 100_000_000) == 25)
    }

    @Test func bundledDataDescribesItself() throws {
        #expect(g.placeCount > 200_000)
        #expect(g.dataSource.contains("GeoNames"))
        #expect(g.path.hasSuffix("places.bin"))
        #expect(try Gazetteer.bundled() === g)  // loaded once, shared
    }
}
