import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// GPX streamed through XMLParser: only the points and their times are kept. Track points
/// (`trk/trkseg/trkpt`, a segment each) are the path travelled; a file with none gives its
/// route points (`rte/rtept`) instead. Waypoints are places, not a path, and are ignored.
enum GPXTrackReader {
    static func read(_ path: String, maximumPoints: Int) throws(TrackFileError) -> TravelledTrack {
        guard let stream = InputStream(fileAtPath: path) else { throw TrackFileError(path: path, reason: "cannot be opened for reading") }
        let parser = XMLParser(stream: stream)
        let collector = Collector(maximumPoints: maximumPoints)
        parser.delegate = collector
        parser.shouldResolveExternalEntities = false
        let finished = parser.parse()
        if let reason = collector.failure { throw TrackFileError(path: path, reason: reason) }
        guard finished else {
            let detail = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown error"
            throw TrackFileError(path: path, reason: "is not well-formed GPX (XML error at line \(parser.lineNumber): \(detail); truncated?)")
        }
        // Foundation's streaming parser can end a file cut mid-element without an error.
        guard collector.openElements == 0 else {
            throw TrackFileError(path: path, reason: "is not well-formed GPX: it ends inside an element at line \(parser.lineNumber) (truncated?)")
        }
        guard collector.sawGPX else { throw TrackFileError(path: path, reason: "is XML but not GPX (no <gpx> element)") }
        let track = TravelledTrack(segments: collector.trackSegments.isEmpty ? collector.routeSegments : collector.trackSegments)
        return track
    }

    private final class Collector: NSObject, XMLParserDelegate {
        let maximumPoints: Int
        var trackSegments: [[TravelledTrack.Point]] = []
        var routeSegments: [[TravelledTrack.Point]] = []
        var current: [TravelledTrack.Point] = []
        var pending: (point: GeoPoint, kind: String)?
        var pendingTime: Double?
        var text = ""
        var readingText = false
        var count = 0
        var sawGPX = false
        var openElements = 0
        var failure: String?

        init(maximumPoints: Int) { self.maximumPoints = maximumPoints }

        private func stop(_ parser: XMLParser, _ reason: String) {
            if failure == nil { failure = reason }
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let local = name.split(separator: ":").last.map(String.init) ?? name
            openElements += 1
            switch local {
            case "gpx": sawGPX = true
            case "trkseg", "rte": current = []
            case "trkpt", "rtept":
                guard let lat = attributes["lat"].flatMap(Double.init), let lon = attributes["lon"].flatMap(Double.init) else {
                    return stop(parser, "a <\(local)> at line \(parser.lineNumber) has no numeric lat/lon")
                }
                guard let point = TrackFile.position(latitude: lat, longitude: lon, altitude: nil) else {
                    return stop(parser, "a <\(local)> at line \(parser.lineNumber) is off the globe (lat \(lat), lon \(lon))")
                }
                count += 1
                guard count <= maximumPoints else {
                    return stop(parser, "has more than \(maximumPoints) points (too big to draw; thin it first)")
                }
                pending = (point, local)
                pendingTime = nil
            case "time" where pending != nil:
                text = ""
                readingText = true
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            // A time is a few dozen characters: more is not a time, and is not kept.
            if readingText, text.utf8.count < 64 { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            let local = name.split(separator: ":").last.map(String.init) ?? name
            openElements -= 1
            switch local {
            case "time" where readingText:
                readingText = false
                pendingTime = TrackFile.utc(text)
            case "trkpt", "rtept":
                if let p = pending { current.append(.init(p.point, utc: pendingTime)) }
                pending = nil
            case "trkseg":
                trackSegments.append(current)
                current = []
            case "rte":
                routeSegments.append(current)
                current = []
            default: break
            }
        }
    }
}
