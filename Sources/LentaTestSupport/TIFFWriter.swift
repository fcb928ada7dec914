/// A small, deterministic writer of TIFF structures (the body of an EXIF block): IFDs whose
/// entries are sorted by tag, values longer than four bytes stored after their IFD at even offsets.
struct TIFFWriter {
    enum FieldType: UInt16 {
        case byte = 1, ascii = 2, short = 3, long = 4, rational = 5, undefined = 7
    }

    struct Entry {
        var tag: UInt16
        var type: FieldType
        var count: UInt32
        /// The value, already in the file's byte order.
        var bytes: [UInt8]
    }

    let order: TIFFByteOrder

    func u16(_ v: UInt16) -> [UInt8] {
        order == .bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
    }

    func u32(_ v: UInt32) -> [UInt8] {
        let be = [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        return order == .bigEndian ? be : be.reversed()
    }

    func ascii(_ tag: UInt16, _ text: String) -> Entry {
        let bytes = Array(text.utf8) + [0]
        return Entry(tag: tag, type: .ascii, count: UInt32(bytes.count), bytes: bytes)
    }

    func bytes(_ tag: UInt16, _ values: [UInt8], type: FieldType = .byte) -> Entry {
        Entry(tag: tag, type: type, count: UInt32(values.count), bytes: values)
    }

    func short(_ tag: UInt16, _ value: UInt16) -> Entry {
        Entry(tag: tag, type: .short, count: 1, bytes: u16(value))
    }

    func long(_ tag: UInt16, _ value: UInt32) -> Entry {
        Entry(tag: tag, type: .long, count: 1, bytes: u32(value))
    }

    func rationals(_ tag: UInt16, _ values: [(UInt32, UInt32)]) -> Entry {
        Entry(tag: tag, type: .rational, count: UInt32(values.count),
              bytes: values.flatMap { u32($0.0) + u32($0.1) })
    }

    /// Bytes an IFD takes with its out-of-line values.
    static func size(of entries: [Entry]) -> Int {
        2 + 12 * entries.count + 4 + entries.reduce(0) { $0 + ($1.bytes.count > 4 ? padded($1.bytes.count) : 0) }
    }

    static func padded(_ n: Int) -> Int { n + (n & 1) }

    /// Appends an IFD that starts at file offset `offset` (which must equal `out.count`).
    func writeIFD(_ entries: [Entry], at offset: Int, into out: inout [UInt8]) {
        let sorted = entries.sorted { $0.tag < $1.tag }
        var dataOffset = offset + 2 + 12 * sorted.count + 4
        var data: [UInt8] = []
        out += u16(UInt16(sorted.count))
        for entry in sorted {
            out += u16(entry.tag) + u16(entry.type.rawValue) + u32(entry.count)
            if entry.bytes.count <= 4 {
                out += entry.bytes + [UInt8](repeating: 0, count: 4 - entry.bytes.count)
            } else {
                out += u32(UInt32(dataOffset))
                data += entry.bytes
                if entry.bytes.count & 1 == 1 { data.append(0) }
                dataOffset += Self.padded(entry.bytes.count)
            }
        }
        out += u32(0)  // no next IFD
        out += data
    }

    /// A whole TIFF block: header, IFD0, then the sub-IFDs IFD0 points to through `pointerTag`.
    func block(ifd0: [Entry], subIFDs: [(pointerTag: UInt16, entries: [Entry])]) -> [UInt8] {
        let present = subIFDs.filter { !$0.entries.isEmpty }
        var first = ifd0 + present.map { long($0.pointerTag, 0) }
        var next = 8 + Self.size(of: first)
        var offsets: [Int] = []
        for sub in present {
            offsets.append(next)
            next += Self.size(of: sub.entries)
        }
        for (i, sub) in present.enumerated() {
            if let k = first.firstIndex(where: { $0.tag == sub.pointerTag && $0.type == .long && $0.bytes == u32(0) }) {
                first[k] = long(sub.pointerTag, UInt32(offsets[i]))
            }
        }
        var out: [UInt8] = order == .bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        out += u16(42) + u32(8)
        writeIFD(first, at: 8, into: &out)
        for (i, sub) in present.enumerated() {
            writeIFD(sub.entries, at: offsets[i], into: &out)
        }
        return out
    }
}
