import Foundation

/// GeoJSON (RFC 7946) lines: a LineString or MultiLineString geometry, a Feature holding one,
/// or a FeatureCollection (its Point features, the stops, are not part of the path). Positions
/// are [longitude, latitude(, altitude)]. A Feature's `properties.coordTimes` (as
/// togeojson writes, one ISO 8601 time per position, arrays of arrays for a MultiLineString)
/// gives the times.
enum GeoJSONTrackReader {
    static func read(_ path: String, maximumPoints: Int) throws(TrackFileError) -> TravelledTrack {
        func fail(_ reason: String) -> TrackFileError { TrackFileError(path: path, reason: reason) }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= TrackFile.maximumGeoJSONBytes else {
            throw fail("is \(size >> 20) MiB, more than the \(TrackFile.maximumGeoJSONBytes >> 20) MiB a GeoJSON track may be (use GPX, which is streamed)")
        }
        let root: Any
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw fail("is not valid JSON (truncated?): \((error as NSError).localizedDescription)")
        }
        var segments: [[TravelledTrack.Point]] = []
        var count = 0
        func line(_ value: Any?, times: Any?, at where_: String) throws(TrackFileError) -> [TravelledTrack.Point] {
            guard let positions = value as? [Any] else { throw fail("\(where_): coordinates are not an array of positions") }
            let timeTexts = times as? [Any]
            var out: [TravelledTrack.Point] = []
            for (i, raw) in positions.enumerated() {
                guard let numbers = raw as? [Any], numbers.count >= 2,
                      let lon = (numbers[0] as? NSNumber)?.doubleValue, let lat = (numbers[1] as? NSNumber)?.doubleValue else {
                    throw fail("\(where_)[\(i)]: not a [longitude, latitude] position")
                }
                guard let point = TrackFile.position(latitude: lat, longitude: lon,
                                                     altitude: numbers.count > 2 ? (numbers[2] as? NSNumber)?.doubleValue : nil) else {
                    throw fail("\(where_)[\(i)]: off the globe (longitude \(lon), latitude \(lat))")
                }
                count += 1
                guard count <= maximumPoints else { throw fail("has more than \(maximumPoints) points (too big to draw; thin it first)") }
                let time = (timeTexts.flatMap { i < $0.count ? $0[i] as? String : nil }).flatMap(TrackFile.utc)
                out.append(.init(point, utc: time))
            }
            return out
        }
        func geometry(_ object: [String: Any], times: Any?, at where_: String) throws(TrackFileError) {
            switch object["type"] as? String {
            case "LineString":
                segments.append(try line(object["coordinates"], times: times, at: where_ + ".coordinates"))
            case "MultiLineString":
                guard let lines = object["coordinates"] as? [Any] else { throw fail("\(where_).coordinates: not an array of lines") }
                let timeLines = times as? [Any]
                for (i, l) in lines.enumerated() {
                    segments.append(try line(l, times: timeLines.flatMap { i < $0.count ? $0[i] : nil }, at: where_ + ".coordinates[\(i)]"))
                }
            case "GeometryCollection":
                for (i, g) in ((object["geometries"] as? [Any]) ?? []).enumerated() {
                    if let g = g as? [String: Any] { try geometry(g, times: nil, at: where_ + ".geometries[\(i)]") }
                }
            default: break   // Points and polygons are not a path.
            }
        }
        func feature(_ object: [String: Any], at where_: String) throws(TrackFileError) {
            guard let g = object["geometry"] as? [String: Any] else { return }
            let times = (object["properties"] as? [String: Any])?["coordTimes"]
            try geometry(g, times: times, at: where_ + ".geometry")
        }
        guard let object = root as? [String: Any], let type = object["type"] as? String else {
            throw fail("is JSON but not GeoJSON (no \"type\")")
        }
        switch type {
        case "FeatureCollection":
            guard let features = object["features"] as? [Any] else { throw fail("$.features: missing or not an array") }
            for (i, f) in features.enumerated() {
                guard let f = f as? [String: Any] else { throw fail("$.features[\(i)]: not an object") }
                try feature(f, at: "$.features[\(i)]")
            }
        case "Feature": try feature(object, at: "$")
        default: try geometry(object, times: nil, at: "$")
        }
        return TravelledTrack(segments: segments)
    }
}
