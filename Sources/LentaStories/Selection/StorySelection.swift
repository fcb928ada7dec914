import LentaCore

/// Chooses the moments of a story (pure, deterministic): exact duplicates once; each burst and
/// run of near-duplicates collapsed to its best frame; blurred, dark and non-photos left out
/// when better ones exist; every day and place represented in the proportion the trip had;
/// the length asked for; the candidates' order kept. Items added by hand are always in.
///
/// The steps, in order (each item left out keeps the reason of the first step that took it):
/// 1. `duplicate`: the same bytes (content hash) as another item.
/// 2. `screenshot` / `document` / `private`: not a photo; a picture with personal data is never
///    chosen, however short the story is of items (only a person adds it, by hand). A photo
///    read as likely paper whose kind was not confirmed is left out as a `document`.
/// 3. `burst` / `duplicate`: photos seconds apart (`burstGap`), or alike (`nearDuplicateBits`)
///    within `nearDuplicateGap`, are one group; its sharpest, best-exposed frame stays. The
///    rest of a burst (within 30 s) are `burst`; of a longer run, `blurred`/`dark` when they
///    are, else `duplicate`.
/// 4. `dark`, `blurred`: mean brightness under `darkBrightness` or mostly crushed; sharpness
///    under `blurredShare` of the lenta's median (photos). A day left with nothing keeps its
///    best such item.
/// 5. `length`: slots are shared among (day, place) groups in proportion to how many items each
///    had, at least one each; within a group, its items are cut into as many runs of
///    consecutive items as it has slots and each run gives its best. Photos share one duration
///    in `photoRange` that makes the length exact.
/// 6. People (`StorySelection+People`): everyone in at least two of the trip's items is in the
///    story, and no one is shown far more than the trip showed them. Throughout, between two
///    near-equal shots the one with the trip's people wins.
public struct StorySelection: Sendable {
    public var options: SelectionOptions

    /// The people in at least two of the trip's items (set by `choose`).
    var tripPeople: Set<Int64> = []

    public init(options: SelectionOptions) { self.options = options }

    private struct Entry {
        var index: Int
        var candidate: SelectionCandidate
        var score: Double
        var stratum: Int
    }

    public func choose(_ candidates: [SelectionCandidate]) -> StoryPlan {
        var selection = self
        selection.tripPeople = Self.tripPeople(candidates)
        return selection.plan(candidates)
    }

