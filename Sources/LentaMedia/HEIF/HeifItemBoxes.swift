/// The item boxes of a HEIF file's `meta` box, read as ISO/IEC 23008-12 lays them out: which
/// item is primary, each item's type (`iinf`), where its bytes are (`iloc`), which items a
/// derived image is made of (`iref`/`dimg`), and its properties (`iprp`: `ipco` and `ipma`).
/// libheif 1.15 reads these too but shows none of a grid's layout and decodes no tile alone;
/// `HeifTileGrid` needs them to decode a grid tile by tile. Reads only the `meta` box (at most
/// `largestMeta` bytes); anything malformed makes `init` return nil, so the caller falls back
/// to libheif, which says what is wrong.
struct HeifItemBoxes {
    /// Where an item's bytes are: in the file (`iloc` construction method 0) or in `idat` (1).
    struct Location {
        let inIdat: Bool
        let extents: [(offset: Int64, length: Int64)]
    }

    /// A property box as stored (header included), to be copied into a standalone file.
    struct Property {
        let type: String
        let box: [UInt8]
        /// The payload after the box header (and after version and flags for a full box).
        func payload(fullBox: Bool) -> ArraySlice<UInt8> { box.dropFirst(fullBox ? 12 : 8) }
    }

    /// A `meta` box larger than this is not read (a phone's is a few kilobytes; one per tile
    /// costs some 40 bytes, so 4 MiB is a hundred thousand tiles).
    static let largestMeta = 4 << 20

    let path: String
    let primary: UInt32
    let types: [UInt32: String]
    let locations: [UInt32: Location]
    /// `dimg` references: the items a derived image (a grid) is made of, in order.
    let derivedFrom: [UInt32: [UInt32]]
    let idat: [UInt8]
    /// `ipco`'s boxes; `ipma` numbers them from 1.
    let properties: [Property]
    /// Each item's properties, in order, as indices into `properties`.
    let associations: [UInt32: [Int]]

    /// The `meta` box's bytes (its version and flags first), or nil when there is none to read.
    private static func metaBox(in file: RandomAccessFile) throws -> [UInt8]? {
        guard let metaRange = try file.firstBox("meta", in: 0..<file.size, limit: 1_000), metaRange.count >= 4,
              metaRange.count <= Int64(largestMeta) else { return nil }
        let meta = try file.read(at: metaRange.lowerBound, count: Int(metaRange.count))
        return meta.count == metaRange.count ? meta : nil
    }

    init?(file: RandomAccessFile) throws {
        path = file.path
        guard let meta = try Self.metaBox(in: file) else { return nil }
        let children = Self.boxes(in: meta, 4..<meta.count)
        func child(_ type: String) -> Range<Int>? { children.first { $0.type == type }?.payload }

        guard let pitm = child("pitm"), let version = meta.byte(at: pitm.lowerBound),
              let primary = version == 0 ? meta.bigEndian16(at: pitm.lowerBound + 4).map(UInt32.init) : meta.bigEndian32(at: pitm.lowerBound + 4)
        else { return nil }
        self.primary = primary
        guard let iinf = child("iinf"), let types = Self.itemTypes(meta, iinf),
              let iloc = child("iloc"), let locations = Self.itemLocations(meta, iloc),
              let iprp = child("iprp") else { return nil }
        self.types = types
        self.locations = locations
        derivedFrom = child("iref").flatMap { Self.references("dimg", meta, $0) } ?? [:]
        idat = child("idat").map { Array(meta[$0]) } ?? []
        let iprpChildren = Self.boxes(in: meta, iprp)
        guard let ipco = iprpChildren.first(where: { $0.type == "ipco" }),
              let ipma = iprpChildren.first(where: { $0.type == "ipma" }),
              let associations = Self.associations(meta, ipma.payload) else { return nil }
        properties = Self.boxes(in: meta, ipco.payload).map { Property(type: $0.type, box: Array(meta[$0.whole])) }
        self.associations = associations
    }

    /// An item of the file that is derived (`dimg`) from itself, at any depth, or nil. libheif
    /// 1.15 decodes such a grid by decoding itself again, starting threads until the process
    /// aborts, so a file with one is refused before libheif is asked for pixels. Only `iref` is
    /// read: libheif reads files whose other boxes `init` refuses (an `infe` whose type is
    /// damaged, found by make fuzz), and recurses in them all the same.
    static func derivationLoop(file: RandomAccessFile) throws -> UInt32? {
        guard let meta = try metaBox(in: file),
              let iref = boxes(in: meta, 4..<meta.count).first(where: { $0.type == "iref" })?.payload else { return nil }
        // As the boxes say, and as libheif reads them (found by make fuzz: a reference box whose
        // size was damaged hid a grid made of itself from the first reading, not from libheif).
        var derivedFrom = references("dimg", meta, iref) ?? [:]
        derivedFrom.merge(referencesIgnoringSizes("dimg", meta, iref)) { $0 + $1 }
        return derivationLoop(derivedFrom)
    }

