import LentaCore

/// A longitude/latitude box in degrees. `east` may exceed 180 when the box crosses the
/// antimeridian (west 170, east 190 is the 20° around it); `west <= east` always.
public struct GeoBox: Sendable, Equatable {
    public var west: Double
    public var south: Double
    public var east: Double
    public var north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    public var width: Double { east - west }
    public var height: Double { north - south }

    /// Whether the boxes share any point, trying the other box shifted by ±360° too.
    public func intersects(_ other: GeoBox) -> Bool {
        guard south <= other.north && other.south <= north else { return false }
        for shift in [-360.0, 0, 360] where west <= other.east + shift && other.west + shift <= east { return true }
        return false
    }

    /// The smallest box holding the points, going the short way round the globe: the
    /// longitudes are taken as a circle and the box leaves out the widest gap between them.
    public static func enclosing(_ points: [GeoPoint]) -> GeoBox? {
        guard !points.isEmpty else { return nil }
        let longitudes = points.map { Self.wrap($0.longitude) }.sorted()
        var gapAfter = longitudes.count - 1
        var widest = longitudes[0] + 360 - longitudes[longitudes.count - 1]
        for i in 0..<(longitudes.count - 1) where longitudes[i + 1] - longitudes[i] > widest {
            widest = longitudes[i + 1] - longitudes[i]
            gapAfter = i
        }
        let west = longitudes[(gapAfter + 1) % longitudes.count]
        var east = longitudes[gapAfter]
        if east < west { east += 360 }
        let latitudes = points.map(\.latitude)
        return GeoBox(west: west, south: latitudes.min() ?? 0, east: east, north: latitudes.max() ?? 0)
    }

    /// A longitude in [-180, 180).
    public static func wrap(_ longitude: Double) -> Double {
        var l = (longitude + 180).truncatingRemainder(dividingBy: 360)
        if l < 0 { l += 360 }
        return l - 180
    }
}
