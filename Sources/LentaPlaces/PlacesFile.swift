import Foundation
import LentaCore

/// The decoded contents of a `places.bin` file (format written by `scripts/build-gazetteer.py`).
///
/// Columns are kept as flat arrays; names stay as UTF-8 inside `bytes` and become `String`s only
/// for the places a query returns.
struct PlacesFile: Sendable {
    static let magic: [UInt8] = Array("LNTPLACE".utf8)
    /// Version 2 adds the k-d tree's layout after the places; version 1 files are still read.
    static let formatVersion: UInt32 = 2
    static let noAdmin1: UInt16 = 0xFFFF
    /// The largest places file read (README, "Limits"): the bundled one is 5 MB, all of
    /// GeoNames' places over 500 people some 40 MB. Held twice while it is decoded.
    static let maximumBytes = 128 << 20

    struct Country: Sendable {
        var code: String
        var name: String
    }

    struct Group: Sendable {
        var country: UInt16
        var admin1: UInt16
        var zone: UInt16
    }

    var source: String
    var countries: [Country]
    var admin1Names: [String]
    var zones: [String]
    var groups: [Group]
    /// Per place, in file order.
    var latitudeE5: [Int32]
    var longitudeE5: [Int32]
    var population: [UInt32]
    var group: [UInt16]
    var nameStart: [UInt32]
    var nameLength: [UInt8]
    /// The k-d tree's layout as the file's maker built it (version 2): the place at each node
    /// and its splitting axis. `KDTree` checks it before trusting it.
    var treeLayout: KDTree.Layout?
    /// The whole file; names are read from here.
    var bytes: [UInt8]

    var count: Int { latitudeE5.count }

    func name(_ i: Int) -> String {
        let start = Int(nameStart[i])
        return String(decoding: bytes[start..<start + Int(nameLength[i])], as: UTF8.self)
    }

    /// Reads and checks a file. Errors (`DataFileError`) name the file and say what is wrong with it.
    static func load(path: String) throws -> PlacesFile {
        try BundledResource.load(path, what: "gazetteer data file", magic: magic, maximumBytes: maximumBytes, parse: decode)
    }

