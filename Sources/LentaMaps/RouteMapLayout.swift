/// Where everything on a route map goes, before it is painted: what tests and the title card
/// can inspect.
public struct RouteMapLayout: Sendable {
    /// A placed label: the stop it names, its text, and its box in pixels.
    public struct Label: Sendable, Equatable {
        public var stop: Int
        public var text: String
        public var rect: PixelRect
    }

    public var framing: MapFraming
    /// Each stop's dot centre, in stop order.
    public var dots: [PixelPoint]
    /// The route line: the track's segments thinned to the picture, or through the stops in
    /// order, one polyline per leg.
    public var route: [[PixelPoint]]
    public var labels: [Label]
    /// Names that had no clear place and were left out.
    public var omittedLabels: [String]
    /// ISO codes of the countries the stops are in or touch (drawn highlighted).
    public var visitedCountries: [String]
    /// Whether the route line is a travelled track rather than arcs between the stops.
    public var followsTrack = false
}
