import LentaCore
import LentaMedia

/// One segment of the story as pictures: draws itself for a moment of the segment.
protocol StoryLayer: AnyObject {
    /// Draws the segment `time` seconds after its start (`progress` = time / length, 0…1) into
    /// `frame`, every pixel of it.
    func draw(at time: Rational, progress: Double, into frame: inout PlanarFrame) throws
}

/// The title card: for now its background colour for its whole duration (text comes later).
final class TitleCardLayer: StoryLayer {
    let picture: PlanarFrame

    init(background: ProjectColour, width: Int, height: Int) {
        picture = PlanarFrame(width: width, height: height,
                              colour: YUVColour(red: background.red, green: background.green, blue: background.blue))
    }

    func draw(at time: Rational, progress: Double, into frame: inout PlanarFrame) throws { frame = picture }
}
