/// Splits a paragraph into lines no wider than a width: breaks at spaces, and a word wider than
/// the width alone is broken between grapheme clusters. Runs of spaces become one space.
struct LineBreaker {
    /// Widest a line may be (26.6 pixels); nil: one line a paragraph.
    var maxWidth: Int?
    /// The advance of a line of text (26.6 pixels).
    var measure: (String) -> Int

    func lines(of paragraph: Substring) -> [String] {
        let words = paragraph.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let maxWidth else { return [words.joined(separator: " ")] }
        var lines: [String] = []
        var current = ""
        for word in words {
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
                let longer = current + String(character)
                if current.isEmpty || measure(longer) <= maxWidth {
                    current = longer
                } else {
                    lines.append(current)
                    current = String(character)
                }
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
