/// Small pieces of English shared by the project file's messages.
enum ProjectWords {
    /// `fill, fit or blur`; one name alone as is.
    static func oneOf(_ names: [String]) -> String {
        switch names.count {
        case 0: return "nothing"
        case 1: return names[0]
        default: return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
        }
    }

    /// A length in seconds rounded to the millisecond: `9.5`, `12.0`.
    static func seconds(_ d: Double) -> String { ((d * 1000).rounded() / 1000).description }

    /// A code point as Unicode writes it: at least four upper-case hex digits, `30C4`, `1F600`.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
