import Foundation
import LentaCore
import LentaMedia

/// A video item: each frame shows the clip's picture at `trim.in + time` (the frame with the
/// greatest timestamp not after it), placed by the item's geometry. The `blur` backdrop is made
/// from the first picture shown. The item's colour table converts each decoded picture from the
/// clip's own colours (and depth) to the working format and grades it, once: when the output
/// frame rate exceeds the clip's, a picture shown again reuses its converted copy.
final class ClipLayer: StoryLayer {
    let frames: ClipFrames
    let trimStart: Rational
    let geometry: ItemGeometry
    let parallel: ParallelSlices
    private var background: PlanarFrame?

    convenience init(item: ResolvedItem, geometry base: (Double, Double) -> ItemGeometry, colour: ItemColour,
                     threads: Int, parallel: ParallelSlices) throws {
        try self.init(item: item, frames: ClipFrames(item: item, colour: colour, threads: threads), geometry: base, parallel: parallel)
    }

    /// - Parameter frames: the clip's decoded pictures, shared with the layers of the story's other
    ///   shapes.
    init(item: ResolvedItem, frames: ClipFrames, geometry base: (Double, Double) -> ItemGeometry, parallel: ParallelSlices) {
        self.frames = frames
        trimStart = Rational(seconds: item.item.trim?.start ?? 0)
        geometry = base(Double(frames.width), Double(frames.height))
        self.parallel = parallel
    }

    /// The reader decodes forward: frames are drawn in order, on the compositing thread.
    var drawsConcurrently: Bool { false }

    func draw(at time: Rational, progress: Double, into frame: inout PlanarFrame) throws {
        let picture = PlacedPicture(pixels: try frames.graded(at: trimStart + time))
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
}
