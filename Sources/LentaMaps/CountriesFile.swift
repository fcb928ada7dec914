import Foundation
import LentaCore

/// Reads `countries.bin` (written by `scripts/build-countries.py`).
///
/// Format (little-endian; strings are a varint byte count then UTF-8; varints are unsigned
/// LEB128; zigzag varints map 0, -1, 1, -2… to 0, 1, 2, 3…):
///
///     "LNTCNTRY"   8 bytes magic
///     u32          format version (1)
///     u32          units per degree (coordinates are integers in these units)
///     string       data source
///     varint       country count
///     per country: string code (ISO 3166-1 alpha-2, else ADM0_A3), string English name,
///                  4 zigzag varints west, south, east, north (units), varint ring count,
///                  per ring: varint point count (not closed), then per point a zigzag
///                  longitude delta and latitude delta from the previous point (the first from
///                  the box's west/south corner)
///     u32          CRC-32 (zlib) of every byte before it
///
/// Rings are outer boundaries and holes alike (even-odd). About 1.06 MB for Natural Earth's
/// 247 countries at 0.005° detail.
enum CountriesFile {
    static let magic: [UInt8] = Array("LNTCNTRY".utf8)
    static let formatVersion: UInt32 = 1

    struct Contents {
        var source: String
        var countries: [CountryOutline]
    }

    /// Reads and checks a file. Errors (`DataFileError`) name the file and say what is wrong with it.
    static func load(path: String) throws -> Contents {
        try BundledResource.load(path, what: "country outlines file", magic: magic, maximumBytes: 64 << 20, parse: parse)
    }

    static func parse(_ bytes: [UInt8]) throws -> Contents {
        guard bytes.count >= magic.count + 12 else { throw DataFileError.damaged("too short (\(bytes.count) bytes)") }
        guard Array(bytes[0..<8]) == magic else { throw DataFileError.damaged("not a countries file (wrong magic)") }
        let body = bytes.count - 4
        let stored = UInt32(bytes[body]) | UInt32(bytes[body + 1]) << 8 | UInt32(bytes[body + 2]) << 16 | UInt32(bytes[body + 3]) << 24
        guard CRC32.checksum(bytes[0..<body]) == stored else { throw DataFileError.damaged("checksum mismatch (truncated or damaged)") }
        var reader = ByteReader(bytes: bytes, end: body, position: 8)
        let version = try reader.u32()
        guard version == formatVersion else { throw DataFileError.damaged("format version \(version), this lenta reads \(formatVersion)") }
        let units = Double(try reader.u32())
        guard units > 0 else { throw DataFileError.damaged("zero units per degree") }
        let source = try reader.string()
        let count = try reader.varint()
        guard count < 10_000 else { throw DataFileError.damaged("implausible country count \(count)") }
        var countries: [CountryOutline] = []
        countries.reserveCapacity(count)
        for _ in 0..<count {
            let code = try reader.string(), name = try reader.string()
            let west = try reader.zigzag(), south = try reader.zigzag(), east = try reader.zigzag(), north = try reader.zigzag()
            let ringCount = try reader.varint()
            guard ringCount <= reader.remaining else { throw DataFileError.damaged("\(code) claims \(ringCount) rings, more than the file holds") }
            var rings: [CountryOutline.Ring] = []
            rings.reserveCapacity(ringCount)
            for _ in 0..<ringCount {
                let n = try reader.varint()
                guard n <= reader.remaining else { throw DataFileError.damaged("a ring of \(code) runs past the end") }
                var x = west, y = south
                var longitudes = [Double](repeating: 0, count: n), latitudes = longitudes
                for i in 0..<n {
                    x += try reader.zigzag()
                    y += try reader.zigzag()
                    longitudes[i] = Double(x) / units
                    latitudes[i] = Double(y) / units
                }
                rings.append(CountryOutline.Ring(longitudes: longitudes, latitudes: latitudes))
            }
            countries.append(CountryOutline(code: code, name: name,
                                            box: GeoBox(west: Double(west) / units, south: Double(south) / units,
                                                        east: Double(east) / units, north: Double(north) / units),
                                            rings: rings))
        }
        guard reader.position == body else { throw DataFileError.damaged("\(body - reader.position) bytes left over") }
        return Contents(source: source, countries: countries)
    }

    /// A cursor over the bytes that refuses to read past `end`.
    struct ByteReader {
        let bytes: [UInt8]
        let end: Int
        var position: Int

        var remaining: Int { end - position }

        mutating func byte() throws -> UInt8 {
            guard position < end else { throw DataFileError.damaged("truncated") }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func u32() throws -> UInt32 {
            var v: UInt32 = 0
            for shift in stride(from: 0, to: 32, by: 8) { v |= UInt32(try byte()) << UInt32(shift) }
            return v
        }

        mutating func varint() throws -> Int {
            var value = 0, shift = 0
            while true {
                let b = try byte()
                value |= Int(b & 0x7F) << shift
                if b & 0x80 == 0 { return value }
                shift += 7
                guard shift < 56 else { throw DataFileError.damaged("a number is too long") }
            }
        }

        mutating func zigzag() throws -> Int {
            let v = try varint()
            return (v >> 1) ^ -(v & 1)
        }

        mutating func string() throws -> String {
            let n = try varint()
            guard n <= remaining else { throw DataFileError.damaged("a string runs past the end") }
            defer { position += n }
            return String(decoding: bytes[position..<position + n], as: UTF8.self)
        }
    }
}
