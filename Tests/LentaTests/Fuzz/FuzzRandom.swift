/// SplitMix64: a small seeded generator, so a fuzz run is the same every time it is given the
/// same seed (the campaign is deterministic; its seed is printed with every finding).
struct FuzzRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0..<n (n > 0).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
