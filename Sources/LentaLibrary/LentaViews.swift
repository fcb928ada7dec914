import LentaCore

/// A lenta as `lenta list` shows it.
public struct LentaSummary: Codable, Sendable, Equatable {
    public var id: Int64
    public var kind: Lenta.Kind
    public var title: String
    /// Local wall-clock time of the first and last item.
    public var start: LocalDateTime?
    public var end: LocalDateTime?
    /// The cities, most photographed first.
    public var places: [String]
    public var countries: [String]
    public var photos: Int
    public var videos: Int
    public var warnings: [String]
    /// The rule that made a memory lenta (`lenta new --on-this-day`, `--year`, `--random`).
    public var memory: MemoryRule? = nil
}

/// A lenta as `lenta show` shows it: its items in story order.
public struct LentaDetail: Codable, Sendable, Equatable {
    public struct Entry: Codable, Sendable, Equatable {
        public var id: Int64
        public var path: String
        public var kind: MediaKind
        public var captureTime: CaptureTime?
        public var place: ItemPlace?
        /// Put in the lenta by hand: stays through `lenta edit`.
        public var byHand: Bool
        /// What the item is worth for a story (sharpness, exposure, signature, photo or not),
        /// or why it could not be learned: a photo's by the scan, a clip's by the first story
        /// of its lenta.
        public var quality: ItemQuality? = nil
        public var qualityProblem: String? = nil
        /// Said of an item not analysed yet (a clip before its lenta's first story), so
        /// `show --json` tells a missing `quality` apart from a failed one.
        public var qualityPending: String? = nil
    }
    public var lenta: LentaSummary
    public var from: LocalDate?
    public var to: LocalDate?
    public var items: [Entry]
}

/// The two warnings of the app, as messages a person can act on.
public enum LocationWarning {
    public static func messages(total: Int, withPosition: Int) -> [String] {
        guard total > 0 else { return [] }
        if withPosition == 0 {
            return ["None of the \(total) photos and videos has a location, so places, time zones and the route map are missing. "
                + "Turn on location for the camera app (iPhone: Settings › Privacy & Security › Location Services › Camera › While Using the App; "
                + "Android: Camera › Settings › Location tags) before the next trip."]
        }
        let missing = total - withPosition
        if missing * 2 > total {
            return ["\(missing) of \(total) photos and videos could not be placed: location services may have been off when they were taken. "
                + "Lentas are built from what could be placed; items without a position join them by their time."]
        }
        return []
    }
}
