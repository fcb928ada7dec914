/// A file as the scan found and read it, before the catalog gives it an id.
public struct ScannedFile: Hashable, Codable, Sendable {
    public var path: String
    public var size: Int64
    public var modified: Double
    public var fingerprint: String
    public var metadata: MediaMetadata
    /// What the item is worth for a story; nil when it could not be analysed (`qualityProblem` says
    /// why) or is not analysed yet (both nil: a movie that may be a Live Photo's motion waits until
    /// the scan has paired it, and is analysed only when it turns out to be a clip of its own).
    public var quality: ItemQuality?
    public var qualityProblem: String?

    public init(path: String, size: Int64, modified: Double, fingerprint: String, metadata: MediaMetadata,
                quality: ItemQuality? = nil, qualityProblem: String? = nil) {
        self.path = path
        self.size = size
        self.modified = modified
        self.fingerprint = fingerprint
        self.metadata = metadata
        self.quality = quality
        self.qualityProblem = qualityProblem
    }
}

/// What the catalog last saw of a path: enough to tell whether it changed.
public struct FileStamp: Hashable, Sendable {
    public var size: Int64
    public var modified: Double
    public init(size: Int64, modified: Double) {
        self.size = size
        self.modified = modified
    }
}