    private func plan(_ candidates: [SelectionCandidate]) -> StoryPlan {
        var reasons: [Int: AlternateReason] = [:]
        var keptInstead: [Int: Int] = [:]  // a copy or burst frame → the item kept in its place
        let forced = Set(candidates.indices.filter { candidates[$0].byHand })

        // 1. Exact duplicates: the copy added by hand stays, else the one with the shortest name
        //    (the original, not "… copy"), else the first.
        var byHash: [String: [Int]] = [:]
        for (i, c) in candidates.enumerated() { if let hash = c.quality?.contentHash { byHash[hash, default: []].append(i) } }
        for hash in byHash.keys.sorted() {
            guard let copies = byHash[hash], copies.count > 1 else { continue }
            let keeper = copies.first { forced.contains($0) }
                ?? copies.min { (candidates[$0].name.count, $0) < (candidates[$1].name.count, $1) }!
            for i in copies where i != keeper && !forced.contains(i) { reasons[i] = .duplicate; keptInstead[i] = keeper }
        }

        // 2. Not photos; and what is wrong with the rest (dark, blurred), decided after bursts.
        let photoSharpness = candidates.enumerated().compactMap { i, c in
            reasons[i] == nil && c.kind == .photo && c.quality?.content == .photo ? c.quality?.sharpness : nil
        }.sorted()
        let medianSharpness = photoSharpness.isEmpty ? 0 : photoSharpness[photoSharpness.count / 2]
        var flaws: [Int: AlternateReason] = [:]
        for (i, c) in candidates.enumerated() where reasons[i] == nil && !forced.contains(i) {
            guard let q = c.quality else { continue }
            switch q.content {
            case .screenshot, .screenRecording: reasons[i] = .screenshot
            case .document: reasons[i] = .document
            case .private: reasons[i] = .private
            case .photo:
                // Read as likely paper, its kind not confirmed (`DocumentReading.unconfirmedPaper`):
                // left out as a document is, never restored to fill a day (it may be a passport).
                if q.reading?.unconfirmedPaper != nil {
                    reasons[i] = .document
                } else if q.brightness < options.darkBrightness || q.crushed > options.crushedShare {
                    flaws[i] = .dark
                } else if c.kind == .photo, medianSharpness > 0, q.sharpness < options.blurredShare * medianSharpness {
                    flaws[i] = .blurred
                }
            }
        }

        // 3. Bursts and runs of near-duplicates (photos with a date): the best frame stays. The
        //    others of a burst (seconds apart) are "burst"; of a run over minutes, their own flaw
        //    or "duplicate".
        var group: [Int] = []
        func closeGroup() {
            defer { group = [] }
            guard group.count > 1 else { return }
            let keepers = group.filter { forced.contains($0) }
            let best = keepers.isEmpty
                ? [group.max { (score(candidates[$0], medianSharpness), -$0) < (score(candidates[$1], medianSharpness), -$1) }!]
                : keepers
            let span = (candidates[group.last!].instant ?? 0) - (candidates[group.first!].instant ?? 0)
            for i in group where !best.contains(i) {
                reasons[i] = span <= 30 ? .burst : (flaws[i] ?? .duplicate)
                keptInstead[i] = best[0]
            }
        }
        for i in candidates.indices where reasons[i] == nil && candidates[i].kind == .photo {
            let c = candidates[i]
            if let last = group.last, let t = c.instant, let lastTime = candidates[last].instant {
                let gap = t - lastTime
                let alike = group.contains { j in
                    guard let a = candidates[j].quality?.signature, let b = c.quality?.signature, let tj = candidates[j].instant else { return false }
                    return a.distance(to: b) <= options.nearDuplicateBits && t - tj <= options.nearDuplicateGap
                }
                if gap >= 0 && (gap <= options.burstGap || alike) {
                    group.append(i)
                    continue
                }
            }
            closeGroup()
            if c.instant != nil { group = [i] }
        }
        closeGroup()

        // 4. Dark and blurred, "when better ones exist": a day left with nothing keeps its best.
        var qualityRejects: [Int] = []
        for (i, flaw) in flaws where reasons[i] == nil {
            reasons[i] = flaw
            qualityRejects.append(i)
        }
        let keptDays = Set(candidates.indices.filter { reasons[$0] == nil }.map { candidates[$0].day })
        var restoredDays = Set<LocalDate?>()
        let ranked = qualityRejects.sorted {
            (score(candidates[$0], medianSharpness), -$0) > (score(candidates[$1], medianSharpness), -$1)
        }
        for i in ranked where !keptDays.contains(candidates[i].day) && !restoredDays.contains(candidates[i].day) {
            reasons[i] = nil
            restoredDays.insert(candidates[i].day)
        }

        // 5. Length.
        let pool = candidates.indices.filter { reasons[$0] == nil }
        let strata = Self.strata(candidates)
        var chosen = fit(pool: pool, candidates: candidates, strata: strata, forced: forced, medianSharpness: medianSharpness)

        // 6. People.
        balancePeople(&chosen.set, reasons: &reasons, candidates: candidates, strata: strata, forced: forced, medianSharpness: medianSharpness)
        for i in pool where !chosen.set.contains(i) { reasons[i] = .length }

        let choices = chosen.set.sorted().map { i -> StoryPlan.Choice in
            let c = candidates[i]
            if c.kind == .video, let duration = c.duration, let speed = ClipMoment.slowMotionSpeed(frameRate: c.frameRate, tags: c.slowMotion) {
                // A high-frame-rate clip: its most interesting second, slowed to the story's rate.
                let trim = ClipMoment.best(duration: duration, length: ClipMoment.slowMotionSeconds, activity: c.quality?.clip)
                return .init(id: c.id, kind: .video, length: trim.length / speed, trim: trim, byHand: c.byHand, speed: speed)
            }
            if c.kind == .video, let duration = c.duration {
                let trim = ClipMoment.best(duration: duration, length: options.clipLength(of: duration), activity: c.quality?.clip)
                return .init(id: c.id, kind: .video, length: trim.length, trim: trim, byHand: c.byHand)
            }
            return .init(id: c.id, kind: c.kind, length: chosen.photoDuration, trim: nil, byHand: c.byHand)
        }
        let alternates = candidates.indices.compactMap { i in
            reasons[i].map { StoryPlan.LeftOut(id: candidates[i].id, reason: $0, of: keptInstead[i].map { candidates[$0].id }) }
        }
        return StoryPlan(chosen: choices, alternates: alternates, photoDuration: chosen.photoDuration,
                         length: timelineLength(choices.map(\.length)))
    }

    /// How good an item is to show: sharper (against the lenta's median) and better exposed is better.
    func score(_ c: SelectionCandidate, _ medianSharpness: Double) -> Double {
        guard let q = c.quality else { return 1 + (c.people.contains(where: tripPeople.contains) ? Self.peopleBonus : 0) }
        let sharp = medianSharpness > 0 ? min(2, q.sharpness / medianSharpness) : 1
        let exposure = 2 * q.clipped + 2 * q.crushed + abs(q.brightness - 0.45)
        return sharp - exposure + (c.people.contains(where: tripPeople.contains) ? Self.peopleBonus : 0)
    }

    /// The (day, place) group of each candidate — or its section, when it has one; an item with
    /// no place takes the place of the item before it on the same day.
    static func strata(_ candidates: [SelectionCandidate]) -> [Int] {
        var keys: [String: Int] = [:]
        var result: [Int] = []
        var lastPlace: (day: LocalDate?, place: String?) = (nil, nil)
        for c in candidates {
            var place = c.place
            if place == nil, lastPlace.day == c.day { place = lastPlace.place }
            lastPlace = (c.day, place ?? lastPlace.place)
            let key = c.section.map { "§" + $0 } ?? "\(c.day?.description ?? "-")|\(place ?? "")"
            if keys[key] == nil { keys[key] = keys.count }
            result.append(keys[key]!)
        }
        return result
    }

