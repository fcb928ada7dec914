import Foundation
import LentaCore

/// Where the map's pixels are on the globe: Web Mercator (the projection people know from web
/// maps; shapes are true locally), scaled and centred so a set of points fits a picture with
/// margins. Longitudes are taken at the copy nearest the centre, so a trip across the
/// antimeridian (Fiji to Samoa) is framed as one piece, not stretched across the world.
public struct MapFraming: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// The longitude at the picture's centre, degrees; every longitude is unwrapped to within
    /// ±180° of it.
    public let centreLongitude: Double
    /// The Mercator y (radians) at the picture's centre.
    let centreMercatorY: Double
    /// Pixels per Mercator unit (one unit is one radian of longitude).
    public let scale: Double

    /// Latitudes are clamped here (Web Mercator's limit), so the poles do not run to infinity.
    public static let maximumLatitude = 85.051129
    /// A trip to one city still shows its surroundings: the view spans at least this much.
    public static let defaultMinimumSpanKm = 300.0
    static let earthRadiusKm = GeoPoint.earthRadiusKm

    public init(width: Int, height: Int, centreLongitude: Double, centreLatitude: Double, scale: Double) {
        self.width = width
        self.height = height
        self.centreLongitude = centreLongitude
        self.centreMercatorY = Self.mercatorY(centreLatitude)
        self.scale = scale
    }

    /// The framing that shows every point, inside `margin` (a fraction of each side kept clear
    /// for dots and labels), keeping the projection's aspect, and spanning at least
    /// `minimumSpanKm` both ways about the points' centre. No points: the whole world.
    public static func fitting(_ points: [GeoPoint], width: Int, height: Int, margin: Double = 0.12,
                               minimumSpanKm: Double = defaultMinimumSpanKm) -> MapFraming {
        let w = Double(max(1, width)), h = Double(max(1, height))
        let usableW = w * max(0.05, 1 - 2 * margin), usableH = h * max(0.05, 1 - 2 * margin)
        let located = points.filter { $0.latitude.isFinite && $0.longitude.isFinite }
        guard let box = GeoBox.enclosing(located) else {
            return MapFraming(width: width, height: height, centreLongitude: 0, centreLatitude: 20, scale: w / (2 * .pi))
        }
        let centreLon = GeoBox.wrap((box.west + box.east) / 2)
        let x0 = box.west * .pi / 180, x1 = box.east * .pi / 180
        let y0 = mercatorY(box.south), y1 = mercatorY(box.north)
        let midY = (y0 + y1) / 2
        // Mercator stretches by 1/cos(latitude): the minimum span in units at the centre.
        let midLat = latitude(mercatorY: midY)
        let minimumUnits = minimumSpanKm / (earthRadiusKm * max(0.05, cos(midLat * .pi / 180)))
        let spanX = max(x1 - x0, minimumUnits), spanY = max(y1 - y0, minimumUnits)
        // Never zoom out past the whole world's width.
        let scale = max(min(usableW / spanX, usableH / spanY), w / (2 * .pi))
        return MapFraming(width: width, height: height, centreLongitude: centreLon, centreLatitude: midLat, scale: scale)
    }

    /// The pixel position of a point (x right, y down; may lie outside the picture).
    public func project(_ point: GeoPoint) -> (x: Double, y: Double) {
        project(longitude: point.longitude, latitude: point.latitude)
    }

    public func project(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        projectUnwrapped(longitude: unwrap(longitude), latitude: latitude)
    }

    /// The pixel position of a longitude taken as it is (not moved to the copy nearest the
    /// centre): for the points of one outline ring, which must stay together.
    public func projectUnwrapped(longitude lon: Double, latitude: Double) -> (x: Double, y: Double) {
        let x = (lon - centreLongitude) * .pi / 180 * scale + Double(width) / 2
        let y = (centreMercatorY - Self.mercatorY(latitude)) * scale + Double(height) / 2
        return (x, y)
    }

    /// The longitude's copy within ±180° of the centre.
    public func unwrap(_ longitude: Double) -> Double {
        centreLongitude + GeoBox.wrap(longitude - centreLongitude)
    }

    /// The picture's extent on the globe (longitudes unwrapped about the centre, so `east` may
    /// pass 180).
    public var visibleBox: GeoBox {
        let halfW = Double(width) / 2 / scale * 180 / .pi
        let north = Self.latitude(mercatorY: centreMercatorY + Double(height) / 2 / scale)
        let south = Self.latitude(mercatorY: centreMercatorY - Double(height) / 2 / scale)
        return GeoBox(west: centreLongitude - min(180, halfW), south: south, east: centreLongitude + min(180, halfW), north: north)
    }

    /// Kilometres per pixel at the picture's centre.
    public var kilometresPerPixel: Double {
        Self.earthRadiusKm * cos(Self.latitude(mercatorY: centreMercatorY) * .pi / 180) / scale
    }

    static func mercatorY(_ latitude: Double) -> Double {
        let phi = max(-maximumLatitude, min(maximumLatitude, latitude)) * .pi / 180
        return log(tan(.pi / 4 + phi / 2))
    }

    static func latitude(mercatorY y: Double) -> Double {
        (2 * atan(exp(y)) - .pi / 2) * 180 / .pi
    }
}
