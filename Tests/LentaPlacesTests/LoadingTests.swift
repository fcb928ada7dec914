import Foundation
import LentaCore
import Testing
@testable import LentaPlaces

/// Bad data files give a thrown `DataFileError` that names the file, never a crash.
@Suite struct LoadingTests {
    let dir: URL

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("lenta-places-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func bundledBytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Gazetteer.bundledFilePath())))
    }

    /// Loads `path`, expecting a `.damaged` error mentioning the file and `fragment`.
    func expectMalformed(_ path: String, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try Gazetteer(contentsOfFile: path)
            Issue.record("loaded a bad file", sourceLocation: sourceLocation)
        } catch let error as DataFileError {
            let p = error.path
            guard case .damaged(let reason) = error.reason else {
                Issue.record("wrong error: \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(p == path, sourceLocation: sourceLocation)
            #expect(reason.contains(fragment), "\(reason)", sourceLocation: sourceLocation)
            #expect(error.description.contains(path), sourceLocation: sourceLocation)
        } catch {
            Issue.record("not a DataFileError: \(error)", sourceLocation: sourceLocation)
        }
    }

    /// The eight-bytes-at-a-time checksum agrees with the classic byte-at-a-time one at every
    /// length and alignment (the tail loop, the word loop, both), and with zlib's check value.
    @Test func checksumSlicedByEightAgreesWithBytewise() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        var state: UInt32 = 12345
        let bytes: [UInt8] = (0..<300).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        for start in 0..<9 {
            for length in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 250] {
                let slice = bytes[start..<start + length]
                let sliced = slice.withUnsafeBufferPointer { CRC32.checksum($0) }
                #expect(sliced == CRC32.checksum(slice.lazy.map { $0 }), "start \(start), length \(length)")
            }
        }
    }

    @Test func missingFile() {
        let path = dir.appendingPathComponent("nowhere/places.bin").path
        #expect(throws: DataFileError(what: "gazetteer data file", path: path, reason: .notFound)) { try Gazetteer(contentsOfFile: path) }
        let message = DataFileError(what: "gazetteer data file", path: path, reason: .notFound).description
        #expect(message.contains(path) && message.contains("no such file"))
    }

    @Test func directoryInsteadOfAFile() {
        #expect(throws: DataFileError(what: "gazetteer data file", path: dir.path, reason: .unreadable("it is a directory"))) {
            try Gazetteer(contentsOfFile: dir.path)
        }
    }

    @Test func truncatedFiles() throws {
        let bytes = try bundledBytes()
        expectMalformed(try write(Array(bytes.prefix(bytes.count / 2)), "half.bin"), "truncated")
        expectMalformed(try write(Array(bytes.dropLast(1)), "one-short.bin"), "truncated")
        expectMalformed(try write(Array(bytes.prefix(20)), "header.bin"), "too short")
        expectMalformed(try write([], "empty.bin"), "too short")
    }

    /// A damaged byte in the header or the tables is refused at load (their own checksum); one in
    /// the nodes, records or names is not read at load (that would touch every page), but the
    /// body's checksum says so.
    @Test func damagedFile() throws {
        var bytes = try bundledBytes()
        bytes[100] ^= 0x40
        expectMalformed(try write(bytes, "flipped-table.bin"), "checksum mismatch")
        bytes[100] ^= 0x40
        #expect(try PlacesFile.load(path: try write(bytes, "whole.bin")).bodyChecksumHolds)
        bytes[bytes.count / 3] ^= 0x40
        #expect(try !PlacesFile.load(path: try write(bytes, "flipped-body.bin")).bodyChecksumHolds)
    }

    /// Nodes, records and names of garbage (with the tables whole): lookups answer what they can
    /// and never trap — a node's place, a record's group, name and coordinates are checked where read.
    @Test func garbageBodyNeverTraps() throws {
        var bytes = try bundledBytes()
        let file = try PlacesFile.load(path: try write(bytes, "whole.bin"))
        var state: UInt64 = 7
        for i in file.nodesOffset..<bytes.count - 4 where i % 5 == 0 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes[i] = UInt8(truncatingIfNeeded: state >> 33)
        }
        let g = try Gazetteer(contentsOfFile: try write(bytes, "garbage.bin"))
        var rng = SplitMix64(state: 3)
        for _ in 0..<200 {
            let p = rng.spherePoint()
            _ = g.nearest(to: p)
            _ = g.prominentPlace(near: p)
            _ = g.timeZone(at: p)
            _ = g.places(within: 300, of: p)
        }
    }

    @Test func notAPlacesFile() throws {
        expectMalformed(try write(Array("placeholder until the gazetteer data is generated, and then some\n".utf8), "text.bin"),
                        "bad magic")
    }

    @Test func otherFormatVersions() throws {
        var bytes = try bundledBytes()
        bytes[8] = 4
        expectMalformed(try write(bytes, "v4.bin"), "format version 4")
        bytes[8] = 2
        expectMalformed(try write(bytes, "v2.bin"), "format version 2, this build of lenta reads version 3")
    }

    // MARK: - Hand-made files, with valid checksums but contents that must still be checked

    @Test func smallHandMadeFileWorks() throws {
        let path = try write(SyntheticPlaces.standard.encoded(), "small.bin")
        let g = try Gazetteer(contentsOfFile: path)
        #expect(g.placeCount == 3)
        #expect(g.dataSource == "test data")
        let m = try #require(g.lookup(GeoPoint(latitude: 10.001, longitude: 20.0)).match)
        #expect(m.place.name == "Alpha")
        #expect(m.place.countryCode == "AA" && m.place.countryName == "Aland")
        #expect(m.place.admin1 == "North")
        #expect(m.place.timeZoneID == "Europe/Lisbon")
        #expect(m.place.population == 1_000)
        #expect(g.nearest(to: GeoPoint(latitude: -10, longitude: -20))?.place.name == "Gamma")
        #expect(g.nearest(to: GeoPoint(latitude: -10, longitude: -20))?.place.admin1 == nil)
        #expect(g.nearest(to: GeoPoint(latitude: -10, longitude: -20))?.place.timeZoneID == "Asia/Tokyo")
        #expect(g.nearest(to: GeoPoint(latitude: 10.5, longitude: 20.5))?.place.name == "Beta")
    }

    @Test func tableCountsThatLie() throws {
        var s = SyntheticPlaces.standard
        s.placeCountOverride = 4
        expectMalformed(try write(s.encoded(), "count.bin"), "header says 4")
    }

    @Test func tablesPointingNowhere() throws {
        var s = SyntheticPlaces.standard
        s.groups[0].zone = 7
        expectMalformed(try write(s.encoded(), "zone.bin"), "missing country, region or zone")
    }

    /// A record is checked where it is read: one off the globe is no place (the others still are).
    @Test func coordinatesOffTheGlobe() throws {
        var s = SyntheticPlaces.standard
        s.places[1].latitudeE5 = 9_100_000
        let g = try Gazetteer(contentsOfFile: try write(s.encoded(), "globe.bin"))
        #expect(g.data.record(1) == nil)
        #expect(g.nearest(to: GeoPoint(latitude: 10.001, longitude: 20.0))?.place.name == "Alpha")
        #expect(g.places(within: 20_000, of: GeoPoint(latitude: 0, longitude: 0)).map(\.place.name).sorted() == ["Alpha", "Gamma"])
    }

    @Test func trailingBytes() throws {
        var s = SyntheticPlaces.standard
        s.trailer = [1, 2, 3]
        expectMalformed(try write(s.encoded(), "trailer.bin"), "unexpected bytes")
    }

    @Test func truncatedInsideAName() throws {
        var s = SyntheticPlaces.standard
        s.cutAfter = 3  // keep only 3 bytes of the names, then a checksum
        expectMalformed(try write(s.encoded(), "cut.bin"), "truncated")
    }

    /// The Swift test encoder writes the same bytes as scripts/build-gazetteer.py from the same
    /// places: the unit vectors Swift works out (`Gazetteer.unitVector`, as a query's) are the
    /// script's to the bit, and `KDTree.build` lays out the script's tree.
    @Test func encoderMatchesTheBuildScript() throws {
        let bytes = try bundledBytes()
        let decoded = try PlacesFile.load(path: try write(bytes, "bundled.bin"))
        let encoded = SyntheticPlaces(decoded).encoded()
        #expect(encoded.count == bytes.count)
        let firstDifference = zip(encoded, bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(firstDifference == nil, "first differing byte \(firstDifference ?? -1) of \(bytes.count)")
    }
}

