/// Mutations of a file's bytes, as AFL and libFuzzer make them: bit flips, "interesting" values
/// (0, −1, the largest positive, a power of two) written as 8-, 16- and 32-bit integers in either
/// byte order (a header's length or count fields), ranges deleted, duplicated or overwritten,
/// dictionary tokens (a format's markers and box names) inserted, and truncation.
struct ByteMutator {
    /// Tokens of the formats under test, inserted whole.
    var dictionary: [[UInt8]] = []
    /// No mutant grows past this.
    var maximumLength = 1 << 20

    static let interesting8: [UInt8] = [0, 1, 0x7F, 0x80, 0xFF, 0x0A, 0x22, 0x5C]
    static let interesting32: [UInt32] = [0, 1, 2, 8, 16, 0xFF, 0x100, 0xFFFF, 0x1_0000, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFE, 0xFFFF_FFFF]

    func mutate(_ input: [UInt8], _ random: inout FuzzRandom) -> [UInt8] {
        var bytes = input
        for _ in 0..<(1 + random.below(4)) { mutateOnce(&bytes, &random) }
        if bytes.count > maximumLength { bytes.removeLast(bytes.count - maximumLength) }
        return bytes
    }

    private func mutateOnce(_ bytes: inout [UInt8], _ random: inout FuzzRandom) {
        if bytes.isEmpty { bytes = [random.pick(Self.interesting8)]; return }
        let at = random.below(bytes.count)
        switch random.below(11) {
        case 0:
            bytes[at] ^= 1 << UInt8(random.below(8))
        case 1:
            bytes[at] = random.pick(Self.interesting8)
        case 2, 3:
            let value = random.pick(Self.interesting32)
            let width = random.chance(50) ? 2 : 4
            let bigEndian = random.chance(50)
            for i in 0..<width where at + i < bytes.count {
                let shift = bigEndian ? (width - 1 - i) * 8 : i * 8
                bytes[at + i] = UInt8(truncatingIfNeeded: value >> UInt32(shift))
            }
        case 4:
            let length = 1 + random.below(min(64, bytes.count - at))
            bytes.removeSubrange(at..<(at + length))
        case 5:
            let length = 1 + random.below(min(256, bytes.count - at))
            let copy = Array(bytes[at..<(at + length)])
            bytes.insert(contentsOf: copy, at: random.below(bytes.count + 1))
        case 6:
            let count = 1 + random.below(16)
            bytes.insert(contentsOf: (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: at)
        case 7:
            bytes.removeLast(bytes.count - at)
        case 8 where !dictionary.isEmpty:
            let token = random.pick(dictionary)
            if random.chance(50) {
                bytes.insert(contentsOf: token, at: at)
            } else {
                for (i, b) in token.enumerated() where at + i < bytes.count { bytes[at + i] = b }
            }
        case 9:
            // A range set to one byte: runs of 0x00 or 0xFF as a zeroed or wiped header has.
            let length = 1 + random.below(min(32, bytes.count - at))
            let value = random.pick(Self.interesting8)
            for i in at..<(at + length) { bytes[i] = value }
        default:
            bytes[at] = UInt8(truncatingIfNeeded: random.next())
        }
    }
}
