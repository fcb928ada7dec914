import LentaCore
import LentaMaps
import LentaText

/// The opening card, drawn once: the story's title (bold) and subtitle at the top of the
/// title-safe area with the map of the route through the items' places (the travelled track,
/// when the project names one) under them — or, with
/// no places or `"map": false`, the two centred.
enum TitleCardPicture {
    /// Title-safe: the central 90% of the frame, as captions use.
    static let safeMargin = 0.05
    /// Line heights as fractions of the frame's shorter side.
    static let titleSize = 0.09
    static let subtitleSize = 0.045
    /// No map when less than this share of the frame's height is left for it.
    static let smallestMapShare = 0.3

    static func make(title: String?, subtitle: String?, card: TitleCard, stops: [RouteStop], track: TravelledTrack? = nil,
                     outlines: CountryOutlines?, width: Int, height: Int, text: TextEngine) -> RGBAImage {
        let background = card.background ?? .black, ink = card.colour ?? .white
        var image = RGBAImage(width: width, height: height, red: background.red, green: background.green, blue: background.blue)
        let unit = Double(min(width, height))
        let left = Double(width) * safeMargin, top = Double(height) * safeMargin
        let safeWidth = Double(width) - 2 * left, safeHeight = Double(height) - 2 * top

        // Laid out only as far as the frame shows: what falls below it is cut, never drawn.
        let titleText = text.render(title ?? "", pixelSize: unit * titleSize, maxWidth: safeWidth, maxHeight: Double(height), weight: .bold)
        let subtitleText = text.render(subtitle ?? "", pixelSize: unit * subtitleSize, maxWidth: safeWidth,
                                       maxHeight: max(0, Double(height) - top - titleText.height))
        let gap = unit * 0.02
        let textHeight = titleText.height + (subtitleText.lines.isEmpty ? 0 : gap + subtitleText.height)

        let mapTop = top + textHeight + 2 * gap
        let mapHeight = top + safeHeight - mapTop
        let map = card.map != false && !stops.isEmpty && mapHeight >= Double(height) * smallestMapShare ? outlines : nil
        let textTop = map != nil ? top : top + max(0, safeHeight - textHeight) / 2
        paint(titleText, into: &image, centreX: Double(width) / 2, top: textTop, colour: ink)
        paint(subtitleText, into: &image, centreX: Double(width) / 2, top: textTop + titleText.height + gap, colour: ink)
        if let map {
            let picture = RouteMapRenderer(outlines: map, style: .dark)
                .render(stops, track: track, width: Int(safeWidth.rounded()), height: Int(mapHeight.rounded()), labeller: TextLabeller(engine: text))
            image.place(picture, atX: Int(left.rounded()), y: Int(mapTop.rounded()))
        }
        return image
    }

    private static func paint(_ text: RenderedText, into image: inout RGBAImage, centreX: Double, top: Double, colour: ProjectColour) {
        guard !text.mask.isEmpty else { return }
        image.draw(text.mask, atX: Int((centreX - text.width / 2).rounded()), y: Int(top.rounded()),
                   red: colour.red, green: colour.green, blue: colour.blue)
    }
}
