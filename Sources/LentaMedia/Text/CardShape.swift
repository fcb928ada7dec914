/// A bank or identity card told by its shape (ISO/IEC 7810 ID-1: 85.60 × 53.98 mm) when what it
/// says is not read: a region of one ground, with print on it, that fills a rectangle of a card's
/// proportions (its sides from the region's own second moments, so however it is turned), keeps off
/// the picture's edges and is a notable part of the picture. A card's embossed or light digits on
/// a dark or patterned face are what Tesseract misreads most; its shape it keeps.
///
/// Not a card: a phone (about 2:1), a postcard (148 × 105, 1.41), a screen (16:9, 1.78, runs to
/// the frame's edge or fills it), a square tile or window, a sign or a plaque (a few hundredths of
/// the picture).
enum CardShape {
    /// ID-1's long side over its short one.
    static let aspect = 85.60 / 53.98
    /// How far a card's proportions may look from ID-1's in a phone's photo (perspective narrows
    /// the far edge; blocks of 1/64 of the picture round its sides).
    static let aspects = 1.45...1.75
    /// The least of its rectangle a card's region fills (rounded corners, a thumb over an edge).
    static let rectangularity = 0.85
    /// A card photographed to keep is a notable part of the picture (a 25th or more), not all of it.
    static let shares = 0.04...0.6
    /// Its shorter side in blocks, for its proportions to be measured at all.
    static let breadth = 6.0

    /// Whether `region` (a page-like region the gate opens for) has a card's shape.
    static func matches(_ region: PageRegion) -> Bool {
        guard region.breadth >= breadth, shares.contains(region.share), region.rectangularity >= rectangularity else { return false }
        return BlankPaper.enclosed(region.box) && aspects.contains(region.length / region.breadth)
    }

    /// What `contentReasons` says of it.
    static let reason = "a card's shape (ISO 7810)"
}
