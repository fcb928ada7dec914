import ArgumentParser
import LentaCore
import Foundation
import LentaCore
import LentaLibrary
import LentaMaps
import LentaMedia

struct Map: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A map of a lenta's route: PNG, or GeoJSON or GPX for other tools.",
        discussion: """
            The format follows -o's extension: .png (the countries the trip touches, the route \
            through its places in time order, a dot and a name per place), .geojson or .json (RFC 7946: the \
            route as a LineString and a Point per place with its name and time), .gpx (GPX 1.1: \
            a waypoint per place and a track through them). Outlines: Natural Earth.

            --track gives the path actually travelled (a GPX file's track, or a GeoJSON \
            LineString, MultiLineString or FeatureCollection of them) instead of lines between the \
            places: drawn on the PNG, written as the GeoJSON line (with its times in coordTimes) \
            and as the GPX track; its points logged more than 3 hours before the lenta's first item \
            or after its last are left out, points without a time are kept.
            """)

    @OptionGroup var lenta: LentaID
    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write: .png, .geojson, .json or .gpx.", valueName: "route.png"))
    var output: String
    @Option(help: ArgumentHelp("A GPX or GeoJSON track of the path travelled: the route in every format.", valueName: "trip.gpx"))
    var track: String?
    @Option(help: ArgumentHelp("PNG width in pixels.", valueName: "pixels"))
    var width: Int = 1920
    @Option(help: ArgumentHelp("PNG height in pixels.", valueName: "pixels"))
    var height: Int = 1080
    @Option(help: ArgumentHelp("PNG colours: light (pale sea) or dark (night sea, as on the title card)."))
    var style: MapStyleChoice = .light
    @OptionGroup var catalogOptions: CatalogOptions

    func validate() throws {
        try OutputName.check(output)
        guard RouteMapFormat(path: output) != nil else {
            throw ValidationError("-o must end in .png, .geojson, .json or .gpx (got \(output)).")
        }
        guard (16...RouteMapRenderer.maximumSide).contains(width), (16...RouteMapRenderer.maximumSide).contains(height) else {
            throw ValidationError("--width and --height must be between 16 and \(RouteMapRenderer.maximumSide) pixels.")
        }
        guard width * height <= RouteMapRenderer.maximumPixels else {
            throw ValidationError("--width \(width) --height \(height) is \(width * height) pixels; a map has at most \(RouteMapRenderer.maximumPixels) pixels (8192×4096), to keep it within its memory budget.")
        }
    }

    func run() throws {
        guard let format = RouteMapFormat(path: output) else { throw ExitCode(2) }
        let route = try libraryCall { try Lentas(catalog: try catalogOptions.open()).route(id: lenta.id) }
        let stops = RouteStops.build(from: route.items)
        guard !stops.isEmpty else {
            throw CommandFailure("lenta \(lenta.id) has no photo or video with a location, so there is no route to draw")
        }
        let travelled: TravelledTrack?
        do {
            travelled = try track.map { try TrackFile.read($0).clipped(toTimes: route.items.map { $0.time?.utc }) }
        } catch {
            throw CommandFailure("--track \(error)")
        }
        if let travelled, travelled.isEmpty, let track {
            throw CommandFailure("--track \(track): none of its points is within 3 hours of the lenta's dates (is it the right trip?)")
        }
        do {
            switch format {
            case .png:
                FFmpegLogging.silence()
                let outlines = try CountryOutlines.bundled()
                // Without a font (no fontconfig or FreeType face) the map has dots without names.
                let image = RouteMapRenderer(outlines: outlines, style: style.mapStyle).render(stops, track: travelled, width: width, height: height, labeller: TextLabeller.shared())
                try PNGExport.write(image, to: output)
            case .geoJSON:
                try AtomicWrite.write(Array(RouteGeoJSON.text(stops, track: travelled, title: route.title).utf8), to: output, what: "GeoJSON")
            case .gpx:
                try AtomicWrite.write(Array(RouteGPX.text(stops, track: travelled, title: route.title).utf8), to: output, what: "GPX")
            }
        } catch {
            throw CommandFailure(error)
        }
        print("Wrote \(output): \(route.title), \(stops.count) \(stops.count == 1 ? "place" : "places") from \(route.locatedCount) located items")
    }
}

/// `--style`: the map picture's colours.
enum MapStyleChoice: String, CaseIterable, ExpressibleByArgument {
    case light, dark

    var mapStyle: MapStyle {
        switch self {
        case .light: return .light
        case .dark: return .dark
        }
    }
}
