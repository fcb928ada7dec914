/// Where a clip's bytes are: a whole file, or a range of one (the MP4 a Motion Photo carries
/// after its still picture). Readers open the range as if it were the file; nothing is copied.
public struct MediaSource: Hashable, Codable, Sendable, CustomStringConvertible {
    /// Absolute path of the file that holds the bytes.
    public var path: String
    /// The bytes `[start, end)` of `path` that form the clip; nil for the whole file.
    public var byteRange: Range<Int64>?

    public init(path: String, byteRange: Range<Int64>? = nil) {
        self.path = path
        self.byteRange = byteRange
    }

    /// The file, and the range when there is one: how messages name the source.
    public var description: String {
        guard let byteRange else { return path }
        return "\(path) (bytes \(byteRange.lowerBound)–\(byteRange.upperBound))"
    }
}
