/// The name someone probably meant when they wrote an unknown one: a key or value differing
/// only in case, or by a few typed characters (a swapped pair counts as one).
public enum ProjectSuggestion {
    public static func closest(to word: String, in candidates: [String]) -> String? {
        if let same = candidates.first(where: { $0.lowercased() == word.lowercased() }) { return same }
        let limit = max(1, min(3, word.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(word.lowercased(), candidate.lowercased())
            if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// Optimal-string-alignment edit distance: insertions, deletions, substitutions and
    /// transpositions of neighbours each cost 1.
    public static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var d = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }
}
