import Foundation

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

    /// Removes what some file system or shell tool refuses: path separators, reserved characters
    /// (Windows), control characters, leading dots and dashes, trailing dots and spaces; at most
    /// 120 bytes of UTF-8.
    public static func safe(_ text: String) -> String {
        let reserved: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|"]
        var out = ""
        for c in text {
            if reserved.contains(c) || c.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                out.append("-")
            } else {
                out.append(c)
            }
        }
        out = out.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        while let f = out.first, f == "." || f == "-" || f == " " { out.removeFirst() }
        while let l = out.last, l == "." || l == " " { out.removeLast() }
        while out.utf8.count > 120 { out.removeLast() }
        return out.isEmpty ? "story" : out
    }

    /// `name`, or `name (2)`, `name (3)`… whichever is not taken.
    public static func unique(_ name: String, taken: Set<String>) -> String {
        guard taken.contains(name) else { return name }
        var n = 2
        while taken.contains("\(name) (\(n))") { n += 1 }
        return "\(name) (\(n))"
    }
}

