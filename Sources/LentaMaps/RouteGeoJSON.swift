import LentaCore

/// A route as GeoJSON (RFC 7946): a FeatureCollection with the route as a LineString
/// (a MultiLineString cut at ±180° when it crosses the antimeridian, as §3.1.9 asks) and a
/// Point per stop with its `name` and ISO 8601 `time`. Coordinates are [longitude, latitude]
/// with 6 decimals (about 0.1 m); the text is the same for the same stops, byte for byte.
public enum RouteGeoJSON {
    public static func text(_ stops: [RouteStop], title: String? = nil) -> String {
        var features: [String] = []
        if stops.count > 1 {
            let parts = AntimeridianCut.split(stops.map(\.point))
            let geometry = parts.count == 1
                ? "{\"type\":\"LineString\",\"coordinates\":\(line(parts[0]))}"
                : "{\"type\":\"MultiLineString\",\"coordinates\":[\(parts.map(line).joined(separator: ","))]}"
            let properties = title.map { "{\"name\":\(StrictJSON.quoted($0))}" } ?? "{}"
            features.append("{\"type\":\"Feature\",\"properties\":\(properties),\"geometry\":\(geometry)}")
        }
        for (i, stop) in stops.enumerated() {
            var properties = ["\"stop\":\(i + 1)"]
            properties.append("\"name\":" + (stop.name.map(StrictJSON.quoted) ?? "null"))
            properties.append("\"time\":" + (StopTimeText.local(stop.time).map(StrictJSON.quoted) ?? "null"))
            properties.append("\"items\":\(stop.itemCount)")
            features.append("{\"type\":\"Feature\",\"properties\":{\(properties.joined(separator: ","))},"
                            + "\"geometry\":{\"type\":\"Point\",\"coordinates\":\(position(stop.point.longitude, stop.point.latitude))}}")
        }
        return "{\"type\":\"FeatureCollection\",\"features\":[\n" + features.joined(separator: ",\n") + "\n]}\n"
    }

    private static func position(_ longitude: Double, _ latitude: Double) -> String {
        "[" + FixedDecimal.text(longitude, digits: 6) + "," + FixedDecimal.text(latitude, digits: 6) + "]"
    }

    private static func line(_ points: [(longitude: Double, latitude: Double)]) -> String {
        "[" + points.map { position($0.longitude, $0.latitude) }.joined(separator: ",") + "]"
    }
}
