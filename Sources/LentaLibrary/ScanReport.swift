import LentaCore

/// What a scan did, for the summary line and for `--json`.
public struct ScanReport: Codable, Sendable {
    public struct FileWarning: Codable, Sendable, Hashable {
        public var path: String
        public var message: String
    }

    /// The folders scanned, as absolute paths.
    public var roots: [String] = []
    /// Media files under the roots after the scan.
    public var items = 0
    public var new = 0
    public var changed = 0
    public var moved = 0
    public var removed = 0
    public var unchanged = 0
    /// Items already in the catalog whose quality was learned by this scan (a catalog from
    /// before `lenta scan` learned it).
    public var analysed = 0
    /// Files skipped because they are not media (text files, sidecars).
    public var notMedia = 0
    /// Files that look like media and cannot be read, each with its reason (including ones
    /// unchanged since an earlier scan found them unreadable).
    public var unreadable: [UnreadableFile] = []
    /// Items with no capture date in the file (their time is the file's modification time).
    public var withoutDate = 0
    public var withoutPosition = 0
    /// Things noticed in files read by this scan that did not stop them being read.
    public var warnings: [FileWarning] = []
    /// Items whose place was named by this scan.
    public var located = 0
    /// Where grouping found home, when it did ("Lisbon (120 days of photos)").
    public var home: String?
    /// Live Photos (a still and its movie, one item) in the catalog after pairing; nil when
    /// nothing changed and no pairing ran.
    public var livePhotos: Int?
    /// Lentas in the catalog after regrouping; nil when nothing changed and no regrouping ran.
    public var lentas: Int?
    /// Problems of the library as a whole (no positions at all, the gazetteer missing).
    public var libraryWarnings: [String] = []

    public init() {}

    /// Nothing could be done: no folder could be walked, or every media file was unreadable.
    public var failed: Bool {
        roots.isEmpty || (items == 0 && !unreadable.isEmpty)
    }
}
