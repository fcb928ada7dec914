/// A passport's or ID card's machine-readable zone (ICAO Doc 9303): two lines of 44 characters
/// (TD3, passports), two of 36 (TD2) or three of 30 (TD1, ID cards), each of its numbers
/// followed by a check digit (weights 7-3-1, letters 10–35, '<' 0), and a composite check digit
/// over them. Recognised by its check digits, never by its look: one wrong digit and it is not one.
public struct MachineReadableZone: Sendable, Equatable {
    public enum Format: String, Sendable { case td1 = "TD1", td2 = "TD2", td3 = "TD3" }
    public var format: Format
    /// The document's type: "P" a passport, "I"/"A"/"C" an identity or other travel document.
    public var documentCode: String
    public var documentNumber: String

    /// A passport's (P) zone or another travel document's, in words.
    public var description: String {
        documentCode.hasPrefix("P") ? "a passport's machine-readable zone" : "an identity document's machine-readable zone"
    }

    /// The zone in consecutive `lines` (as OCR gave them: spaces dropped, '«' as '<', letters
    /// taken for digits where a digit must be), nil when no run of them passes every check.
    public static func find(in lines: [String]) -> MachineReadableZone? {
        let cleaned = lines.map(clean).filter { $0.count >= 20 }
        for i in cleaned.indices {
            for (format, length, count) in [(Format.td3, 44, 2), (.td2, 36, 2), (.td1, 30, 3)] where i + count <= cleaned.count {
                let run = cleaned[i..<(i + count)].map { fitted($0, to: length) }
                guard run.allSatisfy({ $0 != nil }) else { continue }
                if let zone = parse(repaired(run.compactMap { $0 }, format: format), format: format) { return zone }
            }
        }
        return nil
    }

    /// Upper case, no spaces, '«' and similar as '<'; a word of one or two characters before a
    /// long row dropped (a zone's row has no spaces, and a mark in the page's margin beside it
    /// is read as a stray letter joined with it).
    static func clean(_ line: String) -> String {
        var words = line.split(separator: " ")
        if words.count > 1, words[0].count <= 2, words.dropFirst().reduce(0, { $0 + $1.count }) >= 20 { words.removeFirst() }
        return String(words.joined().uppercased().compactMap { c -> Character? in
            switch c {
            case " ", "\t": return nil
            case "«", "‹", "(", "{", "[": return "<"
            default: return c.isASCII && (c.isLetter || c.isNumber || c == "<") ? c : nil
            }
        })
    }

    /// A line of about `length` characters made exactly that long: OCR often drops or adds a
    /// filler '<' at the end.
    /// A row that ends in a run of fillers (a name's row, which carries no check digit) may be
    /// short by more: OCR miscounts a long run of one character.
    static func fitted(_ line: String, to length: Int) -> [Character]? {
        var chars = Array(line)
        let trailingFillers = chars.reversed().prefix { $0 == "<" }.count
        guard abs(chars.count - length) <= 2 || (chars.count < length && trailingFillers >= 3) else { return nil }
        while chars.count > length, chars.last == "<" { chars.removeLast() }
        while chars.count < length { chars.append("<") }
        return chars.count == length ? chars : nil
    }

    /// The positions ICAO 9303 makes numeric (dates of birth and expiry, check digits), per line.
    static func numericPositions(_ format: Format) -> [[Int]] {
        switch format {
        case .td3: [[], [9] + Array(13..<20) + Array(21..<28) + [42, 43]]
        case .td2: [[], [9] + Array(13..<20) + Array(21..<28) + [35]]
        case .td1: [[14], Array(0..<7) + Array(8..<15) + [29], []]
        }
    }

    /// OCR-B's letters an OCR engine reads for digits, mapped back where a digit must stand:
    /// only in numeric fields, and the check digits then have the last word.
    static let digitFor: [Character: Character] = ["O": "0", "Q": "0", "D": "0", "U": "0", "I": "1", "L": "1", "J": "1",
                                                   "Z": "2", "A": "4", "S": "5", "G": "6", "T": "7", "B": "8"]

