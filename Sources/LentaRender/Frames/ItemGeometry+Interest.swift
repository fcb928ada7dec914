import LentaCore

extension ItemGeometry {
    /// The most `"auto"` zooms toward faces (2×) and toward detail (1.4×): enough to end on them,
    /// not so much that a reduced photo shows its pixels.
    static let closestOnFaces = 0.5
    static let closestOnDetail = 0.7
    /// What an auto pan's rectangle keeps of the picture (so it has room to travel).
    static let panSide = 0.8
    /// Room kept around what matters, as a share of its size.
    static let interestMargin = 1.6

    /// This geometry aimed at the picture's centre of interest: `fill` keeps it in frame (smart
    /// reframing), and with `autoMotion` the Ken Burns motion is lenta's own toward it —
    /// alternating by `itemIndex` so consecutive photos differ: even items zoom in to end on it,
    /// odd ones pan toward it from the other side (or, when it is central, zoom out from it). A
    /// flat picture only ever zooms out, never into an empty sky or a blank wall.
    public func aimed(at interest: PictureInterest, autoMotion: Bool, itemIndex: Int) -> ItemGeometry {
        var aimed = self
        if interest.kind != .flat { aimed.focus = interest.centre }
        if autoMotion { aimed.motion = aimed.autoMotion(toward: interest, itemIndex: itemIndex) }
        return aimed
    }

    func autoMotion(toward interest: PictureInterest, itemIndex: Int) -> KenBurnsPath {
        let side = 1 / KenBurnsPath.autoZoom
        guard interest.kind != .flat else {
            let centred = ProjectRect(x: (1 - side) / 2, y: (1 - side) / 2, width: side, height: side)
            return KenBurnsPath(from: centred, to: .full)
        }
        // The interest in Ken Burns coordinates.
        let r = interest.region
        let a = straightened(ProjectPoint(x: r.x, y: r.y)), b = straightened(ProjectPoint(x: r.x + r.width, y: r.y + r.height))
        let extentX = min(1, abs(b.x - a.x)), extentY = min(1, abs(b.y - a.y))
        let centre = straightened(interest.centre)
        // The share of each axis a full-picture rectangle shows once `fit` has placed it.
        var shownX = 1.0, shownY = 1.0
        if fit == .fill {
            let c = cropPixels, z = rotationZoom
            let pictureAspect = (c.width / z) / (c.height / z), frameAspect = Double(outputWidth) / Double(outputHeight)
            if pictureAspect > frameAspect { shownX = frameAspect / pictureAspect } else { shownY = pictureAspect / frameAspect }
        }
        let closest = interest.kind == .faces ? Self.closestOnFaces : Self.closestOnDetail
        let needed = max(extentX * Self.interestMargin / shownX, extentY * Self.interestMargin / shownY)
        let zoomed = min(side, max(closest, needed))
        func rect(_ s: Double, at p: ProjectPoint) -> ProjectRect {
            ProjectRect(x: min(max(p.x - s / 2, 0), 1 - s), y: min(max(p.y - s / 2, 0), 1 - s), width: s, height: s)
        }
        let target = rect(zoomed, at: centre)
        if itemIndex % 2 == 0 { return KenBurnsPath(from: .full, to: target) }
        let panned = min(zoomed, Self.panSide)
        let end = rect(panned, at: centre)
        let start = rect(panned, at: ProjectPoint(x: 1 - centre.x, y: 1 - centre.y))
        if abs(start.x - end.x) + abs(start.y - end.y) < 0.05 { return KenBurnsPath(from: target, to: .full) }
        return KenBurnsPath(from: start, to: end)
    }
}
