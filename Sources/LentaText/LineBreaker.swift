/// Splits a paragraph into lines no wider than a width: breaks at spaces, and a word wider than
/// the width alone is broken between grapheme clusters. Runs of spaces become one space.
struct LineBreaker {
    /// Widest a line may be (26.6 pixels); nil: one line a paragraph.
    var maxWidth: Int?
    /// The advance of a line of text (26.6 pixels).
    var measure: (String) -> Int

    /// The paragraph's first `limit` lines (the rest is not measured).
    func lines(of paragraph: Substring, limit: Int = .max) -> [String] {
        guard limit > 0 else { return [] }
        let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
        guard let maxWidth else { return [words.joined(separator: " ")] }
        var lines: [String] = []
        var current = ""
        for word in words.lazy.map(String.init) {
            guard lines.count < limit else { break }
            let candidate = current.isEmpty ? word : current + " " + word
            if measure(candidate) <= maxWidth {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            if measure(word) <= maxWidth {
                current = word
                continue
            }
            // A word wider than a line: as many clusters as fit, at least one a line.
            for character in word {
                guard lines.count < limit else { break }
                let longer = current + String(character)
                if current.isEmpty || measure(longer) <= maxWidth {
                    current = longer
                } else {
                    lines.append(current)
                    current = String(character)
                }
            }
        }
        if (!current.isEmpty || lines.isEmpty), lines.count < limit { lines.append(current) }
        return Array(lines.prefix(limit))
    }
}
