import LentaCore
import LentaLibrary
import LentaStories

/// How lentas read on a terminal.
enum LentaReadout {
    static func counts(_ s: LentaSummary) -> String {
        var parts: [String] = []
        if s.photos > 0 { parts.append("\(s.photos) photo\(s.photos == 1 ? "" : "s")") }
        if s.videos > 0 { parts.append("\(s.videos) video\(s.videos == 1 ? "" : "s")") }
        return parts.isEmpty ? "empty" : parts.joined(separator: ", ")
    }

    static func dates(_ s: LentaSummary) -> String {
        guard let start = s.start, let end = s.end else { return "undated" }
        return LentaTitle.dateRange(LocalDate(start), LocalDate(end))
    }

    static func list(_ lentas: [LentaSummary]) -> String {
        let idWidth = lentas.map { String($0.id).count }.max() ?? 1
        let dateWidth = min(32, lentas.map { dates($0).count }.max() ?? 0)
        return lentas.map { s in
            let id = String(repeating: " ", count: idWidth - String(s.id).count) + String(s.id)
            let d = dates(s)
            let mark = s.warnings.isEmpty ? "" : "  ⚠ " + (s.photos + s.videos > 0 && s.places.isEmpty ? "no positions" : "few positions")
            return "\(id)  \(d)\(String(repeating: " ", count: max(0, dateWidth - d.count)))  \(s.title)  ·  \(counts(s))\(mark)"
        }.joined(separator: "\n")
    }

    /// - Parameter marks: words after an item's line, by item id (a document, personal data).
    static func detail(_ d: LentaDetail, marks: [Int64: String] = [:]) -> String {
        var lines = ["Lenta \(d.lenta.id): \(d.lenta.title)", "  \(dates(d.lenta)) · \(counts(d.lenta)) · \(d.lenta.kind.rawValue)"
            + (d.lenta.memory.map { ", made by the rule \($0)" } ?? "") + (d.from.map { " \($0) to \(d.to?.description ?? "")" } ?? "")]
        for (i, item) in d.items.enumerated() {
            let time = item.captureTime.map(timeText) ?? "no date"
            let place = item.place?.label ?? "no position"
            lines.append("  \(i + 1). \(time)  \(place)  \(item.path)\(item.byHand ? "  (added by hand)" : "")"
                         + (marks[item.id].map { "  \($0)" } ?? ""))
        }
        lines += d.lenta.warnings.map { Diagnostic.warning($0).line }
        return lines.joined(separator: "\n")
    }

    /// "2024-05-03 14:22 +01:00", or "2024-05-03 13:22 UTC" when the wall clock is unknown.
    static func timeText(_ t: CaptureTime) -> String {
        if let local = t.local {
            let text = String(local.description.prefix(16)).replacingOccurrences(of: "T", with: " ")
            return text + (t.offset.map { " \($0)" } ?? "")
        }
        if let utc = t.utc {
            return String(LocalDateTime(secondsSinceEpochAsUTC: utc).description.prefix(16)).replacingOccurrences(of: "T", with: " ") + " UTC"
        }
        return "no date"
    }
}