    static func decode(_ bytes: [UInt8]) throws -> PlacesFile {
        let headerSize = 8 + 6 * 4
        guard bytes.count >= headerSize + 4 else {
            throw DataFileError.damaged("truncated: \(bytes.count) bytes is too short to be a places file")
        }
        guard Array(bytes[0..<8]) == magic else {
            throw DataFileError.damaged("not a lenta places file (bad magic)")
        }
        var r = Reader(bytes: bytes, position: 8, end: bytes.count - 4)
        let version = try r.u32("format version")
        guard version == 1 || version == formatVersion else {
            throw DataFileError.damaged("format version \(version), this build of lenta reads versions 1 and \(formatVersion)")
        }
        let stored = UInt32(bytes[bytes.count - 4]) | UInt32(bytes[bytes.count - 3]) << 8
            | UInt32(bytes[bytes.count - 2]) << 16 | UInt32(bytes[bytes.count - 1]) << 24
        let computed = bytes.withUnsafeBufferPointer { CRC32.checksum(UnsafeBufferPointer(rebasing: $0[0..<bytes.count - 4])) }
        guard stored == computed else {
            throw DataFileError.damaged("checksum mismatch (the file is truncated or damaged: "
                          + "\(bytes.count) bytes, crc32 \(hex(computed)), expected \(hex(stored)))")
        }

        let placeCount = Int(try r.u32("place count"))
        let countryCount = Int(try r.u32("country count"))
        let admin1Count = Int(try r.u32("admin1 count"))
        let zoneCount = Int(try r.u32("zone count"))
        let groupCount = Int(try r.u32("group count"))
        // Every record takes at least a few bytes: reject counts the file cannot hold before allocating.
        guard placeCount * 4 <= bytes.count, countryCount * 3 <= bytes.count, admin1Count * 3 <= bytes.count,
              zoneCount <= bytes.count, groupCount * 10 <= bytes.count,
              countryCount <= 0xFFFF, admin1Count < 0xFFFF, zoneCount <= 0xFFFF, groupCount <= 0xFFFF + 1 else {
            throw DataFileError.damaged("header counts do not fit the file's size")
        }
        let source = try r.string("data source")

        var countries: [Country] = []
        countries.reserveCapacity(countryCount)
        for _ in 0..<countryCount {
            let code = try r.bytes(2, "country code")
            guard code.allSatisfy({ (0x41...0x5A).contains($0) }) else {
                throw DataFileError.damaged("country code is not two capital letters at byte \(r.position - 2)")
            }
            countries.append(Country(code: String(decoding: code, as: UTF8.self), name: try r.string("country name")))
        }
        var admin1Names: [String] = []
        admin1Names.reserveCapacity(admin1Count)
        for _ in 0..<admin1Count {
            let country = try r.u16("admin1 country")
            guard Int(country) < countryCount else { throw DataFileError.damaged("admin1 region refers to country #\(country)") }
            admin1Names.append(try r.string("admin1 name"))
        }
        var zones: [String] = []
        zones.reserveCapacity(zoneCount)
        for _ in 0..<zoneCount { zones.append(try r.string("time zone id")) }

        var groups: [Group] = []
        var groupSizes: [Int] = []
        groups.reserveCapacity(groupCount)
        var total = 0
        for _ in 0..<groupCount {
            let g = Group(country: try r.u16("group country"), admin1: try r.u16("group admin1"), zone: try r.u16("group zone"))
            let size = Int(try r.u32("group size"))
            guard Int(g.country) < countryCount, g.admin1 == noAdmin1 || Int(g.admin1) < admin1Count,
                  Int(g.zone) < zoneCount else {
                throw DataFileError.damaged("group #\(groups.count) refers to a missing country, region or zone")
            }
            total += size
            guard total <= placeCount else { throw DataFileError.damaged("groups hold more places than the header says") }
            groups.append(g)
            groupSizes.append(size)
        }
        guard total == placeCount else {
            throw DataFileError.damaged("groups hold \(total) places, the header says \(placeCount)")
        }

        var lat = [Int32](repeating: 0, count: placeCount)
        var lon = [Int32](repeating: 0, count: placeCount)
        var pop = [UInt32](repeating: 0, count: placeCount)
        var grp = [UInt16](repeating: 0, count: placeCount)
        var nameStart = [UInt32](repeating: 0, count: placeCount)
        var nameLength = [UInt8](repeating: 0, count: placeCount)
        // The places' records read through unsafe buffers (every index checked against `end`
        // first): a quarter of a million records, whose checked decoding was a quarter of the
        // gazetteer's reading (callgrind, a scan of 29 phone photos).
        try bytes.withUnsafeBufferPointer { b in
            var c = UnsafeReader(bytes: b, position: r.position, end: r.end)
            try lat.withUnsafeMutableBufferPointer { lat in
            try lon.withUnsafeMutableBufferPointer { lon in
            try pop.withUnsafeMutableBufferPointer { pop in
            try grp.withUnsafeMutableBufferPointer { grp in
            try nameStart.withUnsafeMutableBufferPointer { nameStart in
            try nameLength.withUnsafeMutableBufferPointer { nameLength in
                var i = 0
                var la: Int64 = 0, lo: Int64 = 0
                for (g, size) in groupSizes.enumerated() {
                    for _ in 0..<size {
                        la += try c.zigzag("latitude")
                        lo += try c.zigzag("longitude")
                        guard abs(la) <= 9_000_000, abs(lo) <= 18_000_000 else {
                            throw DataFileError.damaged("place #\(i) lies outside the globe (\(la), \(lo))")
                        }
                        let p = try c.varint("population")
                        guard p <= UInt64(UInt32.max) else { throw DataFileError.damaged("place #\(i) has population \(p)") }
                        let length = Int(try c.u8("name length"))
                        let start = c.position
                        try c.skip(length, "place name")
                        lat[i] = Int32(la)
                        lon[i] = Int32(lo)
                        pop[i] = UInt32(p)
                        grp[i] = UInt16(g)
                        nameStart[i] = UInt32(start)
                        nameLength[i] = UInt8(length)
                        i += 1
                    }
                }
            }
            }
            }
            }
            }
            }
            r.position = c.position
        }
        let treeLayout = version >= 2 ? try Self.treeLayout(&r, placeCount: placeCount) : nil
        guard r.position == r.end else {
            throw DataFileError.damaged("\(r.end - r.position) unexpected bytes after the last place")
        }
        return PlacesFile(source: source, countries: countries, admin1Names: admin1Names, zones: zones, groups: groups,
                          latitudeE5: lat, longitudeE5: lon, population: pop, group: grp,
                          nameStart: nameStart, nameLength: nameLength, treeLayout: treeLayout, bytes: bytes)
    }

