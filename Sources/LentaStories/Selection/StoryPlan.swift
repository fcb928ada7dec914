import LentaCore

/// What choosing decided: the items of the story in order, each with its length (a clip with
/// the part of it to show), and the items left out with their reasons. The pacing step takes
/// `chosen` as it is and may change lengths (beats); the order and the trims' centres are the
/// moments chosen.
public struct StoryPlan: Sendable, Equatable {
    public struct Choice: Sendable, Equatable {
        public var id: Int64
        public var kind: MediaKind
        /// Seconds on the timeline: a photo's duration, a clip's trim length.
        public var length: Double
        /// The part of a clip shown, `[in, out]` in seconds; nil for a photo.
        public var trim: TrimRange?
        public var byHand: Bool
        /// A slow-motion clip's speed (`length` is its trim ÷ speed); nil: 1.
        public var speed: Double? = nil
    }

    public struct LeftOut: Sendable, Equatable {
        public var id: Int64
        public var reason: AlternateReason
        /// The item kept in its place: the one it is a copy of, or the best of its burst.
        public var of: Int64? = nil
    }

    /// In story order (the order the candidates were given in).
    public var chosen: [Choice]
    /// In story order.
    public var alternates: [LeftOut]
    /// The one duration every photo gets.
    public var photoDuration: Double
    /// The story's length on the timeline as planned (nominal overlaps).
    public var length: Double
    /// Why each item is in or out, by id, when asked for (`StoryExplanation`).
    public var why: [Int64: [String]] = [:]
}