/// A tiny places file built in memory, in the format of `scripts/build-gazetteer.py`: the places'
/// unit vectors as `Gazetteer.unitVector` works them out, their tree as `KDTree.build` lays it out.
struct SyntheticPlaces {
    struct Group { var country: UInt16; var admin1: UInt16; var zone: UInt16; var count: UInt32 }
    struct P { var latitudeE5: Int32; var longitudeE5: Int32; var population: UInt32; var name: String }

    var source = "test data"
    var countries: [(String, String)] = [("AA", "Aland"), ("BB", "Bland")]
    var admin1: [(UInt16, String)] = [(0, "North")]
    var zones = ["Asia/Tokyo", "Europe/Lisbon"]
    var groups: [Group] = [Group(country: 0, admin1: 0, zone: 1, count: 2), Group(country: 1, admin1: 0xFFFF, zone: 0, count: 1)]
    var places: [P] = [
        P(latitudeE5: 1_000_000, longitudeE5: 2_000_000, population: 1_000, name: "Alpha"),
        P(latitudeE5: 1_050_000, longitudeE5: 2_050_000, population: 20, name: "Beta"),
        P(latitudeE5: -1_000_000, longitudeE5: -2_000_000, population: 0, name: "Gamma"),
    ]
    var placeCountOverride: UInt32?
    var trailer: [UInt8] = []
    var cutAfter: Int?

