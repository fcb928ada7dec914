/// Why the country outlines could not be had; each case names the file.
public enum CountryOutlinesError: Error, CustomStringConvertible, Equatable {
    case resourceNotFound(searched: [String])
    case unreadable(path: String, reason: String)
    case damaged(path: String, reason: String)

    public var description: String {
        switch self {
        case .resourceNotFound(let searched):
            return "the country outlines (countries.bin) are missing; looked in: " + searched.joined(separator: ", ")
        case .unreadable(let path, let reason):
            return "\(path): cannot read the country outlines: \(reason)"
        case .damaged(let path, let reason):
            return "\(path): the country outlines are damaged: \(reason)"
        }
    }
}
