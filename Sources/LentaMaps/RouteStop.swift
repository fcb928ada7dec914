import LentaCore

/// A place on the route: where one or more consecutive items were taken.
public struct RouteStop: Hashable, Sendable {
    /// The place a person would name; nil far from any place (at sea, in a desert).
    public var name: String?
    public var point: GeoPoint
    /// When the first of its items was taken.
    public var time: CaptureTime?
    /// How many items the stop stands for.
    public var itemCount: Int

    public init(name: String?, point: GeoPoint, time: CaptureTime?, itemCount: Int = 1) {
        self.name = name
        self.point = point
        self.time = time
        self.itemCount = itemCount
    }
}
