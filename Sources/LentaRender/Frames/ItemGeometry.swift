import Foundation
import LentaCore
import LentaPixels

/// An item's one geometric transform, from an output pixel to the upright picture's pixel:
///
/// 1. `crop` cuts a rectangle of the upright picture (normalised);
/// 2. `rotate` turns the picture under that rectangle about its centre (degrees, clockwise) and
///    zooms in by just enough, `|cos θ| + max(w/h, h/w)·|sin θ|`, that the turned rectangle stays
///    inside the crop: no empty corner ever shows;
/// 3. the Ken Burns rectangle picks the part of that straightened picture shown at time t;
/// 4. `fit` places it: `fill` crops it to the frame's shape about its centre — or, when the item
///    has a `focus` (its centre of interest), as near centred on that as the rectangle allows —
///    `fit` and `blur` show all of it, centred, with bars (black, or the blurred picture).
///
/// All in Double, never rounded to whole pixels.
public struct ItemGeometry: Sendable, Equatable {
    /// The upright picture's size in its own pixels.
    public var pictureWidth: Double
    public var pictureHeight: Double
    public var crop: ProjectRect
    public var rotation: Double
    public var fit: FitMode
    public var motion: KenBurnsPath
    public var outputWidth: Int
    public var outputHeight: Int
    /// Where `fill` centres its crop, normalised to the upright picture (nil: the rectangle's centre).
    public var focus: ProjectPoint?

    public init(pictureWidth: Double, pictureHeight: Double, crop: ProjectRect?, rotation: Double?, fit: FitMode,
                motion: KenBurnsPath, outputWidth: Int, outputHeight: Int, focus: ProjectPoint? = nil) {
        self.pictureWidth = pictureWidth
        self.pictureHeight = pictureHeight
        self.crop = crop ?? .full
        self.rotation = rotation ?? 0
        self.fit = fit
        self.motion = motion
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
        self.focus = focus
    }

    /// Where the picture lands at one moment.
    public struct Placement: Sendable, Equatable {
        /// Output pixel → upright picture pixel (continuous coordinates).
        var map: AffineMap
        /// The part of the frame the picture covers, in output pixels: `[x0, x1) × [y0, y1)`;
        /// the whole frame for `fill`.
        public var x0, y0, x1, y1: Double
        /// Output pixels per picture pixel.
        public var scale: Double
    }

    /// The crop in picture pixels.
    var cropPixels: (x: Double, y: Double, width: Double, height: Double) {
        (crop.x * pictureWidth, crop.y * pictureHeight, crop.width * pictureWidth, crop.height * pictureHeight)
    }

    /// The zoom that hides the corners a rotation would show.
    var rotationZoom: Double {
        let theta = rotation * .pi / 180
        let c = cropPixels
        let aspect = max(c.width / c.height, c.height / c.width)
        return abs(cos(theta)) + aspect * abs(sin(theta))
    }

    /// The placement at linear progress `p` ∈ [0, 1] through the item.
    public func placement(at p: Double) -> Placement { placement(at: p, turned: true) }

    /// The placement at `p` in the straightened picture's coordinates: the crop's centre plus
    /// the offset `d` that `placement` then turns by the rotation (`centre + R(−θ)·d`). Its map
    /// is always axis-aligned; without rotation it is `placement`'s.
    func straightPlacement(at p: Double) -> Placement { placement(at: p, turned: false) }

    /// The straightened picture's point `w` in the upright picture: `centre + R(−θ)·(w − centre)`
    /// (`placement`'s map is `straightPlacement`'s followed by this).
    var turn: AffineMap {
        let theta = rotation * .pi / 180
        let cosT = cos(theta), sinT = sin(theta)
        let c = cropPixels
        let centreX = c.x + c.width / 2, centreY = c.y + c.height / 2
        return AffineMap(a: cosT, b: sinT, c: -sinT, d: cosT, tx: centreX - cosT * centreX - sinT * centreY,
                         ty: centreY + sinT * centreX - cosT * centreY)
    }