    /// The lines with letters in numeric fields read as the digits they resemble, and a TD3
    /// personal-number field of fillers whose '<' were read as 'K', 'C' or 'L' (OCR-B's chevron)
    /// made fillers again. What comes out still has to pass every check digit.
    static func repaired(_ lines: [[Character]], format: Format) -> [[Character]] {
        var lines = lines
        for (n, positions) in numericPositions(format).enumerated() where n < lines.count {
            for p in positions where p < lines[n].count {
                if let digit = digitFor[lines[n][p]] { lines[n][p] = digit }
            }
        }
        if format == .td3, lines.count > 1, lines[1].count == 44 {
            let field = lines[1][28..<42]
            if field.allSatisfy({ "<KCL".contains($0) }), field.filter({ $0 == "<" }).count * 2 >= field.count {
                for p in 28..<42 { lines[1][p] = "<" }
            }
        }
        return lines
    }

    static func parse(_ lines: [[Character]], format: Format) -> MachineReadableZone? {
        let first = lines[0]
        guard let code = first.first, "PIAC".contains(code) else { return nil }
        switch format {
        case .td3, .td2:
            let l2 = lines[1]
            let last = l2.count - 1
            let optionalEnd = format == .td3 ? 42 : 35  // TD3: personal number and its check at 42
            guard checks(l2, 0..<9, 9), checks(l2, 13..<19, 19), checks(l2, 21..<27, 27),
                  format == .td2 || checks(l2, 28..<42, 42, fillerMeansZero: true) else { return nil }
            let composite = Array(l2[0..<10]) + Array(l2[13..<20]) + Array(l2[21..<optionalEnd + (format == .td3 ? 1 : 0)])
            guard digit(composite) == value(digitAt: l2[last]) else { return nil }
            return MachineReadableZone(format: format, documentCode: String(first[0..<2]).replacingOccurrences(of: "<", with: ""),
                                       documentNumber: String(l2[0..<9]).replacingOccurrences(of: "<", with: ""))
        case .td1:
            let l1 = lines[0], l2 = lines[1]
            guard checks(l1, 5..<14, 14), checks(l2, 0..<6, 6), checks(l2, 8..<14, 14) else { return nil }
            let composite = Array(l1[5..<30]) + Array(l2[0..<7]) + Array(l2[8..<15]) + Array(l2[18..<29])
            guard digit(composite) == value(digitAt: l2[29]) else { return nil }
            return MachineReadableZone(format: .td1, documentCode: String(l1[0..<2]).replacingOccurrences(of: "<", with: ""),
                                       documentNumber: String(l1[5..<14]).replacingOccurrences(of: "<", with: ""))
        }
    }

    /// Whether the field `range` of `line` has the check digit at `at`. An all-filler optional
    /// field may carry '<' as its check digit.
    static func checks(_ line: [Character], _ range: Range<Int>, _ at: Int, fillerMeansZero: Bool = false) -> Bool {
        let field = Array(line[range])
        if fillerMeansZero, line[at] == "<", field.allSatisfy({ $0 == "<" }) { return true }
        guard let expected = value(digitAt: line[at]) else { return false }
        return digit(field) == expected
    }

    /// The 7-3-1 check digit of `characters`.
    public static func digit(_ characters: [Character]) -> Int? {
        var sum = 0
        let weights = [7, 3, 1]
        for (i, c) in characters.enumerated() {
            guard let v = value(c) else { return nil }
            sum += v * weights[i % 3]
        }
        return sum % 10
    }

    static func value(_ c: Character) -> Int? {
        if c == "<" { return 0 }
        guard let a = c.asciiValue else { return nil }
        switch a {
        case 48...57: return Int(a) - 48
        case 65...90: return Int(a) - 55
        default: return nil
        }
    }

    /// A check digit as printed, with the letters OCR takes for digits.
    static func value(digitAt c: Character) -> Int? {
        switch c {
        case "O", "Q", "D": return 0
        case "I", "L": return 1
        case "Z": return 2
        case "S": return 5
        case "B": return 8
        default: return c.isASCII && c.isNumber ? value(c) : nil
        }
    }
}
