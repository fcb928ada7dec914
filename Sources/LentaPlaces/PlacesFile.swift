import Foundation
import LentaCore

/// A `places.bin` file (format written by `scripts/build-gazetteer.py`), mapped into memory.
///
/// The header and the small tables (countries, regions, zones, groups) are decoded and checked,
/// against their own checksum, at every load; the k-d tree's nodes, the places' records and their
/// names are read where they lie, only the pages a lookup touches. Every value read from there is
/// checked where it is used (a node's place, a record's group, name, coordinates), so a damaged
/// file gives no answer for what is damaged, never a crash; `bodyChecksumHolds` checks the rest
/// of the file whole, for the tests.
struct PlacesFile: Sendable {
    static let magic: [UInt8] = Array("LNTPLACE".utf8)
    /// Version 3: the tree's nodes with their unit vectors, the places as fixed records.
    static let formatVersion: UInt32 = 3
    static let noAdmin1: UInt16 = 0xFFFF
    /// The largest places file mapped (README, "Limits"): the bundled one is 14.7 MB, all of
    /// GeoNames' places over 500 people would be some 110 MB.
    static let maximumBytes = 128 << 20
    static let headerSize = 40
    static let nodeSize = 32
    static let recordSize = 20

    struct Country: Sendable {
        var code: String
        var name: String
    }

    struct Group: Sendable {
        var country: UInt16
        var admin1: UInt16
        var zone: UInt16
    }

    /// One place's record, checked: its group is in the table, its name within the names.
    struct Record {
        var latitudeE5: Int32
        var longitudeE5: Int32
        var population: UInt32
        var group: Int
        var nameOffset: Int
        var nameLength: Int
    }

    var source: String
    var countries: [Country]
    var admin1Names: [String]
    var zones: [String]
    var groups: [Group]
    let count: Int
    let file: MappedFile
    let nodesOffset: Int
    let recordsOffset: Int
    let namesOffset: Int
    let namesCount: Int

    /// Maps and checks a file. Errors (`DataFileError`) name the file and say what is wrong with it.
    static func load(path: String) throws -> PlacesFile {
        try BundledResource.map(path, what: "gazetteer data file", magic: magic, maximumBytes: maximumBytes, parse: PlacesFile.init)
    }

