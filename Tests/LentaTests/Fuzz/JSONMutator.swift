import LentaCore

/// Mutations of a project file that keep it JSON, so they reach past the parser into the reader
/// and the validator: a value replaced by an extreme one (±1e308, −0, 1e−320, 2^63, a
/// 5,000-character string, control characters, a lone surrogate's replacement, deep nesting), a
/// member dropped, duplicated or renamed, an array emptied or grown, types swapped.
struct JSONMutator {
    static let extremeNumbers: [Double] = [0, -0.0, 1, -1, 0.5, 1e-300, .leastNonzeroMagnitude, 1e308, -1e308, 9.3e18, -9.3e18, 3600, 3599.999999,
                                            1e13, 0.001, 2, 4096, 4097, 8192, 240, 241, 1e-9]

    func mutate(_ value: StrictJSON.Value, _ random: inout FuzzRandom) -> StrictJSON.Value {
        var value = value
        for _ in 0..<(1 + random.below(3)) { value = mutateOne(value, &random, depth: 0) }
        return value
    }

    private func mutateOne(_ value: StrictJSON.Value, _ random: inout FuzzRandom, depth: Int) -> StrictJSON.Value {
        // Go down into a container most of the time; replace this node otherwise.
        switch value {
        case .object(var members) where !members.isEmpty && random.chance(75):
            let i = random.below(members.count)
            switch random.below(10) {
            case 0: members.remove(at: i)
            case 1: members.append(members[i])
            case 2: members[i].key = random.chance(50) ? members[i].key + "s" : String(members[i].key.dropLast())
            default: members[i].value = mutateOne(members[i].value, &random, depth: depth + 1)
            }
            return .object(members)
        case .array(var elements) where !elements.isEmpty && random.chance(75):
            let i = random.below(elements.count)
            switch random.below(10) {
            case 0: elements.remove(at: i)
            case 1: elements += Array(repeating: elements[i], count: 1 + random.below(20))
            case 2: elements.removeAll()
            default: elements[i] = mutateOne(elements[i], &random, depth: depth + 1)
            }
            return .array(elements)
        default:
            return replacement(for: value, &random)
        }
    }

    private func replacement(for value: StrictJSON.Value, _ random: inout FuzzRandom) -> StrictJSON.Value {
        switch random.below(12) {
        case 0, 1, 2: return .number(random.pick(Self.extremeNumbers) * (random.chance(20) ? -1 : 1))
        case 3: return .integer(random.pick([0, -1, 1, Int.max, Int.min, 10_001, 65_536]))
        case 4: return .string(random.pick(["", " ", "\u{0}", "\u{1B}[31m", "../../../../etc/passwd", "/dev/zero", "a.cube", ".cube",
                                            "caf\u{E9}.jpg", "\u{202E}gpj.exe", "Ǆ̈", "\u{FFFD}", "fill", "centre", "#zzzzzz", "#12345"]))
        case 5: return .string(String(repeating: random.pick(["x", "é", "👩‍👩‍👧", "\u{7}", " "]), count: random.pick([200, 401, 501, 5000])))
        case 6: return .null
        case 7: return .bool(random.chance(50))
        case 8: return .array([])
        case 9: return .object([])
        case 10:
            // Deep nesting, past the parser's limit or just within it.
            var nested = StrictJSON.Value.integer(1)
            for _ in 0..<random.pick([10, 100, 511, 600]) { nested = .array([nested]) }
            return nested
        default:
            if case .array(let a) = value { return .array(a.map { _ in .number(random.pick(Self.extremeNumbers)) }) }
            return .array((0..<random.below(6)).map { _ in .number(random.pick(Self.extremeNumbers)) })
        }
    }
}
