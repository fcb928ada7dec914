import LentaCore

/// Step 6 of `StorySelection`: the trip's people. Everyone in at least two of the trip's items
/// is in the story with their best shot, in place of the weakest chosen item that shows no one
/// else only it shows (of the same kind, so the length holds, from a day and place left with
/// others); and no one fills more than `overshown` times their share of the trip (at least one
/// item more than that share), their weakest shots giving way to the best of the rest.
extension StorySelection {
    /// What the trip's people add to a shot's score: enough to win between near-equal shots,
    /// far less than a sharp photo has over a blurred one.
    static let peopleBonus = 0.1
    /// How much more of the story than of the trip one person may fill.
    static let overshown = 2.0

    /// The people in at least two items.
    static func tripPeople(_ candidates: [SelectionCandidate]) -> Set<Int64> {
        var counts: [Int64: Int] = [:]
        for c in candidates { for p in Set(c.people) { counts[p, default: 0] += 1 } }
        return Set(counts.filter { $0.value >= 2 }.keys)
    }

    func balancePeople(_ chosen: inout Set<Int>, reasons: inout [Int: AlternateReason], candidates: [SelectionCandidate],
                       strata: [Int], forced: Set<Int>, medianSharpness: Double) {
        guard !tripPeople.isEmpty, !chosen.isEmpty else { return }
        // Items a person may be brought back from: good ones the length or a burst left out.
        let eligible = candidates.indices.filter { i in
            guard !chosen.contains(i) else { return false }
            switch reasons[i] {
            case nil, .length, .burst: return true
            default: return false
            }
        }
        func better(_ a: Int, _ b: Int) -> Bool {
            (score(candidates[a], medianSharpness), -a) < (score(candidates[b], medianSharpness), -b)
        }
        func shows(_ i: Int, _ person: Int64) -> Bool { candidates[i].people.contains(person) }
        func isClip(_ i: Int) -> Bool { candidates[i].kind == .video && candidates[i].duration != nil }
        /// The weakest chosen item that may go: not by hand, of the same kind, not the only shot
        /// of anyone in it, its (day, place) keeping another item; `keep` must stay true.
        func victim(for incoming: Int, keep: (Int) -> Bool) -> Int? {
            let counts = chosen.reduce(into: [Int64: Int]()) { for p in Set(candidates[$1].people) { $0[p, default: 0] += 1 } }
            let perStratum = chosen.reduce(into: [Int: Int]()) { $0[strata[$1], default: 0] += 1 }
            let possible = chosen.filter { i in
                !forced.contains(i) && isClip(i) == isClip(incoming) && keep(i)
                    && Set(candidates[i].people).allSatisfy { !tripPeople.contains($0) || counts[$0, default: 0] > 1 }
            }
            let keepsPlace = possible.filter { perStratum[strata[$0], default: 0] > 1 || strata[$0] == strata[incoming] }
            return (keepsPlace.isEmpty ? possible : keepsPlace).min(by: better)
        }
        func swap(out: Int, in incoming: Int) {
            chosen.remove(out)
            chosen.insert(incoming)
            reasons[incoming] = nil
            reasons[out] = .length
        }
        // Everyone who appears twice is shown.
        for person in tripPeople.sorted() where !chosen.contains(where: { shows($0, person) }) {
            guard let best = eligible.filter({ shows($0, person) && !chosen.contains($0) }).max(by: better),
                  let out = victim(for: best, keep: { _ in true }) else { continue }
            swap(out: out, in: best)
        }
        // No one shown far more than the trip showed them.
        let tripCounts = candidates.reduce(into: [Int64: Int]()) { for p in Set($1.people) { $0[p, default: 0] += 1 } }
        for person in tripPeople.sorted() {
            let share = Double(tripCounts[person] ?? 0) / Double(candidates.count)
            let allowed = max(Int((Self.overshown * share * Double(chosen.count)).rounded(.up)), Int((share * Double(chosen.count)).rounded(.up)) + 1)
            var shown = chosen.filter { shows($0, person) }.count
            while shown > allowed {
                guard let incoming = eligible.filter({ !chosen.contains($0) && !shows($0, person) }).max(by: better),
                      let out = victim(for: incoming, keep: { shows($0, person) }) else { break }
                swap(out: out, in: incoming)
                shown -= 1
            }
        }
    }
}
