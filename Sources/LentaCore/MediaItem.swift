/// One photo or video in the catalog: where it is, how to tell whether it changed, and what it says.
public struct MediaItem: Hashable, Codable, Sendable, Identifiable {
    /// Stable across rescans, and across moves of the file.
    public var id: Int64
    /// Absolute path.
    public var path: String
    public var size: Int64
    /// Modification time, seconds since the epoch.
    public var modified: Double
    /// A hash of the size and the first and last 64 KiB: finds a file again after it moved.
    public var fingerprint: String
    public var metadata: MediaMetadata
    /// The place looked up for `metadata.location`; nil until looked up, or without a position.
    public var place: ItemPlace?
    /// What the item is worth for a story (sharpness, exposure, signature); nil until analysed.
    public var quality: ItemQuality?

    public init(id: Int64, path: String, size: Int64, modified: Double, fingerprint: String, metadata: MediaMetadata,
                place: ItemPlace? = nil, quality: ItemQuality? = nil) {
        self.id = id
        self.path = path
        self.size = size
        self.modified = modified
        self.fingerprint = fingerprint
        self.metadata = metadata
        self.place = place
        self.quality = quality
    }
}

/// A file that looked like media and could not be read, with the reason in words.
public struct UnreadableFile: Hashable, Codable, Sendable {
    public var path: String
    /// The reason in words: what the catalog keeps and `scan --json` prints.
    public var reason: String
    /// The error it could not be read with, as thrown, when this run read it (nil for a reason
    /// found without one, and for a file an earlier scan found unreadable: the catalog keeps
    /// words): for the command line's one printer. Not encoded, and not compared.
    public var error: (any Error)?

    public init(path: String, reason: String, error: (any Error)? = nil) {
        self.path = path
        self.reason = reason
        self.error = error
    }

    private enum CodingKeys: String, CodingKey { case path, reason }

    public static func == (a: UnreadableFile, b: UnreadableFile) -> Bool { (a.path, a.reason) == (b.path, b.reason) }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(reason)
    }
}