    static let standard = SyntheticPlaces()

    init() {}

    init(_ f: PlacesFile) {
        source = f.source
        countries = f.countries.map { ($0.code, $0.name) }
        // The file keeps no region's country; recover it from the groups that use it.
        var regionCountry = [UInt16](repeating: 0, count: f.admin1Names.count)
        for g in f.groups where g.admin1 != PlacesFile.noAdmin1 { regionCountry[Int(g.admin1)] = g.country }
        admin1 = f.admin1Names.enumerated().map { (regionCountry[$0.offset], $0.element) }
        zones = f.zones
        var counts = [UInt32](repeating: 0, count: f.groups.count)
        let records = (0..<f.count).compactMap { f.record($0) }
        for r in records { counts[r.group] += 1 }
        groups = f.groups.enumerated().map { Group(country: $0.element.country, admin1: $0.element.admin1, zone: $0.element.zone, count: counts[$0.offset]) }
        places = records.map { P(latitudeE5: $0.latitudeE5, longitudeE5: $0.longitudeE5, population: $0.population, name: f.name($0)) }
    }

    func encoded() -> [UInt8] {
        var out: [UInt8] = []
        func u16(_ v: UInt16) { out += [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) { for k in 0..<4 { out.append(UInt8((v >> (8 * UInt32(k))) & 0xFF)) } }
        func string(_ s: String) { out.append(UInt8(s.utf8.count)); out += Array(s.utf8) }
        string(source)
        for (code, name) in countries { out += Array(code.utf8); string(name) }
        for (country, name) in admin1 { u16(country); string(name) }
        for z in zones { string(z) }
        var groupOfPlace: [UInt16] = []
        for (k, g) in groups.enumerated() {
            u16(g.country); u16(g.admin1); u16(g.zone); u32(g.count)
            groupOfPlace += Array(repeating: UInt16(k), count: Int(g.count))
        }
        let tables = out
        var names: [UInt8] = []
        var records: [UInt8] = []
        for (i, p) in places.enumerated() {
            out = []
            u32(UInt32(bitPattern: p.latitudeE5)); u32(UInt32(bitPattern: p.longitudeE5)); u32(p.population)
            u32(UInt32(names.count)); u16(i < groupOfPlace.count ? groupOfPlace[i] : 0)
            out += [UInt8(p.name.utf8.count), 0]
            records += out
            names += Array(p.name.utf8)
        }
        var nodes = places.enumerated().map { i, p in
            let (x, y, z) = Gazetteer.unitVector(latitude: Double(p.latitudeE5) / 1e5, longitude: Double(p.longitudeE5) / 1e5)
            return KDTree.Node(x: x, y: y, z: z, item: UInt32(i), axis: 0)
        }
        KDTree.build(&nodes)

        out = Array("LNTPLACE".utf8)
        u32(3)
        u32(placeCountOverride ?? UInt32(places.count))
        u32(UInt32(countries.count)); u32(UInt32(admin1.count)); u32(UInt32(zones.count)); u32(UInt32(groups.count))
        u32(UInt32(tables.count)); u32(UInt32(names.count))
        out += tables
        u32(out.withUnsafeBufferPointer { CRC32.checksum($0) })
        out += [UInt8](repeating: 0, count: (8 - out.count % 8) % 8)
        var body = nodes.flatMap(KDTree.bytes(of:)) + records + names
        if let cutAfter { body = Array(body.prefix(body.count - names.count + cutAfter)) }
        body += trailer
        out += body
        u32(body.withUnsafeBufferPointer { CRC32.checksum($0) })
        return out
    }
}
