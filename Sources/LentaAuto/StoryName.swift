import Foundation
import LentaCore

/// Story file names: readable, stable, unique and safe on any file system —
/// `2024-05-03 Lisbon & Sintra`.
public enum StoryName {
    /// The name for a lenta that starts on `day` and is titled `title`; the country after the
    /// last comma is left out ("Lisbon & Sintra, Portugal" → "Lisbon & Sintra").
    public static func make(day: String?, title: String) -> String {
        var core = title
        if let comma = title.range(of: ", ", options: .backwards) { core = String(title[..<comma.lowerBound]) }
        let raw = [day, core].compactMap { $0 }.joined(separator: " ")
        return safe(raw)
    }

    /// The name of a memory's story, from its rule (not its dates, which grow as years pass):
    /// `On this day 05-04`, `Year 2024`, `Random 2026-05-04`, `Person 3`.
    public static func make(memory rule: MemoryRule) -> String {
        switch rule {
        case .onThisDay(let date, _): return safe("On this day \(date)")
        case .year(let year): return safe("Year \(year)")
        case .random(let seed): return safe("Random \(seed)")
        case .person(let id, _, _): return safe("Person \(id)")
        }
    }

    /// Names Windows keeps for devices, whatever the extension.
    static let deviceNames = Set(["CON", "PRN", "AUX", "NUL"] + (1...9).flatMap { ["COM\($0)", "LPT\($0)"] })

    /// Removes what some file system or shell tool refuses: path separators, reserved characters
    /// (Windows), control characters, leading dots and dashes, trailing dots and spaces, device
    /// names (Windows); composed Unicode (NFC); at most 120 bytes of UTF-8.
    public static func safe(_ text: String) -> String {
        let reserved: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
        var out = ""
        for c in text.precomposedStringWithCanonicalMapping {
            if reserved.contains(c) || c.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                out.append("-")
            } else {
                out.append(c)
            }
        }
        out = out.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        while let f = out.first, f == "." || f == "-" || f == " " { out.removeFirst() }
        while out.utf8.count > 120 { out.removeLast() }
        while let l = out.last, l == "." || l == " " { out.removeLast() }
        if out.isEmpty { return "story" }
        let stem = out.split(separator: ".", maxSplits: 1).first.map { String($0).trimmingCharacters(in: .whitespaces).uppercased() } ?? ""
        if deviceNames.contains(stem) { out = "_" + out }
        return out
    }

    /// `name`, or `name (2)`, `name (3)`… whichever is not taken. Names that differ only in
    /// case count as taken: on macOS and Windows they are the same file.
    public static func unique(_ name: String, taken: Set<String>) -> String {
        let folded = Set(taken.map { $0.lowercased() })
        guard folded.contains(name.lowercased()) else { return name }
        var n = 2
        while folded.contains("\(name) (\(n))".lowercased()) { n += 1 }
        return "\(name) (\(n))"
    }
}
