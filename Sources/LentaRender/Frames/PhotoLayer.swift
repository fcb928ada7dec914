import Foundation
import LentaCore
import LentaMedia
import LentaPixels
import Synchronization

/// A photo item, prepared once: decoded (at a reduced size when the decoder can), reduced once
/// with libswscale to what the item's crop, rotation, Ken Burns motion and fit need at the output
/// size, cut to the part it ever shows, and — for `blur` — its backdrop made. Each frame is then
/// one resampling pass per plane from this small picture. The item's colour table (the photo's
/// profile to the output's colours, and its grade) is applied once, to the reduced photo, so the
/// backdrop shares it and frames cost nothing more. A rotated photo is also turned once, here
/// (`straightened`): each frame is then an axis-aligned pass of the fixed-point resampler, as
/// for a photo without rotation, instead of a 4×4 gather per pixel through the rotation (which
/// took 22 % of a one-pass render of samples/projects/lisbon.json).
final class PhotoLayer: StoryLayer {
    let geometry: ItemGeometry
    let picture: PlacedPicture
    let background: PlanarFrame?
    let parallel: ParallelSlices
    /// A still photo's frame and the placement it was drawn at: drawn once, then handed out again
    /// (copy-on-write) instead of being resampled each frame. Moving photos keep nothing, so the
    /// frames they hand on are not shared and a caption drawn on one costs no copy.
    private let lastDrawn = Mutex<(placement: ItemGeometry.Placement, frame: PlanarFrame)?>(nil)

    /// Pixels kept around the used region for the filter's taps.
    static let filterMargin = 8.0

    /// The photo's layer for each shape of the story (one geometry per shape: its output size
    /// places the photo), from one decode: the header read, the centre of interest found and
    /// the pixels decoded once, then reduced to what each shape needs (`PhotoDecoder.decodePictures`).
    /// - Parameter findsInterest: whether the geometries want the photo's centre of interest (found
    ///   once here, on a reduced decode of its own, and handed to each geometry).
    static func make(item: ResolvedItem, geometries: [(Double, Double, PictureInterest?) -> ItemGeometry], findsInterest: Bool = false,
                     colour: ItemColour, parallel: ParallelSlices) throws -> [PhotoLayer] {
        let decoder = try PhotoDecoder(path: item.path, metadata: item.metadata)
        // Without OpenCV's cascade installed, the detail measure alone.
        let interest = findsInterest ? try InterestFinder.find(in: decoder, faces: try? FaceDetector.standard()) : nil
        let placed = geometries.map { $0(Double(decoder.width), Double(decoder.height), interest) }
        let pictures = try decoder.decodePictures(scales: placed.map { min(1, $0.largestScale) }) { planes, size in
            PhotoReduction.reduce(planes, to: size, parallel: parallel)
        }
        return zip(placed, pictures).map { geometry, picture in
            PhotoLayer(geometry: geometry, reduced: colour.convert(picture), pictureWidth: decoder.width, pictureHeight: decoder.height,
                       parallel: parallel)
        }
    }

