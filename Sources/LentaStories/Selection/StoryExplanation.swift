import LentaCore

/// Why each item is in a story or out of it (`lenta project --explain`): the measures that
/// decided, in words a person can act on: the sharpness against the lenta's median, the
/// exposure, what the picture is and why (a document's lines of text, a passport's zone), which
/// item was kept in place of a copy or a burst's frame, the length it was given or had no room in.
public enum StoryExplanation {
    /// For each candidate's id, chosen or left out, its reasons.
    public static func why(_ plan: StoryPlan, candidates: [SelectionCandidate], options: SelectionOptions) -> [Int64: [String]] {
        let byID = Dictionary(candidates.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let sharpness = candidates.compactMap { c in c.kind == .photo && c.quality?.content == .photo ? c.quality?.sharpness : nil }.sorted()
        let median = sharpness.isEmpty ? 0 : sharpness[sharpness.count / 2]
        var result: [Int64: [String]] = [:]
        for choice in plan.chosen {
            guard let c = byID[choice.id] else { continue }
            var why = measures(c, median: median)
            if let trim = choice.trim, let duration = c.duration {
                why.append("shows \(number(trim.start))–\(number(trim.end)) s of its \(number(duration)) s")
            } else {
                why.append("shown \(number(choice.length)) s")
            }
            result[choice.id] = (c.byHand ? ["added by hand"] : ["chosen"]) + why
        }
        for left in plan.alternates {
            guard let c = byID[left.id] else { continue }
            var why = [reason(left, c, byID: byID, median: median, options: options, length: plan.length)]
            why += measures(c, median: median)
            result[left.id] = why
        }
        return result
    }

    /// What was measured of an item: content with its reasons, sharpness, exposure, what reading found.
    static func measures(_ c: SelectionCandidate, median: Double) -> [String] {
        guard let q = c.quality else { return ["not measured"] }
        var why = ["content \(q.content.rawValue)" + (q.contentReasons.isEmpty ? "" : ": " + q.contentReasons.joined(separator: "; "))]
        if median > 0, c.kind == .photo { why.append("sharpness \(number(q.sharpness / median))× the lenta's median") }
        why.append("brightness \(number(q.brightness)), \(percent(q.clipped)) clipped, \(percent(q.crushed)) crushed")
        if let r = q.reading {
            why.append("read: \(r.lines) lines of text over \(percent(r.textShare)) of the picture"
                       + (r.codes.isEmpty ? "" : ", codes \(r.codes.joined(separator: ", "))"))
        } else if q.textGate == false {
            why.append("no page-like region: not read for text")
        }
        if !c.people.isEmpty { why.append("\(c.people.count) of the lenta's people") }
        return why
    }

    static func reason(_ left: StoryPlan.LeftOut, _ c: SelectionCandidate, byID: [Int64: SelectionCandidate], median: Double,
                       options: SelectionOptions, length: Double) -> String {
        let kept = left.of.flatMap { byID[$0]?.name }.map { " (\($0) kept)" } ?? ""
        switch left.reason {
        case .burst: return "burst: a better frame of the same seconds" + kept
        case .duplicate: return "duplicate" + kept
        case .blurred:
            return "blurred: sharpness under \(number(options.blurredShare))× the lenta's median"
        case .dark:
            return "dark: brightness under \(number(options.darkBrightness)) or over \(percent(options.crushedShare)) crushed"
        case .screenshot: return "screenshot or screen recording"
        case .document:
            return c.quality?.content == .photo && c.quality?.reading?.unconfirmedPaper != nil
                ? "likely a document (its kind not confirmed): not a moment of the trip" : "document: not a moment of the trip"
        case .private: return "private: personal data, never chosen"
        case .length: return "length: no room in a story of \(number(length)) s"
        }
    }

    static func number(_ x: Double) -> String {
        let rounded = (x * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func percent(_ x: Double) -> String { "\(Int((x * 100).rounded()))%" }
}
