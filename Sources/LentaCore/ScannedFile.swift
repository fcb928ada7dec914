/// A file as the scan found and read it, before the catalog gives it an id.
public struct ScannedFile: Hashable, Codable, Sendable {
    public var path: String
    public var size: Int64
    public var modified: Double
    public var fingerprint: String
    public var metadata: MediaMetadata

    public init(path: String, size: Int64, modified: Double, fingerprint: String, metadata: MediaMetadata) {
        self.path = path
        self.size = size
        self.modified = modified
        self.fingerprint = fingerprint
        self.metadata = metadata
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