    /// `iref`'s references of `type` read as libheif 1.15 reads them: each reference box's
    /// header, then its from-ID, count and IDs in a row, the next box right after — its size
    /// field is never used.
    private static func referencesIgnoringSizes(_ type: String, _ b: [UInt8], _ iref: Range<Int>) -> [UInt32: [UInt32]] {
        guard let version = b.byte(at: iref.lowerBound) else { return [:] }
        let idSize = version == 0 ? 2 : 4
        var reader = BigEndianReader(bytes: b, offset: iref.lowerBound + 4, end: iref.upperBound)
        var references: [UInt32: [UInt32]] = [:]
        while let size = reader.integer(4), let kind = reader.integer(4) {
            if size == 1 { guard reader.integer(8) != nil else { break } }
            guard let from = reader.integer(idSize), let count = reader.integer(2) else { break }
            var to: [UInt32] = []
            for _ in 0..<count {
                guard let id = reader.integer(idSize) else { break }
                to.append(UInt32(truncatingIfNeeded: id))
            }
            if kind == Self.fourCC(type) { references[UInt32(truncatingIfNeeded: from), default: []] += to }
        }
        return references
    }

    private static func fourCC(_ type: String) -> Int64 { type.utf8.reduce(0) { $0 << 8 | Int64($1) } }

    private static func derivationLoop(_ derivedFrom: [UInt32: [UInt32]]) -> UInt32? {
        var state: [UInt32: Bool] = [:]  // false: being walked; true: done
        func loop(from item: UInt32, depth: Int) -> UInt32? {
            if let done = state[item] { return done ? nil : item }
            guard depth < 64 else { return item }
            state[item] = false
            for part in derivedFrom[item] ?? [] {
                if let found = loop(from: part, depth: depth + 1) { return found }
            }
            state[item] = true
            return nil
        }
        for item in derivedFrom.keys.sorted() {
            if let found = loop(from: item, depth: 0) { return found }
        }
        return nil
    }

    /// The properties of `item` of `type`, in association order.
    func properties(of item: UInt32, type: String) -> [Property] {
        (associations[item] ?? []).compactMap { properties.indices.contains($0) && properties[$0].type == type ? properties[$0] : nil }
    }

    /// The bytes of `item` (its extents joined), at most `limit` of them; nil when it has none,
    /// they lie outside the file or `idat`, or they are more than `limit`.
    func data(of item: UInt32, file: RandomAccessFile, limit: Int) throws -> [UInt8]? {
        guard let location = locations[item], !location.extents.isEmpty else { return nil }
        var bytes: [UInt8] = []
        for extent in location.extents {
            guard extent.offset >= 0, extent.length > 0, Int64(bytes.count) + extent.length <= Int64(limit) else { return nil }
            if location.inIdat {
                guard extent.offset + extent.length <= Int64(idat.count) else { return nil }
                bytes += idat[Int(extent.offset)..<Int(extent.offset + extent.length)]
            } else {
                guard extent.offset + extent.length <= file.size else { return nil }
                let part = try file.read(at: extent.offset, count: Int(extent.length))
                guard part.count == extent.length else { return nil }
                bytes += part
            }
        }
        return bytes
    }

    // MARK: Boxes

    /// The boxes filling `range` of `bytes`: type, whole box and payload. Stops at the first
    /// box that does not fit.
    static func boxes(in bytes: [UInt8], _ range: Range<Int>) -> [(type: String, whole: Range<Int>, payload: Range<Int>)] {
        var found: [(type: String, whole: Range<Int>, payload: Range<Int>)] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound, let size32 = bytes.bigEndian32(at: offset) {
            var size = Int(size32), header = 8
            if size32 == 1 {
                guard let high = bytes.bigEndian32(at: offset + 8), high == 0, let low = bytes.bigEndian32(at: offset + 12) else { break }
                size = Int(low)
                header = 16
            } else if size32 == 0 {
                size = range.upperBound - offset
            }
            guard size >= header, size <= range.upperBound - offset else { break }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            found.append((type, offset..<(offset + size), (offset + header)..<(offset + size)))
            offset += size
        }
        return found
    }

    /// `iinf`: item ID → item type, from `infe` boxes of version 2 or 3.
    private static func itemTypes(_ b: [UInt8], _ iinf: Range<Int>) -> [UInt32: String]? {
        guard let version = b.byte(at: iinf.lowerBound) else { return nil }
        let first = iinf.lowerBound + 4 + (version == 0 ? 2 : 4)
        var types: [UInt32: String] = [:]
        for infe in boxes(in: b, first..<iinf.upperBound) where infe.type == "infe" {
            let p = infe.payload.lowerBound
            guard let v = b.byte(at: p), v >= 2 else { continue }
            let id: UInt32?, typeAt: Int
            if v == 2 { id = b.bigEndian16(at: p + 4).map(UInt32.init); typeAt = p + 8 } else { id = b.bigEndian32(at: p + 4); typeAt = p + 10 }
            guard let id, typeAt + 4 <= infe.payload.upperBound else { continue }
            types[id] = String(decoding: b[typeAt..<(typeAt + 4)], as: UTF8.self)
        }
        return types
    }

