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

    @Test func damagedFile() throws {
        var bytes = try bundledBytes()
        bytes[bytes.count / 3] ^= 0x40
        expectMalformed(try write(bytes, "flipped.bin"), "checksum mismatch")
    }

    @Test func notAPlacesFile() throws {
        expectMalformed(try write(Array("placeholder until the gazetteer data is generated, and then some\n".utf8), "text.bin"),
                        "bad magic")
    }

    @Test func newerFormatVersion() throws {
        var bytes = try bundledBytes()
        bytes[8] = 3
        expectMalformed(try write(bytes, "v3.bin"), "format version 3")
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

    @Test func coordinatesOffTheGlobe() throws {
        var s = SyntheticPlaces.standard
        s.places[1].latitudeE5 = 9_100_000
        expectMalformed(try write(s.encoded(), "globe.bin"), "outside the globe")
    }

    @Test func trailingBytes() throws {
        var s = SyntheticPlaces.standard
        s.trailer = [1, 2, 3]
        expectMalformed(try write(s.encoded(), "trailer.bin"), "unexpected bytes")
    }

    @Test func truncatedInsideAName() throws {
        var s = SyntheticPlaces.standard
        s.cutAfter = 3  // keep only 3 bytes of the place section, then a valid checksum
        expectMalformed(try write(s.encoded(), "cut.bin"), "truncated")
    }

    @Test func encoderMatchesTheBuildScript() throws {
        // The Swift test encoder writes the same format as scripts/build-gazetteer.py: re-encode the
        // decoded bundled file and compare bytes.
        let bytes = try bundledBytes()
        let decoded = try PlacesFile.decode(bytes)
        #expect(SyntheticPlaces(decoded).encoded() == bytes)
    }
}

/// The k-d tree's layout stored in a version 2 file: read when whole, refused with a reason when
/// not; version 1 files (no tree) are still read.
@Suite struct TreeSectionTests {
    @Test func aWholeTreeIsReadAndAVersionOneFileHasNone() throws {
        var s = SyntheticPlaces.standard
        #expect(try PlacesFile.decode(s.encoded()).treeLayout == nil)
        s.tree = KDTree.Layout(places: [1, 0, 2], axes: [0, 2, 0])
        #expect(try PlacesFile.decode(s.encoded()).treeLayout == s.tree)
    }

    @Test func aDamagedTreeIsRefusedWithItsReason() throws {
        var s = SyntheticPlaces.standard
        s.tree = KDTree.Layout(places: [1, 1, 2], axes: [0, 0, 0])
        #expect(throws: DataFileError.self) { try PlacesFile.decode(s.encoded()) }
        #expect(Self.reason(s).contains("k-d tree node 1 holds place 1, missing or already placed"))
        s.tree = KDTree.Layout(places: [1, 0, 7], axes: [0, 0, 0])
        #expect(Self.reason(s).contains("missing or already placed"))
        s.tree = KDTree.Layout(places: [1, 0, 2], axes: [0, 3, 0])
        #expect(Self.reason(s).contains("axis 3"))
        s.tree = KDTree.Layout(places: [1, 0], axes: [0, 0])
        #expect(Self.reason(s).contains("k-d tree"))
    }

    static func reason(_ s: SyntheticPlaces) -> String {
        do {
            _ = try PlacesFile.decode(s.encoded())
            return "read"
        } catch {
            return "\(error)"
        }
    }
}

/// A tiny places file built in memory, in the format of `scripts/build-gazetteer.py`.
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
    /// Version 2 files carry the k-d tree's layout after the places.
    var tree: KDTree.Layout?
    var trailer: [UInt8] = []
    var cutAfter: Int?

    static let standard = SyntheticPlaces()

    init() {}

    init(_ f: PlacesFile) {
        source = f.source
        tree = f.treeLayout
        countries = f.countries.map { ($0.code, $0.name) }
        // The decoder drops each region's country index; recover it from the groups that use it.
        var regionCountry = [UInt16](repeating: 0, count: f.admin1Names.count)
        for g in f.groups where g.admin1 != PlacesFile.noAdmin1 { regionCountry[Int(g.admin1)] = g.country }
        admin1 = f.admin1Names.enumerated().map { (regionCountry[$0.offset], $0.element) }
        zones = f.zones
        var counts = [UInt32](repeating: 0, count: f.groups.count)
        for g in f.group { counts[Int(g)] += 1 }
        groups = f.groups.enumerated().map { Group(country: $0.element.country, admin1: $0.element.admin1, zone: $0.element.zone, count: counts[$0.offset]) }
        places = (0..<f.count).map { P(latitudeE5: f.latitudeE5[$0], longitudeE5: f.longitudeE5[$0], population: f.population[$0], name: f.name($0)) }
    }

    func encoded() -> [UInt8] {
        var out = Array("LNTPLACE".utf8)
        func u16(_ v: UInt16) { out += [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: UInt32) { for k in 0..<4 { out.append(UInt8((v >> (8 * UInt32(k))) & 0xFF)) } }
        func string(_ s: String) { out.append(UInt8(s.utf8.count)); out += Array(s.utf8) }
        func varint(_ v: UInt64) {
            var v = v
            repeat {
                let byte = UInt8(v & 0x7F)
                v >>= 7
                out.append(v == 0 ? byte : byte | 0x80)
            } while v != 0
        }
        func zigzag(_ v: Int64) { varint(UInt64(bitPattern: (v << 1) ^ (v >> 63))) }
        u32(tree == nil ? 1 : 2)
        u32(placeCountOverride ?? UInt32(places.count))
        u32(UInt32(countries.count)); u32(UInt32(admin1.count)); u32(UInt32(zones.count)); u32(UInt32(groups.count))
        string(source)
        for (code, name) in countries { out += Array(code.utf8); string(name) }
        for (country, name) in admin1 { u16(country); string(name) }
        for z in zones { string(z) }
        for g in groups { u16(g.country); u16(g.admin1); u16(g.zone); u32(g.count) }
        let placesStart = out.count
        var lastLat: Int64 = 0, lastLon: Int64 = 0
        for p in places {
            zigzag(Int64(p.latitudeE5) - lastLat)
            zigzag(Int64(p.longitudeE5) - lastLon)
            varint(UInt64(p.population))
            string(p.name)
            lastLat = Int64(p.latitudeE5); lastLon = Int64(p.longitudeE5)
        }
        if let tree {
            for place in tree.places { u32(UInt32(bitPattern: place)) }
            out += tree.axes
        }
        if let cutAfter { out = Array(out.prefix(placesStart + cutAfter)) }
        out += trailer
        let crc = out.withUnsafeBufferPointer { CRC32.checksum($0) }
        u32(crc)
        return out
    }
}
