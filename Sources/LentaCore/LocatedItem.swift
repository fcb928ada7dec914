/// A photo or video as a route sees it: when it was taken, where, and the place a person would
/// name there. Made from the catalog (a lenta) or from a project's files, and turned into the
/// stops of a route map.
public struct LocatedItem: Hashable, Sendable {
    public var time: CaptureTime?
    /// Nil when the item has no position (it is then left off the route).
    public var point: GeoPoint?
    /// The city or town ("Sintra"); nil far from any place.
    public var placeName: String?

    public init(time: CaptureTime?, point: GeoPoint?, placeName: String?) {
        self.time = time
        self.point = point
        self.placeName = placeName
    }
}
