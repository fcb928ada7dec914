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

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}