    /// The story's length for items of these lengths, with the title card and overlaps.
    func timelineLength(_ lengths: [Double]) -> Double {
        guard !lengths.isEmpty else { return options.titleCard ?? 0 }
        let joins = lengths.count - 1 + (options.titleCard != nil ? 1 : 0)
        return (options.titleCard ?? 0) + lengths.reduce(0, +) - Double(joins) * options.transitionOverlap
    }

    /// The photos' duration that makes `count` photos and these clips last the length asked for.
    func photoDuration(photos: Int, clipLengths: [Double]) -> Double {
        let items = photos + clipLengths.count
        guard photos > 0 else { return options.photoDuration }
        let joins = items - 1 + (options.titleCard != nil ? 1 : 0)
        let fixed = (options.titleCard ?? 0) + clipLengths.reduce(0, +) - Double(joins) * options.transitionOverlap
        return (options.length - fixed) / Double(photos)
    }

    /// The largest selection whose photos can still be shown at least `photoDuration` (or, when
    /// even the fewest are too many, at the shortest), and the photo duration that fills it.
    private func fit(pool: [Int], candidates: [SelectionCandidate], strata: [Int], forced: Set<Int>,
                     medianSharpness: Double) -> (set: Set<Int>, photoDuration: Double) {
        guard !pool.isEmpty else { return ([], options.photoDuration) }
        let weights = strata.reduce(into: [Int: Int]()) { $0[$1, default: 0] += 1 }
        func evaluate(_ n: Int) -> (Set<Int>, Double) {
            let set = select(count: n, pool: pool, candidates: candidates, strata: strata, weights: weights, forced: forced,
                             medianSharpness: medianSharpness)
            let photos = set.filter { candidates[$0].kind != .video || candidates[$0].duration == nil }.count
            let clips = set.compactMap { i in candidates[i].kind == .video ? candidates[i].duration.map(options.clipLength(of:)) : nil }
            return (set, photoDuration(photos: photos, clipLengths: clips))
        }
        // The photo duration falls as items are added: search for the last count that keeps it.
        let smallest = min(pool.count, max(1, forced.count))
        var best = evaluate(smallest)
        if best.1 >= options.photoDuration {
            var low = smallest, high = pool.count
            while low < high {
                let middle = (low + high + 1) / 2
                let next = evaluate(middle)
                if next.1 >= options.photoDuration { low = middle; best = next } else { high = middle - 1 }
            }
        }
        var duration = best.1
        if !options.stretchToLength && best.0.count == pool.count { duration = min(duration, options.photoDuration) }
        duration = min(options.photoRange.upperBound, max(options.photoRange.lowerBound, duration))
        return (best.0, (duration * 1000).rounded() / 1000)
    }

    /// `count` items of the pool (at least the forced ones), shared among the strata in
    /// proportion to their weights, each stratum's share taken as the best of as many runs.
    func select(count: Int, pool: [Int], candidates: [SelectionCandidate], strata: [Int], weights: [Int: Int],
                forced: Set<Int>, medianSharpness: Double) -> Set<Int> {
        var available: [Int: [Int]] = [:]
        for i in pool { available[strata[i], default: []].append(i) }
        let groups = available.keys.sorted()
        // Largest remainder, at least one each while there are slots, capped by what a group has.
        var slots = [Int: Int]()
        for g in groups { slots[g] = available[g]!.filter { forced.contains($0) }.count }
        var left = count - slots.values.reduce(0, +)
        let totalWeight = Double(groups.map { weights[$0] ?? 1 }.reduce(0, +))
        // One each first, in order of weight (then time).
        for g in groups.sorted(by: { (weights[$0] ?? 0, -$0) > (weights[$1] ?? 0, -$1) }) where left > 0 && slots[g]! == 0 {
            slots[g] = 1; left -= 1
        }
        while left > 0 {
            let total = Double(slots.values.reduce(0, +) + 1)
            // The group furthest below its share that still has items.
            let open = groups.filter { slots[$0]! < available[$0]!.count }
            guard let g = open.max(by: { a, b in
                let da = Double(weights[a] ?? 1) / totalWeight * total - Double(slots[a]!)
                let db = Double(weights[b] ?? 1) / totalWeight * total - Double(slots[b]!)
                return (da, -a) < (db, -b)
            }) else { break }
            slots[g]! += 1; left -= 1
        }
        var chosen = Set<Int>()
        for g in groups {
            let items = available[g]!
            let mine = items.filter { forced.contains($0) }
            chosen.formUnion(mine)
            let free = items.filter { !forced.contains($0) }
            let runs = min(free.count, slots[g]! - mine.count)
            guard runs > 0 else { continue }
            for r in 0..<runs {
                let run = free[(r * free.count / runs)..<((r + 1) * free.count / runs)]
                if let best = run.max(by: { (score(candidates[$0], medianSharpness), -$0) < (score(candidates[$1], medianSharpness), -$1) }) {
                    chosen.insert(best)
                }
            }
        }
        return chosen
    }
}
