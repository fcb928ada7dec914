/// A bank card's number: 13 to 19 digits with a card network's prefix (IIN) and a valid Luhn
/// check digit. A 16-digit string that fails Luhn is not one, whatever it looks like.
public struct PaymentCardNumber: Sendable, Equatable {
    public var digits: String
    public var network: String

    public var description: String { "a bank card number (\(network), Luhn-valid)" }

    /// The card numbers in `lines` of text: digits in groups split by spaces or dashes.
    public static func find(in lines: [String]) -> [PaymentCardNumber] {
        var found: [PaymentCardNumber] = []
        for line in lines.map(digitsRepaired) {
            // Groups of digits split by a space or a dash; any run of consecutive groups is a candidate
            // ("4111 1111 1111 1111  12/29": the number, not the number and the date).
            var groups: [[String]] = [[]]
            var group = "", gap = 0
            for c in line + "|" {
                if c.isASCII && c.isNumber {
                    if gap > 1 || (gap == 1 && group.isEmpty && groups[groups.count - 1].isEmpty) { groups.append([]) }
                    group.append(c)
                    gap = 0
                } else {
                    if !group.isEmpty { groups[groups.count - 1].append(group); group = "" }
                    gap = (c == " " || c == "-") ? gap + 1 : 2
                }
            }
            for run in groups {
                for start in run.indices {
                    var digits = ""
                    for part in run[start...] {
                        digits += part
                        if digits.count > 19 { break }
                        if let card = PaymentCardNumber(digits), !found.contains(card) { found.append(card) }
                    }
                }
            }
        }
        return found
    }

    /// Letters OCR reads for digits ('O' for 0, 'l' for 1…).
    static let digitFor: [Character: Character] = ["O": "0", "o": "0", "Q": "0", "D": "0", "I": "1", "l": "1", "|": "1", "i": "1",
                                                   "Z": "2", "z": "2", "S": "5", "s": "5", "G": "6", "b": "6", "B": "8", "T": "7"]

    /// The line with each group of three to six characters that is all digits but one or two
    /// such letters read as digits: an embossed or printed card number's groups. Luhn and the
    /// network's prefix still decide.
    public static func digitsRepaired(_ line: String) -> String {
        line.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let digits = word.filter { $0.isASCII && $0.isNumber }.count
            guard (3...6).contains(word.count), digits >= word.count - 2, digits >= 2,
                  word.allSatisfy({ ($0.isASCII && $0.isNumber) || digitFor[$0] != nil }) else { return String(word) }
            return String(word.map { digitFor[$0] ?? $0 })
        }.joined(separator: " ")
    }

    /// nil unless `digits` is 13–19 digits with a known network's prefix and length, passing Luhn.
    public init?(_ digits: String) {
        guard (13...19).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              Self.luhn(digits), let network = Self.network(digits) else { return nil }
        self.digits = digits
        self.network = network
    }

    /// The Luhn (mod 10) check: from the right, every second digit doubled (less 9 above 9).
    public static func luhn(_ digits: String) -> Bool {
        var sum = 0
        for (i, c) in digits.reversed().enumerated() {
            guard let d = c.wholeNumberValue else { return false }
            let v = i % 2 == 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d
            sum += v
        }
        return !digits.isEmpty && sum % 10 == 0
    }

    /// The network a number's prefix and length belong to (ISO/IEC 7812 IIN ranges in use).
    static func network(_ d: String) -> String? {
        let n = d.count
        func prefix(_ k: Int) -> Int { Int(d.prefix(k)) ?? -1 }
        if d.hasPrefix("4"), [13, 16, 19].contains(n) { return "Visa" }
        if (51...55).contains(prefix(2)) || (2221...2720).contains(prefix(4)), n == 16 { return "Mastercard" }
        if [34, 37].contains(prefix(2)), n == 15 { return "American Express" }
        if prefix(4) == 6011 || prefix(2) == 65 || (644...649).contains(prefix(3)), (16...19).contains(n) { return "Discover" }
        if (3528...3589).contains(prefix(4)), (16...19).contains(n) { return "JCB" }
        if (2200...2204).contains(prefix(4)), (16...19).contains(n) { return "Mir" }
        if prefix(2) == 62, (16...19).contains(n) { return "UnionPay" }
        if (300...305).contains(prefix(3)) || [36, 38, 39].contains(prefix(2)), (14...19).contains(n) { return "Diners Club" }
        if prefix(2) == 50 || (56...69).contains(prefix(2)), (12...19).contains(n) { return "Maestro" }
        return nil
    }
}
