import Foundation
import LentaCore
import LentaMedia

/// A video item: each frame shows the clip's picture at `trim.in + time` (the frame with the
/// greatest timestamp not after it), placed by the item's geometry. The `blur` backdrop is made
/// from the first picture shown. The item's colour table converts each decoded picture from the
/// clip's own colours (and depth) to the working format and grades it, once: when the output
/// frame rate exceeds the clip's, a picture shown again reuses its converted copy.
final class ClipLayer: StoryLayer {
    let reader: VideoReader
    let trimStart: Rational
    let geometry: ItemGeometry
    let parallel: ParallelSlices
    let colour: ItemColour
    private var background: PlanarFrame?
    /// The last graded picture and the source timestamp of the picture it was graded from.
    private var graded: (time: Rational, frame: PlanarFrame)?

    init(item: ResolvedItem, geometry base: (Double, Double) -> ItemGeometry, colour: ItemColour,
         threads: Int, parallel: ParallelSlices) throws {
        reader = try VideoReader(source: item.source, threads: threads)
        // The opened stream knows its colours at least as well as the header probe did.
        colour.source = reader.colour
        trimStart = Rational(seconds: item.item.trim?.start ?? 0)
        geometry = base(Double(reader.width), Double(reader.height))
        self.parallel = parallel
        self.colour = colour
    }

    /// The reader decodes forward: frames are drawn in order, on the compositing thread.
    var drawsConcurrently: Bool { false }

    func draw(at time: Rational, progress: Double, into frame: inout PlanarFrame) throws {
        let picture = PlacedPicture(pixels: try gradedFrame(at: trimStart + time))
        let placement = geometry.placement(at: progress)
        let coversFrame = placement.x0 <= 0 && placement.y0 <= 0 && placement.x1 >= Double(frame.width) && placement.y1 >= Double(frame.height)
        if !coversFrame {
            if geometry.fit == .blur {
                if background == nil { background = BlurredBackground.make(from: picture, geometry: geometry, parallel: parallel) }
                if let background { frame = background }
            } else {
                frame = PlanarFrame(width: frame.width, height: frame.height)
            }
        }
        PictureLayer.draw(picture, placement, into: &frame, parallel: parallel)
    }

    /// The clip's picture at `time`, converted and graded by the item's colour table.
    func gradedFrame(at time: Rational) throws -> PlanarFrame {
        let shown = try reader.timedFrame(at: time)
        if let graded, graded.time == shown.time { return graded.frame }
        let frame = colour.convert(shown.frame)
        graded = (shown.time, frame)
        return frame
    }
}