    private func placement(at p: Double, turned: Bool) -> Placement {
        let c = cropPixels
        let z = rotationZoom
        let straightWidth = c.width / z, straightHeight = c.height / z
        let r = motion.rect(at: p)
        var rx = r.x * straightWidth, ry = r.y * straightHeight
        var rw = r.width * straightWidth, rh = r.height * straightHeight
        let ow = Double(outputWidth), oh = Double(outputHeight)
        var x0 = 0.0, y0 = 0.0, x1 = ow, y1 = oh
        let scale: Double
        switch fit {
        case .fill:
            let frameAspect = ow / oh
            let f = focus.map { straightened($0) }
            if rw / rh > frameAspect {
                let w = rh * frameAspect
                rx += f.map { min(max($0.x * straightWidth - w / 2 - rx, 0), rw - w) } ?? (rw - w) / 2
                rw = w
            } else {
                let h = rw / frameAspect
                ry += f.map { min(max($0.y * straightHeight - h / 2 - ry, 0), rh - h) } ?? (rh - h) / 2
                rh = h
            }
            scale = ow / rw
        case .fit, .blur:
            scale = min(ow / rw, oh / rh)
            let w = rw * scale, h = rh * scale
            x0 = (ow - w) / 2
            y0 = (oh - h) / 2
            x1 = x0 + w
            y1 = y0 + h
        }
        // Output (X, Y) → straightened picture (u, v) = (rx + (X - x0)/scale, ry + (Y - y0)/scale);
        // then (u, v) → upright picture: centre of the crop + R(-θ)·((u, v) - centre of the straightened picture).
        let theta = rotation * .pi / 180
        let cosT = cos(theta), sinT = sin(theta)
        let centreX = c.x + c.width / 2, centreY = c.y + c.height / 2
        // d = (u - sw/2, v - sh/2) = (X/scale + ex, Y/scale + ey)
        let ex = rx - x0 / scale - straightWidth / 2
        let ey = ry - y0 / scale - straightHeight / 2
        let k = 1 / scale
        let map: AffineMap
        if rotation == 0 || !turned {
            map = AffineMap(a: k, b: 0, c: 0, d: k, tx: centreX + ex, ty: centreY + ey)
        } else {
            // o = centre + [[cos, sin], [-sin, cos]] · d
            map = AffineMap(a: cosT * k, b: sinT * k, c: -sinT * k, d: cosT * k,
                            tx: centreX + cosT * ex + sinT * ey, ty: centreY - sinT * ex + cosT * ey)
        }
        return Placement(map: map, x0: x0, y0: y0, x1: x1, y1: y1, scale: scale)
    }

    /// A point of the upright picture (normalised) in the straightened picture's normalised
    /// coordinates, those of Ken Burns rectangles: the inverse of `placement`'s last step.
    public func straightened(_ point: ProjectPoint) -> ProjectPoint {
        let c = cropPixels
        let z = rotationZoom
        let straightWidth = c.width / z, straightHeight = c.height / z
        let theta = rotation * .pi / 180
        let ox = point.x * pictureWidth - (c.x + c.width / 2), oy = point.y * pictureHeight - (c.y + c.height / 2)
        let dx = cos(theta) * ox - sin(theta) * oy, dy = sin(theta) * ox + cos(theta) * oy
        return ProjectPoint(x: (dx + straightWidth / 2) / straightWidth, y: (dy + straightHeight / 2) / straightHeight)
    }

    /// The most output pixels per picture pixel over the item (at its start or its end, as the
    /// rectangle's size changes monotonically): how much of the picture's resolution is needed.
    public var largestScale: Double {
        max(placement(at: 0).scale, placement(at: 1).scale)
    }

    /// The part of the upright picture the item ever shows, in picture pixels (the bounding box
    /// of the placements at its start and end, which contain every placement between).
    public var usedRegion: (x0: Double, y0: Double, x1: Double, y1: Double) { usedRegion(turned: true) }

    /// The part of the straightened picture the item ever shows (`straightPlacement`'s coordinates).
    var straightUsedRegion: (x0: Double, y0: Double, x1: Double, y1: Double) { usedRegion(turned: false) }

    private func usedRegion(turned: Bool) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
        var xs: [Double] = [], ys: [Double] = []
        for p in [0.0, 1.0] {
            let placement = placement(at: p, turned: turned)
            for (x, y) in [(placement.x0, placement.y0), (placement.x1, placement.y0), (placement.x0, placement.y1), (placement.x1, placement.y1)] {
                let o = placement.map.apply(x, y)
                xs.append(o.x)
                ys.append(o.y)
            }
        }
        return (xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? pictureWidth, ys.max() ?? pictureHeight)
    }
}

extension PictureLayer {
    /// `picture` drawn where `placement` puts it.
    static func draw(_ picture: PlacedPicture, _ placement: ItemGeometry.Placement, into frame: inout PlanarFrame, parallel: ParallelSlices) {
        draw(picture, map: placement.map, covering: placement.x0, placement.y0, placement.x1, placement.y1, into: &frame, parallel: parallel)
    }
}
