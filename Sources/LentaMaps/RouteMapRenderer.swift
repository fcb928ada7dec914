import Foundation
import LentaCore

/// Draws the map of a trip: sea, land with the countries visited highlighted, borders, the
/// route — the path travelled when a track is given, else the stops in order as gentle arcs —
/// a dot per stop and a label per place.
public struct RouteMapRenderer: Sendable {
    /// The largest map picture (README, "Limits"): a map costs about 10 bytes a pixel while it
    /// is drawn (the picture, its fill and stroke masks, the PNG), so 8192 × 4096 stays near 350 MB.
    public static let maximumSide = 8192
    public static let maximumPixels = 8192 * 4096
    public let outlines: CountryOutlines
    public var style: MapStyle

    public init(outlines: CountryOutlines, style: MapStyle = .light) {
        self.outlines = outlines
        self.style = style
    }

    /// Where the stops, the route and the labels go on a `width` × `height` picture.
    public func layout(_ stops: [RouteStop], track: TravelledTrack? = nil, width: Int, height: Int, labeller: MapLabeller?) -> RouteMapLayout {
        layoutAndMasks(stops, track: track, width: width, height: height, labeller: labeller).layout
    }

    /// The map as a picture of `width` × `height` (both at least 1). With a track (already
    /// clipped to the trip's dates), the route line is the track, thinned to the picture's
    /// resolution, and the map is framed to show it all.
    public func render(_ stops: [RouteStop], track: TravelledTrack? = nil, width: Int, height: Int, labeller: MapLabeller?) -> RGBAImage {
        let (layout, labelMasks) = layoutAndMasks(stops, track: track, width: width, height: height, labeller: labeller)
        let framing = layout.framing
        let unit = Double(min(width, height))
        var image = RGBAImage(width: width, height: height, red: style.sea.red, green: style.sea.green, blue: style.sea.blue)

        let visited = Set(layout.visitedCountries)
        let view = framing.visibleBox
        var borders: [[PixelPoint]] = []
        for country in outlines.countries(intersecting: view) {
            let rings = country.rings.filter { $0.box.intersects(view) }.map { projected($0, framing) }
            let colour = visited.contains(country.code) ? style.visitedLand : style.land
            paint(&image, PolygonRasteriser.fill(rings, rule: .evenOdd, width: width, height: height), colour)
            borders += rings.compactMap { ring in ring.first.map { ring + [$0] } }   // closed for stroking
        }
        paint(&image, StrokeRasteriser.stroke(borders, lineWidth: style.borderWidth * unit, width: width, height: height), style.border)

        let routeWidth = style.routeWidth * unit
        paint(&image, StrokeRasteriser.stroke(layout.route, lineWidth: routeWidth + 2 * style.casingWidth * unit, width: width, height: height),
              style.routeCasing, opacity: 0.8)
        paint(&image, StrokeRasteriser.stroke(layout.route, lineWidth: routeWidth, width: width, height: height), style.route)

        let radius = style.dotRadius * unit
        paint(&image, StrokeRasteriser.discs(layout.dots, radius: radius, width: width, height: height), style.dotRing)
        paint(&image, StrokeRasteriser.discs(layout.dots, radius: max(0.5, radius - style.dotRingWidth * unit), width: width, height: height),
              style.dot)

        let halo = Int((style.labelHaloWidth * unit).rounded())
        for (label, mask) in zip(layout.labels, labelMasks) {
            let x = Int(label.rect.x.rounded()) - mask.originX, y = Int(label.rect.y.rounded()) - mask.originY
            if halo > 0 {
                image.draw(MaskDilation.dilate(mask, radius: halo), atX: x, y: y,
                           red: style.labelHalo.red, green: style.labelHalo.green, blue: style.labelHalo.blue, opacity: 0.85)
            }
            image.draw(mask, atX: x, y: y, red: style.label.red, green: style.label.green, blue: style.label.blue)
        }
        return image
    }

    private func paint(_ image: inout RGBAImage, _ mask: AlphaMask, _ colour: MapColour, opacity: Double = 1) {
        image.draw(mask, atX: 0, y: 0, red: colour.red, green: colour.green, blue: colour.blue, opacity: opacity)
    }

    /// A ring in pixels, at the copy of its longitudes nearest the map's centre, with points
    /// closer than half a pixel to the last one kept dropped (they change nothing drawn).
    private func projected(_ ring: CountryOutline.Ring, _ framing: MapFraming) -> [PixelPoint] {
        let middle = (ring.box.west + ring.box.east) / 2
        let shift = framing.unwrap(middle) - middle
        var out: [PixelPoint] = []
        out.reserveCapacity(ring.count)
        for i in 0..<ring.count {
            let p = framing.projectUnwrapped(longitude: ring.longitudes[i] + shift, latitude: ring.latitudes[i])
            if let last = out.last, abs(last.x - p.x) < 0.5, abs(last.y - p.y) < 0.5 { continue }
            out.append(PixelPoint(x: p.x, y: p.y))
        }
        return out
    }

    private func layoutAndMasks(_ stops: [RouteStop], track: TravelledTrack?, width: Int, height: Int,
                                labeller: MapLabeller?) -> (layout: RouteMapLayout, masks: [AlphaMask]) {
        let unit = Double(min(width, height))
        let points = stops.map(\.point)
        let path = track.flatMap { $0.isEmpty ? nil : $0 }
        let framing = MapFraming.fitting(points + (path?.points ?? []), width: width, height: height, margin: style.margin)
        let dots = points.map { p -> PixelPoint in let q = framing.project(p); return PixelPoint(x: q.x, y: q.y) }
        let route: [[PixelPoint]]
        if let path {
            route = path.segments.map { segment in
                TrackSimplifier.simplify(segment.map { p in let q = framing.project(p.point); return PixelPoint(x: q.x, y: q.y) })
            }
        } else {
            route = RouteArcs.legs(through: dots)
        }
        let radius = style.dotRadius * unit

        var requests: [LabelPlacer.Request] = []
        var masks: [AlphaMask] = []
        var texts: [String] = []
        var named = Set<String>()
        if let labeller {
            for (i, stop) in stops.enumerated() {
                // A place visited twice is named once, at its first visit.
                guard let name = stop.name, named.insert(name).inserted,
                      let mask = labeller.label(name, pixelSize: style.labelSize * unit), !mask.isEmpty else { continue }
                requests.append(.init(stop: i, anchor: dots[i], width: Double(mask.width), height: Double(mask.height)))
                masks.append(mask)
                texts.append(name)
            }
        }
        let dotBoxes = dots.map { PixelRect(x: $0.x - radius, y: $0.y - radius, width: 2 * radius, height: 2 * radius) }
        let placer = LabelPlacer(bounds: PixelRect(x: 0, y: 0, width: Double(width), height: Double(height)).insetBy(unit * 0.02),
                                 dots: dotBoxes, route: route.flatMap { $0 }, gap: unit * 0.008, dotRadius: radius)
        var labels: [RouteMapLayout.Label] = []
        var placedMasks: [AlphaMask] = []
        var omitted: [String] = []
        for (k, rect) in placer.place(requests).enumerated() {
            if let rect {
                labels.append(.init(stop: requests[k].stop, text: texts[k], rect: rect))
                placedMasks.append(masks[k])
            } else {
                omitted.append(texts[k])
            }
        }
        let layout = RouteMapLayout(framing: framing, dots: dots, route: route, labels: labels, omittedLabels: omitted,
                                    visitedCountries: outlines.countryCodes(touchedBy: points), followsTrack: path != nil)
        return (layout, placedMasks)
    }
}
