import LentaCore

/// A route as GeoJSON (RFC 7946): a FeatureCollection with the route as a LineString
/// (a MultiLineString cut at ±180° when it crosses the antimeridian, as §3.1.9 asks) and a
/// Point per stop with its `name` and ISO 8601 `time`. With a travelled track the route is the
/// track instead — a line per segment, each point's UTC time in `properties.coordTimes` as
/// togeojson writes it (null where the track has none), so `--track` reads it back. Coordinates
/// are [longitude, latitude] with 6 decimals (about 0.1 m); the text is the same for the same
/// stops and track, byte for byte.
public enum RouteGeoJSON {
    public static func text(_ stops: [RouteStop], track: TravelledTrack? = nil, title: String? = nil) -> String {
        var features: [String] = []
        if let track, !track.isEmpty {
            features.append(trackFeature(track, title: title))
        } else if stops.count > 1 {
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

    /// The track as one Feature: a LineString, or a MultiLineString of its segments (cut at ±180°).
    private static func trackFeature(_ track: TravelledTrack, title: String?) -> String {
        let parts = track.segments.flatMap { segment in AntimeridianCut.split(segment.map(\.point), times: segment.map(\.utc)) }
        let lines = parts.map { part in "[" + part.map { position($0.longitude, $0.latitude) }.joined(separator: ",") + "]" }
        let geometry = lines.count == 1
            ? "{\"type\":\"LineString\",\"coordinates\":\(lines[0])}"
            : "{\"type\":\"MultiLineString\",\"coordinates\":[\(lines.joined(separator: ","))]}"
        var properties: [String] = []
        if let title { properties.append("\"name\":" + StrictJSON.quoted(title)) }
        properties.append("\"source\":\"track\"")
        if parts.contains(where: { $0.contains { $0.utc != nil } }) {
            let times = parts.map { part in
                "[" + part.map { p in p.utc.map { StrictJSON.quoted(StopTimeText.utc($0)) } ?? "null" }.joined(separator: ",") + "]"
            }
            properties.append("\"coordTimes\":" + (times.count == 1 ? times[0] : "[" + times.joined(separator: ",") + "]"))
        }
        return "{\"type\":\"Feature\",\"properties\":{\(properties.joined(separator: ","))},\"geometry\":\(geometry)}"
    }

    private static func position(_ longitude: Double, _ latitude: Double) -> String {
        "[" + FixedDecimal.text(longitude, digits: 6) + "," + FixedDecimal.text(latitude, digits: 6) + "]"
    }

    private static func line(_ points: [(longitude: Double, latitude: Double)]) -> String {
        "[" + points.map { position($0.longitude, $0.latitude) }.joined(separator: ",") + "]"
    }
}