    init(_ file: MappedFile) throws {
        let bytes = file.bytes
        guard bytes.count >= Self.headerSize + 4 else {
            throw DataFileError.damaged("truncated: \(bytes.count) bytes is too short to be a places file")
        }
        guard bytes.prefix(8).elementsEqual(Self.magic) else {
            throw DataFileError.damaged("not a lenta places file (bad magic)")
        }
        var r = Reader(bytes: bytes, position: 8, end: bytes.count)
        let version = try r.u32("format version")
        guard version == Self.formatVersion else {
            throw DataFileError.damaged("format version \(version), this build of lenta reads version \(Self.formatVersion)")
        }
        let placeCount = Int(try r.u32("place count"))
        let countryCount = Int(try r.u32("country count"))
        let admin1Count = Int(try r.u32("admin1 count"))
        let zoneCount = Int(try r.u32("zone count"))
        let groupCount = Int(try r.u32("group count"))
        let tablesCount = Int(try r.u32("tables' size"))
        let namesCount = Int(try r.u32("names' size"))
        let tablesEnd = Self.headerSize + tablesCount
        guard tablesEnd + 4 <= bytes.count else {
            throw DataFileError.damaged("truncated: the file ends inside its tables (\(bytes.count) bytes, the tables end at \(tablesEnd))")
        }
        let stored = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: tablesEnd, as: UInt32.self))
        let computed = CRC32.checksum(UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self)[0..<tablesEnd]))
        guard stored == computed else {
            throw DataFileError.damaged("checksum mismatch in the header and tables (the file is damaged: "
                                        + "crc32 \(hex(computed)), expected \(hex(stored)))")
        }
        // Every table entry takes at least a few bytes: reject counts the tables cannot hold (the
        // places' sections are measured against the file below).
        guard countryCount * 3 <= tablesCount,
              admin1Count * 3 <= tablesCount, zoneCount <= tablesCount, groupCount * 10 <= tablesCount,
              countryCount <= 0xFFFF, admin1Count < 0xFFFF, zoneCount <= 0xFFFF, groupCount <= 0xFFFF + 1 else {
            throw DataFileError.damaged("header counts do not fit the file's size")
        }
        r = Reader(bytes: bytes, position: Self.headerSize, end: tablesEnd)
        source = try r.string("data source")
        countries = []
        countries.reserveCapacity(countryCount)
        for _ in 0..<countryCount {
            let code = try r.bytes(2, "country code")
            guard code.allSatisfy({ (0x41...0x5A).contains($0) }) else {
                throw DataFileError.damaged("country code is not two capital letters at byte \(r.position - 2)")
            }
            countries.append(Country(code: String(decoding: code, as: UTF8.self), name: try r.string("country name")))
        }
        admin1Names = []
        admin1Names.reserveCapacity(admin1Count)
        for _ in 0..<admin1Count {
            let country = try r.u16("admin1 country")
            guard Int(country) < countryCount else { throw DataFileError.damaged("admin1 region refers to country #\(country)") }
            admin1Names.append(try r.string("admin1 name"))
        }
        zones = []
        zones.reserveCapacity(zoneCount)
        for _ in 0..<zoneCount { zones.append(try r.string("time zone id")) }
        groups = []
        groups.reserveCapacity(groupCount)
        var total = 0
        for _ in 0..<groupCount {
            let g = Group(country: try r.u16("group country"), admin1: try r.u16("group admin1"), zone: try r.u16("group zone"))
            let size = Int(try r.u32("group size"))
            guard Int(g.country) < countryCount, g.admin1 == Self.noAdmin1 || Int(g.admin1) < admin1Count,
                  Int(g.zone) < zoneCount else {
                throw DataFileError.damaged("group #\(groups.count) refers to a missing country, region or zone")
            }
            total += size
            guard total <= placeCount else { throw DataFileError.damaged("groups hold more places than the header says") }
            groups.append(g)
        }
        guard total == placeCount else {
            throw DataFileError.damaged("groups hold \(total) places, the header says \(placeCount)")
        }
        guard r.position == r.end else {
            throw DataFileError.damaged("\(r.end - r.position) unexpected bytes after the tables")
        }
        // The sections after the tables: their sizes follow from the header's counts.
        nodesOffset = (tablesEnd + 4 + 7) & ~7
        recordsOffset = nodesOffset + placeCount * Self.nodeSize
        namesOffset = recordsOffset + placeCount * Self.recordSize
        let end = namesOffset + namesCount + 4
        guard end <= bytes.count else {
            throw DataFileError.damaged("truncated: \(bytes.count) bytes, the header's counts make \(end)")
        }
        guard end == bytes.count else {
            throw DataFileError.damaged("\(bytes.count - end) unexpected bytes after the last name")
        }
        count = placeCount
        self.namesCount = namesCount
        self.file = file
    }

    /// The tree's nodes, while `body` runs.
    func withNodes<R>(_ body: (KDTree.Nodes) -> R) -> R {
        withExtendedLifetime(file) {
            body(KDTree.Nodes(base: file.bytes.baseAddress.map { $0 + nodesOffset }, count: count))
        }
    }

    /// Place `i`'s record; nil when it is damaged (a group or a name outside their tables,
    /// coordinates off the globe) or `i` is no place.
    func record(_ i: Int) -> Record? {
        guard i >= 0, i < count else { return nil }
        return withExtendedLifetime(file) {
            let at = recordsOffset + i * Self.recordSize
            let b = file.bytes
            func u32(_ offset: Int) -> UInt32 { UInt32(littleEndian: b.load(fromByteOffset: at + offset, as: UInt32.self)) }
            let r = Record(latitudeE5: Int32(bitPattern: u32(0)), longitudeE5: Int32(bitPattern: u32(4)), population: u32(8),
                           group: Int(UInt16(littleEndian: b.load(fromByteOffset: at + 16, as: UInt16.self))),
                           nameOffset: Int(u32(12)), nameLength: Int(b[at + 18]))
            guard r.group < groups.count, r.nameOffset + r.nameLength <= namesCount,
                  abs(r.latitudeE5) <= 9_000_000, abs(r.longitudeE5) <= 18_000_000 else { return nil }
            return r
        }
    }

    func name(_ r: Record) -> String {
        withExtendedLifetime(file) {
            let start = namesOffset + r.nameOffset
            return String(decoding: UnsafeRawBufferPointer(rebasing: file.bytes[start..<start + r.nameLength]), as: UTF8.self)
        }
    }

    /// Whether the nodes, records and names are what the file's maker wrote (their CRC-32, which
    /// a load does not read: it would touch every page).
    var bodyChecksumHolds: Bool {
        withExtendedLifetime(file) {
            let b = file.bytes.bindMemory(to: UInt8.self)
            let stored = UInt32(littleEndian: file.bytes.loadUnaligned(fromByteOffset: b.count - 4, as: UInt32.self))
            return CRC32.checksum(UnsafeBufferPointer(rebasing: b[nodesOffset..<b.count - 4])) == stored
        }
    }

    /// Bounds-checked little-endian reading of the tables; running past `end` is a "truncated" problem.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var position: Int
        let end: Int

        mutating func bytes(_ n: Int, _ what: String) throws -> UnsafeRawBufferPointer {
            guard n >= 0, position + n <= end else {
                throw DataFileError.damaged("truncated: the file ends inside the \(what) at byte \(position)")
            }
            defer { position += n }
            return UnsafeRawBufferPointer(rebasing: bytes[position..<position + n])
        }

        mutating func u8(_ what: String) throws -> UInt8 {
            try bytes(1, what)[0]
        }

        mutating func u16(_ what: String) throws -> UInt16 {
            let b = try bytes(2, what)
            return UInt16(b[0]) | UInt16(b[1]) << 8
        }

        mutating func u32(_ what: String) throws -> UInt32 {
            let b = try bytes(4, what)
            return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
        }

        mutating func string(_ what: String) throws -> String {
            let n = Int(try u8(what))
            return String(decoding: try bytes(n, what), as: UTF8.self)
        }
    }
}

private func hex(_ v: UInt32) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 8 - s.count) + s
}
