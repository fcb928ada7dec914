import LentaCore
import LentaMaps
import LentaMedia
import LentaPixels
import LentaText

/// A route interlude: the trip's map filling the frame (drawn once), with a dot travelling its
/// stretch of the route (`RouteInterludeStretch`), easing out of its start and into its end.
/// Each frame's dot is placed by the frame's progress alone, so frames are the same in any order.
final class RouteInterludeLayer: StoryLayer {
    let map: RGBAImage
    let path: RoutePath
    let from: Double, to: Double
    let style: MapStyle
    /// The output's colour, when it is not BT.709 SDR (the map is drawn in it).
    let table: YUVLookupTable?
    let parallel: ParallelSlices

    /// The dot is larger than a stop's, so it reads as the traveller, not a place.
    static let dotScale = 1.6

    init(map: RGBAImage, path: RoutePath, stretch: (from: Double, to: Double), style: MapStyle, table: YUVLookupTable?,
         parallel: ParallelSlices) {
        self.map = map
        self.path = path
        from = stretch.from
        to = stretch.to
        self.style = style
        self.table = table
        self.parallel = parallel
    }

    /// The interlude before item `item` of `story`, for frames of `width` × `height`: the map of the
    /// route (the travelled track when the project names one) as the title card draws it, filling
    /// the frame; the sea alone when no item has a position.
    static func make(story: ResolvedStory, before item: Int, width: Int, height: Int, output: ColourDescription,
                     parallel: ParallelSlices) throws -> RouteInterludeLayer {
        let style = MapStyle.dark
        let stops = ProjectRoute.stops(of: story)
        let table = YUVLookupTable.make(source: .bt709, output: output, grade: nil, parallel: parallel)
        guard !stops.isEmpty else {
            let sea = RGBAImage(width: width, height: height, red: style.sea.red, green: style.sea.green, blue: style.sea.blue)
            return RouteInterludeLayer(map: sea, path: RoutePath([]), stretch: (0, 0), style: style, table: table, parallel: parallel)
        }
        let outlines: CountryOutlines
        do {
            outlines = try CountryOutlines.bundled()
        } catch {
            throw RenderError("cannot read the country outlines for the map", at: .item(item) + "routeInterlude", underlying: error)
        }
        let renderer = RouteMapRenderer(outlines: outlines, style: style)
        let labeller = (try? TextEngine.shared()).map(TextLabeller.init)
        let layout = renderer.layout(stops, track: story.route, width: width, height: height, labeller: labeller)
        let map = renderer.render(stops, track: story.route, width: width, height: height, labeller: labeller)
        let path = RoutePath(layout.route)
        let points = story.items.map { resolved -> PixelPoint? in
            guard let point = resolved.metadata.location, point.isPlausible else { return nil }
            let p = layout.framing.project(point)
            return PixelPoint(x: p.x, y: p.y)
        }
        let stretch = RouteInterludeStretch.stretch(before: item, points: points, instants: story.items.map { $0.metadata.captureTime?.utc },
                                                    path: path)
        return RouteInterludeLayer(map: map, path: path, stretch: stretch, style: style, table: table, parallel: parallel)
    }

    /// Where the dot is at `progress` (0…1) through the interlude: smoothstep-eased along the stretch.
    func dot(at progress: Double) -> PixelPoint? {
        let p = max(0, min(1, progress))
        let eased = p * p * (3 - 2 * p)
        return path.point(at: from + (to - from) * eased)
    }

    func draw(at time: Rational, progress: Double, into frame: inout PlanarFrame) throws {
        var picture = map
        if let centre = dot(at: progress) {
            let unit = Double(min(map.width, map.height))
            let radius = style.dotRadius * unit * Self.dotScale
            let ring = StrokeRasteriser.discs([centre], radius: radius, width: map.width, height: map.height)
            let inner = StrokeRasteriser.discs([centre], radius: max(0.5, radius - style.dotRingWidth * unit * Self.dotScale),
                                               width: map.width, height: map.height)
            // The stops' colours swapped (route colour inside a white ring): the traveller, not a place.
            picture.draw(ring, atX: 0, y: 0, red: style.dot.red, green: style.dot.green, blue: style.dot.blue)
            picture.draw(inner, atX: 0, y: 0, red: style.route.red, green: style.route.green, blue: style.route.blue)
        }
        frame = PlanarFrame(rgba: picture)
        table?.apply(to: &frame, parallel: parallel)
    }

    var drawsConcurrently: Bool { true }
}