    /// `iloc` (versions 0, 1 and 2): item ID → where its bytes are. Items stored another way
    /// (construction method 2, another file) are left out.
    private static func itemLocations(_ b: [UInt8], _ iloc: Range<Int>) -> [UInt32: Location]? {
        var reader = BigEndianReader(bytes: b, offset: iloc.lowerBound, end: iloc.upperBound)
        guard let version = reader.integer(1), version <= 2, reader.integer(3) != nil,
              let sizes = reader.integer(1), let more = reader.integer(1) else { return nil }
        let offsetSize = Int(sizes >> 4), lengthSize = Int(sizes & 15), baseSize = Int(more >> 4)
        let indexSize = version == 0 ? 0 : Int(more & 15)
        guard [0, 4, 8].contains(offsetSize), [0, 4, 8].contains(lengthSize), [0, 4, 8].contains(baseSize),
              [0, 4, 8].contains(indexSize), let count = reader.integer(version < 2 ? 2 : 4) else { return nil }
        var locations: [UInt32: Location] = [:]
        for _ in 0..<count {
            guard let id = reader.integer(version < 2 ? 2 : 4) else { return nil }
            var method: Int64 = 0
            if version >= 1 { guard let m = reader.integer(2) else { return nil }; method = m & 15 }
            guard let reference = reader.integer(2), let base = reader.integer(baseSize), let extentCount = reader.integer(2) else { return nil }
            var extents: [(offset: Int64, length: Int64)] = []
            for _ in 0..<extentCount {
                guard reader.integer(indexSize) != nil, let offset = reader.integer(offsetSize), let length = reader.integer(lengthSize),
                      base >= 0, offset >= 0, base <= Int64.max - offset else { return nil }
                extents.append((base + offset, length))
            }
            if reference == 0, method <= 1 { locations[UInt32(truncatingIfNeeded: id)] = Location(inIdat: method == 1, extents: extents) }
        }
        return locations
    }

    /// `iref` references of `type`: from item → to items, in order.
    private static func references(_ type: String, _ b: [UInt8], _ iref: Range<Int>) -> [UInt32: [UInt32]]? {
        guard let version = b.byte(at: iref.lowerBound) else { return nil }
        let idSize = version == 0 ? 2 : 4
        var references: [UInt32: [UInt32]] = [:]
        for reference in boxes(in: b, (iref.lowerBound + 4)..<iref.upperBound) where reference.type == type {
            var reader = BigEndianReader(bytes: b, offset: reference.payload.lowerBound, end: reference.payload.upperBound)
            guard let from = reader.integer(idSize), let count = reader.integer(2) else { return nil }
            var to: [UInt32] = []
            for _ in 0..<count {
                guard let id = reader.integer(idSize) else { return nil }
                to.append(UInt32(truncatingIfNeeded: id))
            }
            // Two boxes from one item (malformed) add up, as a reader following either would.
            references[UInt32(truncatingIfNeeded: from), default: []] += to
        }
        return references
    }

    /// `ipma`: item ID → its properties (0-based indices into `ipco`'s boxes).
    private static func associations(_ b: [UInt8], _ ipma: Range<Int>) -> [UInt32: [Int]]? {
        var reader = BigEndianReader(bytes: b, offset: ipma.lowerBound, end: ipma.upperBound)
        guard let version = reader.integer(1), let flags = reader.integer(3), let count = reader.integer(4) else { return nil }
        var associations: [UInt32: [Int]] = [:]
        for _ in 0..<count {
            guard let id = reader.integer(version < 1 ? 2 : 4), let n = reader.integer(1) else { return nil }
            var indices: [Int] = []
            for _ in 0..<n {
                guard let entry = reader.integer(flags & 1 == 1 ? 2 : 1) else { return nil }
                let index = Int(entry & (flags & 1 == 1 ? 0x7FFF : 0x7F))
                if index > 0 { indices.append(index - 1) }
            }
            associations[UInt32(truncatingIfNeeded: id)] = indices
        }
        return associations
    }
}

/// Reads big-endian integers of 0…8 bytes in turn; nil past the end.
struct BigEndianReader {
    let bytes: [UInt8]
    var offset: Int
    let end: Int

    mutating func integer(_ size: Int) -> Int64? {
        guard size >= 0, size <= 8, offset + size <= end, offset + size <= bytes.count else { return nil }
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[offset + i]) }
        offset += size
        return Int64(bitPattern: value)
    }
}

extension Array where Element == UInt8 {
    func byte(at i: Int) -> UInt8? { indices.contains(i) ? self[i] : nil }
}