    /// - Parameters:
    ///   - reduced: the photo, upright, reduced to what `geometry` needs and in the output's colours.
    ///   - pictureWidth: the photo's own size, upright, which `geometry` is in.
    init(geometry: ItemGeometry, reduced: PlanarFrame, pictureWidth: Int, pictureHeight: Int, parallel: ParallelSlices) {
        self.parallel = parallel
        self.geometry = geometry
        let sx = Double(reduced.width) / Double(pictureWidth), sy = Double(reduced.height) / Double(pictureHeight)
        let whole = PlacedPicture(pixels: reduced, scaleX: sx, scaleY: sy)
        background = geometry.fit == .blur ? BlurredBackground.make(from: whole, geometry: geometry, parallel: parallel) : nil
        if geometry.rotation != 0 {
            picture = Self.straightened(whole, geometry: geometry, parallel: parallel)
            return
        }

        // Keep only the part the motion uses (and a margin for the filter).
        let used = geometry.usedRegion
        let margin = Self.filterMargin
        var x0 = max(0, Int((used.x0 * sx - margin).rounded(.down))) & ~1
        var y0 = max(0, Int((used.y0 * sy - margin).rounded(.down))) & ~1
        let x1 = min(reduced.width, Int((used.x1 * sx + margin).rounded(.up)))
        let y1 = min(reduced.height, Int((used.y1 * sy + margin).rounded(.up)))
        if x1 - x0 < 2 || y1 - y0 < 2 { x0 = 0; y0 = 0 }
        let keptArea = Double(max(0, x1 - x0) * max(0, y1 - y0))
        var kept = (pixels: reduced, originX: 0, originY: 0)
        if x1 - x0 >= 2, y1 - y0 >= 2, keptArea < 0.9 * Double(reduced.width * reduced.height) {
            kept = (reduced.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0), x0, y0)
        }
        // Every frame takes the fixed-point path, which reads the planes transposed: those are
        // kept instead of the rows.
        picture = PlacedPicture(planes: .columns(TransposedPicture(kept.pixels)), scaleX: sx, scaleY: sy, originX: kept.originX,
                                originY: kept.originY)
    }

    /// How much finer than the reduced photo the straightened picture is sampled, so that its
    /// one turning pass (a Catmull-Rom interpolation) softens little of what the frames show;
    /// less when the picture would pass `straightenedSamples`.
    static let straightOversampling = 2.0
    /// Luma samples a straightened picture may take (24 M: 36 MB with chroma; a 2160p story's
    /// photo gets about 1.3× oversampling, a 1080p story's 2×).
    static let straightenedSamples = 24 << 20

    /// The part of the straightened picture the item shows (`ItemGeometry.straightPlacement`'s
    /// coordinates), turned from `whole` once with the affine resampler, with a margin for the
    /// filter's taps, held transposed for the fixed-point path.
    static func straightened(_ whole: PlacedPicture, geometry: ItemGeometry, samples: Int = straightenedSamples,
                             parallel: ParallelSlices) -> PlacedPicture {
        let used = geometry.straightUsedRegion
        let area = max(1, (used.x1 - used.x0) * whole.scaleX) * max(1, (used.y1 - used.y0) * whole.scaleY)
        let oversampling = max(1, min(straightOversampling, (Double(samples) / area).squareRoot()))
        let sx = whole.scaleX * oversampling, sy = whole.scaleY * oversampling
        let margin = filterMargin
        // Even origins, so chroma stays on the luma grid.
        let x0 = Int((used.x0 * sx - margin).rounded(.down)) & ~1, y0 = Int((used.y0 * sy - margin).rounded(.down)) & ~1
        let width = max(2, (Int((used.x1 * sx + margin).rounded(.up)) - x0 + 1) & ~1)
        let height = max(2, (Int((used.y1 * sy + margin).rounded(.up)) - y0 + 1) & ~1)
        // Straightened pixel q → straightened point w = (origin + q) / scale → upright picture point.
        let turn = geometry.turn
        let toPicture = AffineMap(a: turn.a / sx, b: turn.b / sy, c: turn.c / sx, d: turn.d / sy,
                                  tx: turn.a * Double(x0) / sx + turn.b * Double(y0) / sy + turn.tx,
                                  ty: turn.c * Double(x0) / sx + turn.d * Double(y0) / sy + turn.ty)
        var straight = PlanarFrame(width: width, height: height)
        PictureLayer.draw(whole, map: toPicture, covering: 0, 0, Double(width), Double(height), into: &straight, parallel: parallel)
        return PlacedPicture(planes: .columns(TransposedPicture(straight)), scaleX: sx, scaleY: sy, originX: x0, originY: y0)
    }

    func draw(at time: Rational, progress: Double, into frame: inout PlanarFrame) throws {
        // Axis-aligned whatever the rotation: a rotated photo's picture is the straightened one.
        let placement = geometry.straightPlacement(at: progress)
        if let drawn = lastDrawn.withLock({ $0 }), drawn.placement == placement {
            frame = drawn.frame
            return
        }
        prepareBackdrop(&frame, placement: placement)
        PictureLayer.draw(picture, placement, into: &frame, parallel: parallel)
        if geometry.motion.isStill {
            let made = frame
            lastDrawn.withLock { $0 = (placement, made) }
        }
    }

    /// Drawing reads the prepared picture; the still frame's cache is behind a lock.
    var drawsConcurrently: Bool { true }

    func prepareBackdrop(_ frame: inout PlanarFrame, placement: ItemGeometry.Placement) {
        let coversFrame = placement.x0 <= 0 && placement.y0 <= 0 && placement.x1 >= Double(frame.width) && placement.y1 >= Double(frame.height)
        if coversFrame { return }
        if let background {
            frame = background
        } else {
            frame = PlanarFrame(width: frame.width, height: frame.height)
        }
    }
}
