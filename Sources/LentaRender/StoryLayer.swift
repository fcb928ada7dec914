import LentaCore
import LentaMedia

/// One segment of the story as pictures: draws itself for a moment of the segment.
protocol StoryLayer: AnyObject {
    /// Draws the segment `time` seconds after its start (`progress` = time / length, 0…1) into
    /// `frame`, every pixel of it.
    func draw(at time: Rational, progress: Double, into frame: inout PlanarFrame) throws
}

/// The title card: its picture (`TitleCardPicture`), drawn once, for its whole duration.
final class TitleCardLayer: StoryLayer {
    var picture: PlanarFrame

    init(picture: RGBAImage) {
        self.picture = PlanarFrame(rgba: picture)
    }

    func draw(at time: Rational, progress: Double, into frame: inout PlanarFrame) throws { frame = picture }
}
