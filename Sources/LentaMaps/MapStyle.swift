/// An sRGB colour of a map.
public struct MapColour: Sendable, Equatable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

/// How a route map looks. Sizes are fractions of the picture's shorter side, so a map looks
/// the same at 1080p and at 4K.
public struct MapStyle: Sendable, Equatable {
    public var sea: MapColour
    public var land: MapColour
    /// The countries the trip touches.
    public var visitedLand: MapColour
    public var border: MapColour
    public var route: MapColour
    /// A thin band under the route, so it stands out on land and sea alike.
    public var routeCasing: MapColour
    public var dot: MapColour
    public var dotRing: MapColour
    public var label: MapColour
    public var labelHalo: MapColour

    public var borderWidth: Double
    public var routeWidth: Double
    public var casingWidth: Double
    public var dotRadius: Double
    public var dotRingWidth: Double
    /// The labels' pixel size (the text engine's em size).
    public var labelSize: Double
    public var labelHaloWidth: Double
    /// The part of each side kept clear of stops, so dots and labels fit.
    public var margin: Double

    public init(sea: MapColour, land: MapColour, visitedLand: MapColour, border: MapColour, route: MapColour,
                routeCasing: MapColour, dot: MapColour, dotRing: MapColour, label: MapColour, labelHalo: MapColour,
                borderWidth: Double = 0.0012, routeWidth: Double = 0.0055, casingWidth: Double = 0.002,
                dotRadius: Double = 0.0095, dotRingWidth: Double = 0.003, labelSize: Double = 0.03,
                labelHaloWidth: Double = 0.0025, margin: Double = 0.14) {
        self.sea = sea
        self.land = land
        self.visitedLand = visitedLand
        self.border = border
        self.route = route
        self.routeCasing = routeCasing
        self.dot = dot
        self.dotRing = dotRing
        self.label = label
        self.labelHalo = labelHalo
        self.borderWidth = borderWidth
        self.routeWidth = routeWidth
        self.casingWidth = casingWidth
        self.dotRadius = dotRadius
        self.dotRingWidth = dotRingWidth
        self.labelSize = labelSize
        self.labelHaloWidth = labelHaloWidth
        self.margin = margin
    }

    /// For PNGs and print: pale sea, warm land, a red route.
    public static let light = MapStyle(
        sea: MapColour(203, 223, 236), land: MapColour(242, 239, 230), visitedLand: MapColour(250, 226, 190),
        border: MapColour(168, 160, 150), route: MapColour(206, 62, 46), routeCasing: MapColour(255, 255, 255),
        dot: MapColour(255, 255, 255), dotRing: MapColour(206, 62, 46),
        label: MapColour(40, 36, 33), labelHalo: MapColour(255, 255, 255))

    /// For the title card: night sea, dim land, a bright route and white labels.
    public static let dark = MapStyle(
        sea: MapColour(16, 24, 36), land: MapColour(44, 52, 63), visitedLand: MapColour(74, 82, 96),
        border: MapColour(96, 106, 120), route: MapColour(255, 178, 74), routeCasing: MapColour(16, 24, 36),
        dot: MapColour(255, 255, 255), dotRing: MapColour(255, 178, 74),
        label: MapColour(245, 245, 245), labelHalo: MapColour(16, 24, 36))
}
