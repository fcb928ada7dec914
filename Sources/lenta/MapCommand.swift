import ArgumentParser
import Foundation
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
            """)

    @OptionGroup var lenta: LentaID
    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write: .png, .geojson, .json or .gpx.", valueName: "route.png"))
    var output: String
    @Option(help: ArgumentHelp("PNG width in pixels.", valueName: "pixels"))
    var width: Int = 1920
    @Option(help: ArgumentHelp("PNG height in pixels.", valueName: "pixels"))
    var height: Int = 1080
    @Option(help: ArgumentHelp("PNG colours: light (pale sea) or dark (night sea, as on the title card).", valueName: "light|dark"))
    var style: String = "light"
    @OptionGroup var catalogOptions: CatalogOptions

    func validate() throws {
        guard RouteMapFormat(path: output) != nil else {
            throw ValidationError("-o must end in .png, .geojson, .json or .gpx (got \(output)).")
        }
        guard (16...16384).contains(width), (16...16384).contains(height) else {
            throw ValidationError("--width and --height must be between 16 and 16384 pixels.")
        }
        guard MapStyle.named(style) != nil else { throw ValidationError("--style must be light or dark (got \(style)).") }
    }

    func run() throws {
        guard let format = RouteMapFormat(path: output), let mapStyle = MapStyle.named(style) else { throw ExitCode(2) }
        let route = try libraryCall { try Lentas(catalog: try catalogOptions.open()).route(id: lenta.id) }
        let stops = RouteStops.build(from: route.items)
        guard !stops.isEmpty else {
            throw CommandFailure("lenta \(lenta.id) has no photo or video with a location, so there is no route to draw")
        }
        do {
            switch format {
            case .png:
                FFmpegLogging.silence()
                let outlines = try CountryOutlines.bundled()
                // Without a font (no fontconfig or FreeType face) the map has dots without names.
                let image = RouteMapRenderer(outlines: outlines, style: mapStyle).render(stops, width: width, height: height, labeller: TextLabeller.shared())
                try PNGExport.write(image, to: output)
            case .geoJSON:
                try AtomicWrite.write(Array(RouteGeoJSON.text(stops, title: route.title).utf8), to: output, what: "GeoJSON")
            case .gpx:
                try AtomicWrite.write(Array(RouteGPX.text(stops, title: route.title).utf8), to: output, what: "GPX")
            }
        } catch {
            throw CommandFailure("\(error)")
        }
        print("Wrote \(output): \(route.title), \(stops.count) \(stops.count == 1 ? "place" : "places") from \(route.locatedCount) located items")
    }
}
