import Foundation

/// Reads a travelled track from a GPX 1.0/1.1 file (`trkpt`, else `rtept`, with `<time>`) or
/// a GeoJSON file (a LineString, MultiLineString, Feature or FeatureCollection of them;
/// a fourth coordinate, when present, is not a time and is ignored). The format is told by
/// content, not extension. Memory stays bounded whatever the file says: GPX is streamed
/// (Foundation's XMLParser, no document tree) and both stop at `maximumPoints`; GeoJSON, read
/// whole, is refused above `maximumGeoJSONBytes`.
public enum TrackFile {
    /// About 30 MB of points: a second-by-second log of twelve days.
    public static let maximumPoints = 1_000_000
    /// JSONSerialization holds some 28 bytes per byte of GeoJSON while it parses (measured: 1.7 GB
    /// for 60 MB), so 16 MiB keeps a track under 500 MB; GPX, streamed, has no such limit.
    public static let maximumGeoJSONBytes = 16 << 20

    public static func read(_ path: String, maximumPoints: Int = maximumPoints) throws(TrackFileError) -> TravelledTrack {
        func fail(_ reason: String) -> TrackFileError { TrackFileError(path: path, reason: reason) }
        if let problem = FileType(atPath: path).problem { throw fail(problem) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw fail("cannot be opened for reading") }
        let head = (try? handle.read(upToCount: 512)) ?? Data()
        try? handle.close()
        guard let first = head.first(where: { !(($0 == 0x20) || ($0 == 0x09) || ($0 == 0x0A) || ($0 == 0x0D) || ($0 == 0xEF) || ($0 == 0xBB) || ($0 == 0xBF)) }) else {
            throw fail("is empty")
        }
        let track: TravelledTrack
        switch first {
        case UInt8(ascii: "<"): track = try GPXTrackReader.read(path, maximumPoints: maximumPoints)
        case UInt8(ascii: "{"): track = try GeoJSONTrackReader.read(path, maximumPoints: maximumPoints)
        default: throw fail("is neither GPX (XML) nor GeoJSON")
        }
        guard !track.isEmpty else { throw fail("has no track points") }
        return track
    }

    /// A position as a track may hold it: finite, latitude within ±90°, longitude within ±180°.
    static func position(latitude: Double, longitude: Double, altitude: Double?) -> GeoPoint? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        return GeoPoint(latitude: latitude, longitude: longitude, altitude: altitude.flatMap { $0.isFinite ? $0 : nil })
    }

    /// An ISO 8601 time as GPX writes it; a time without a zone is taken as UTC (GPX says so).
    static func utc(_ text: String) -> Double? {
        guard let parsed = DateTimeText.parse(text), parsed.hasTime else { return nil }
        return parsed.local.secondsSinceEpochAsUTC - Double(parsed.offset?.seconds ?? 0)
    }
}