    /// The tree section: a u32 place per node, then a u8 axis per node. Every place must be at
    /// exactly one node.
    private static func treeLayout(_ r: inout Reader, placeCount: Int) throws -> KDTree.Layout {
        guard r.end - r.position >= placeCount * 5 else {
            throw DataFileError.damaged("truncated: the file ends inside the k-d tree at byte \(r.position)")
        }
        var places = [Int32](repeating: 0, count: placeCount)
        var axes = [UInt8](repeating: 0, count: placeCount)
        var seen = [Bool](repeating: false, count: placeCount)
        try r.bytes.withUnsafeBufferPointer { b in
            var at = r.position
            for node in 0..<placeCount {
                let place = Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24
                guard place < placeCount, !seen[place] else {
                    throw DataFileError.damaged("k-d tree node \(node) holds place \(place), missing or already placed")
                }
                seen[place] = true
                places[node] = Int32(place)
                at += 4
            }
            for node in 0..<placeCount {
                guard b[at] <= 2 else { throw DataFileError.damaged("k-d tree node \(node) splits along axis \(b[at])") }
                axes[node] = b[at]
                at += 1
            }
        }
        r.position += placeCount * 5
        return KDTree.Layout(places: places, axes: axes)
    }

    /// Bounds-checked little-endian reading; running past `end` is a "truncated" problem.
    struct Reader {
        let bytes: [UInt8]
        var position: Int
        let end: Int

        mutating func bytes(_ n: Int, _ what: String) throws -> ArraySlice<UInt8> {
            guard n >= 0, position + n <= end else {
                throw DataFileError.damaged("truncated: the file ends inside the \(what) at byte \(position)")
            }
            defer { position += n }
            return bytes[position..<position + n]
        }

        mutating func u8(_ what: String) throws -> UInt8 {
            guard position < end else {
                throw DataFileError.damaged("truncated: the file ends inside the \(what) at byte \(position)")
            }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func u16(_ what: String) throws -> UInt16 {
            let b = try bytes(2, what)
            return UInt16(b[b.startIndex]) | UInt16(b[b.startIndex + 1]) << 8
        }

        mutating func u32(_ what: String) throws -> UInt32 {
            let b = try bytes(4, what)
            var v: UInt32 = 0
            for k in 0..<4 { v |= UInt32(b[b.startIndex + k]) << (8 * UInt32(k)) }
            return v
        }

        mutating func string(_ what: String) throws -> String {
            let n = Int(try u8(what))
            return String(decoding: try bytes(n, what), as: UTF8.self)
        }
    }

    /// Varints, bytes and skips over an unsafe buffer, for the places' records (checked against
    /// `end` as `Reader` checks, with its messages).
    struct UnsafeReader {
        let bytes: UnsafeBufferPointer<UInt8>
        var position: Int
        let end: Int

        func truncated(_ what: String) -> DataFileError {
            DataFileError.damaged("truncated: the file ends inside the \(what) at byte \(position)")
        }

        mutating func u8(_ what: String) throws -> UInt8 {
            guard position < end else { throw truncated(what) }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func skip(_ n: Int, _ what: String) throws {
            guard n >= 0, position + n <= end else { throw truncated(what) }
            position += n
        }

        mutating func varint(_ what: String) throws -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = try u8(what)
                guard shift < 63 else { throw DataFileError.damaged("\(what) varint too long at byte \(position)") }
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }

        mutating func zigzag(_ what: String) throws -> Int64 {
            let v = try varint(what)
            return Int64(bitPattern: v >> 1) ^ -Int64(bitPattern: v & 1)
        }
    }
}

private func hex(_ v: UInt32) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 8 - s.count) + s
}
