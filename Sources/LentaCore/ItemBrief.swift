/// The part of a media item that grouping, ordering and titles need: cheap to load for a whole
/// library at once.
public struct ItemBrief: Hashable, Sendable {
    public var id: Int64
    public var path: String
    public var modified: Double
    public var kind: MediaKind
    public var captureTime: CaptureTime?
    public var location: GeoPoint?
    public var place: ItemPlace?

    public init(id: Int64, path: String, modified: Double, kind: MediaKind, captureTime: CaptureTime?, location: GeoPoint?, place: ItemPlace?) {
        self.id = id
        self.path = path
        self.modified = modified
        self.kind = kind
        self.captureTime = captureTime
        self.location = location
        self.place = place
    }
}

extension MediaItem {
    public var brief: ItemBrief {
        ItemBrief(id: id, path: path, modified: modified, kind: metadata.kind, captureTime: metadata.captureTime,
                  location: metadata.location, place: place)
    }
}
