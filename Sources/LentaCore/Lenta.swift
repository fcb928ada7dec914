/// A lenta: the timeline of one trip or event, and the story made from it.
public struct Lenta: Hashable, Codable, Sendable, Identifiable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Proposed by grouping the library; regrouped when the library changes.
        case auto
        /// Everything taken between two local dates (`lenta new --from --to`, `lenta edit`).
        case dates
        /// Files chosen by hand (`lenta new --pick`).
        case pick
        /// Made by a memory rule (`lenta new --on-this-day`, `--year`, `--random`); its rule is
        /// kept with it (`MemoryRule`), and running the rule again updates it.
        case memory
    }

    public var id: Int64
    public var kind: Kind
    public var title: String
    /// For `dates` lentas: the first and last local day, inclusive.
    public var from: LocalDate?
    public var to: LocalDate?

    public init(id: Int64, kind: Kind, title: String, from: LocalDate? = nil, to: LocalDate? = nil) {
        self.id = id
        self.kind = kind
        self.title = title
        self.from = from
        self.to = to
    }
}
