import LentaCore

/// A route as GPX 1.1: a `wpt` per stop (name, UTC time) and one `trk` whose `trkseg` runs
/// through the stops in order — or, with a travelled track, a `trkseg` per segment of the track
/// with its points' times. Text is XML-escaped; coordinates have 6 decimals.
public enum RouteGPX {
    public static func text(_ stops: [RouteStop], track: TravelledTrack? = nil, title: String? = nil) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<gpx version=\"1.1\" creator=\"lenta\" xmlns=\"http://www.topografix.com/GPX/1/1\">",
        ]
        if let title { lines.append("  <metadata><name>\(XMLText.escape(title))</name></metadata>") }
        for stop in stops {
            lines.append("  <wpt \(attributes(stop.point))>")
            if let time = StopTimeText.utc(stop.time) { lines.append("    <time>\(time)</time>") }
            if let name = stop.name { lines.append("    <name>\(XMLText.escape(name))</name>") }
            lines.append("  </wpt>")
        }
        let segments: [[(point: GeoPoint, time: String?)]]
        if let track, !track.isEmpty {
            segments = track.segments.map { segment in segment.map { ($0.point, $0.utc.map(StopTimeText.utc)) } }
        } else {
            segments = stops.isEmpty ? [] : [stops.map { ($0.point, StopTimeText.utc($0.time)) }]
        }
        if !segments.isEmpty {
            lines.append("  <trk>")
            if let title { lines.append("    <name>\(XMLText.escape(title))</name>") }
            for segment in segments {
                lines.append("    <trkseg>")
                for (point, time) in segment {
                    if let time {
                        lines.append("      <trkpt \(attributes(point))><time>\(time)</time></trkpt>")
                    } else {
                        lines.append("      <trkpt \(attributes(point))/>")
                    }
                }
                lines.append("    </trkseg>")
            }
            lines.append("  </trk>")
        }
        lines.append("</gpx>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func attributes(_ p: GeoPoint) -> String {
        "lat=\"\(FixedDecimal.text(p.latitude, digits: 6))\" lon=\"\(FixedDecimal.text(GeoBox.wrap(p.longitude), digits: 6))\""
    }
}
