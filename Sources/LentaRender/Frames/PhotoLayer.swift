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
/// backdrop shares it and frames cost nothing more.
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
        // Without rotation every frame takes the fixed-point path, which reads the planes
        // transposed: those are kept instead of the rows.
        let planes: PlacedPicture.Planes = geometry.rotation == 0 ? .columns(TransposedPicture(kept.pixels)) : .rows(kept.pixels)
        picture = PlacedPicture(planes: planes, scaleX: sx, scaleY: sy, originX: kept.originX, originY: kept.originY)
    }

    func draw(at time: Rational, progress: Double, into frame: inout PlanarFrame) throws {
        let placement = geometry.placement(at: progress)
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
