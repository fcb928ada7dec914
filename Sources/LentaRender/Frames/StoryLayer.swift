import LentaCore
import LentaMedia
import LentaPixels

/// One segment of the story as pictures: draws itself for a moment of the segment.
protocol StoryLayer: AnyObject, Sendable {
    /// Draws the segment `time` seconds after its start (`progress` = time / length, 0…1) into
    /// `frame`, every pixel of it.
    func draw(at time: Rational, progress: Double, into frame: inout PlanarFrame) throws
    /// Whether `draw` may run on several threads at once, for frames in any order (it only reads
    /// what the layer prepared). A clip's decoder moves forward, so a clip's layer is drawn in order.
    var drawsConcurrently: Bool { get }
    /// The segment's picture `time` seconds after its start, `width`×`height`: `draw` into a
    /// frame from `pool` (an earlier frame's buffers serve, as a layer draws every pixel) or a
    /// new black one, unless the layer already holds the whole picture (a clip's picture that is
    /// the frame itself, the title card), which it hands over without filling a frame first.
    func picture(at time: Rational, progress: Double, width: Int, height: Int, pool: PlanarFramePool?) throws -> PlanarFrame
}

extension StoryLayer {
    func picture(at time: Rational, progress: Double, width: Int, height: Int, pool: PlanarFramePool?) throws -> PlanarFrame {
        var frame = pool?.take(width: width, height: height) ?? PlanarFrame(width: width, height: height)
        try draw(at: time, progress: progress, into: &frame)
        return frame
    }

    /// `picture` drawn, where it is drawn, into a new frame.
    func picture(at time: Rational, progress: Double, width: Int, height: Int) throws -> PlanarFrame {
        try picture(at: time, progress: progress, width: width, height: height, pool: nil)
    }
}

/// The title card: its picture (`TitleCardPicture`), drawn once, for its whole duration.
final class TitleCardLayer: StoryLayer {
    let picture: PlanarFrame

    /// - Parameter table: the output's colours when they are not BT.709 SDR (the card is drawn in BT.709).
    init(picture: RGBAImage, table: YUVLookupTable?, parallel: ParallelSlices) {
        var frame = PlanarFrame(rgba: picture)
        table?.apply(to: &frame, parallel: parallel)
        self.picture = frame
    }

    func draw(at time: Rational, progress: Double, into frame: inout PlanarFrame) throws { frame = picture }

    func picture(at time: Rational, progress: Double, width: Int, height: Int, pool: PlanarFramePool?) throws -> PlanarFrame { picture }

    var drawsConcurrently: Bool { true }
}
