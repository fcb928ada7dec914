import Foundation
import LentaCore
import LentaMedia

/// A photo item, prepared once: decoded (at a reduced size when the decoder can), reduced once
/// with libswscale to what the item's crop, rotation, Ken Burns motion and fit need at the output
/// size, cut to the part it ever shows, and — for `blur` — its backdrop made. Each frame is then
/// one resampling pass per plane from this small picture. The item's colour table is applied once,
/// to the reduced photo, so the backdrop shares the grade and frames cost nothing more.
final class PhotoLayer: StoryLayer {
    let geometry: ItemGeometry
    let picture: PlacedPicture
    let background: PlanarFrame?
    let parallel: ParallelSlices

    /// Pixels kept around the used region for the filter's taps.
    static let filterMargin = 8.0

    init(item: ResolvedItem, geometry base: (Double, Double) -> ItemGeometry, colour: YUVLookupTable? = nil,
         parallel: ParallelSlices) throws {
        self.parallel = parallel
        let decoder = try PhotoDecoder(path: item.path, metadata: item.metadata)
        let geometry = base(Double(decoder.width), Double(decoder.height))
        self.geometry = geometry
        let scale = min(1, geometry.largestScale)
        var reduced = try decoder.decode(scale: scale)
        colour?.apply(to: &reduced, parallel: parallel)
        let sx = Double(reduced.width) / Double(decoder.width), sy = Double(reduced.height) / Double(decoder.height)
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
        if x1 - x0 >= 2, y1 - y0 >= 2, keptArea < 0.9 * Double(reduced.width * reduced.height) {
            picture = PlacedPicture(pixels: reduced.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0),
                                    scaleX: sx, scaleY: sy, originX: x0, originY: y0)
        } else {
            picture = whole
        }
    }

    func draw(at time: Rational, progress: Double, into frame: inout PlanarFrame) throws {
        let placement = geometry.placement(at: progress)
        prepareBackdrop(&frame, placement: placement)
        PictureLayer.draw(picture, placement, into: &frame, parallel: parallel)
    }

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
