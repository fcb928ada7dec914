/// Keeps automatic lentas' ids stable across regroupings: each proposed group continues the
/// existing lenta it shares the most items with, so a new photo joins its lenta instead of
/// renumbering the others.
public enum AutoLentaMatcher {
    /// For each proposed group (item ids), the id of the existing lenta it continues, or nil.
    public static func match(existing: [Int64: Set<Int64>], proposed: [[Int64]]) -> [Int64?] {
        // Which existing lenta each item was in (an item is in at most one automatic lenta).
        var owner: [Int64: Int64] = [:]
        owner.reserveCapacity(existing.values.reduce(0) { $0 + $1.count })
        for (id, members) in existing { for item in members { owner[item] = id } }
        var pairs: [(overlap: Int, group: Int, lenta: Int64)] = []
        for (g, items) in proposed.enumerated() {
            var overlap: [Int64: Int] = [:]
            for item in items { if let id = owner[item] { overlap[id, default: 0] += 1 } }
            for (id, count) in overlap { pairs.append((count, g, id)) }
        }
        // Largest overlaps first; ties go to the older lenta, then the earlier group: deterministic.
        pairs.sort { ($1.overlap, $0.lenta, $0.group) < ($0.overlap, $1.lenta, $1.group) }
        var result = [Int64?](repeating: nil, count: proposed.count)
        var taken = Set<Int64>()
        for pair in pairs where result[pair.group] == nil && !taken.contains(pair.lenta) {
            result[pair.group] = pair.lenta
            taken.insert(pair.lenta)
        }
        return result
    }
}
