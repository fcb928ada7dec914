/// The kinds of file a route map is written as, told by the output's extension.
public enum RouteMapFormat: String, Sendable, CaseIterable {
    case png
    case geoJSON
    case gpx

    /// `.png`, `.geojson` or `.json`, `.gpx` (any case); nil for anything else.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "png": self = .png
        case "geojson", "json": self = .geoJSON
        case "gpx": self = .gpx
        default: return nil
        }
    }
}
