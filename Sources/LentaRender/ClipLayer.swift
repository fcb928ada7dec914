import Foundation
import LentaCore
import LentaMedia

/// A video item: each frame shows the clip's picture at `trim.in + time` (the frame with the
/// greatest timestamp not after it), placed by the item's geometry. The `blur` backdrop is made
/// from the first picture shown. A clip larger than the item needs (2160p in a 1080p story) is
/// reduced by the reader first, as photos are, so the rest works on the pixels that show. The
/// item's colour table converts each decoded picture from the clip's own colours (and depth) to
/// the working format and grades it, once: when the output frame rate exceeds the clip's, a
/// picture shown again reuses its converted copy.
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
        // Reduced only when that at least halves the pixels: a slight reduction would cost a
        // pass and a second filtering for little saved.
        let needed = min(1, geometry.largestScale)
        if needed * needed <= 0.5 { reader.scale = needed }
        self.parallel = parallel
        self.colour = colour
    }

    // A layer goes when its segment is over: its decoder and what it held go with it.
    deinit { reader.close() }

    /// The reader decodes forward: frames are drawn in order, on the compositing thread.
    var drawsConcurrently: Bool { false }

    func draw(at time: Rational, progress: Double, into frame: inout PlanarFrame) throws {
        let pixels = try gradedFrame(at: trimStart + time)
        let picture = PlacedPicture(pixels: pixels, scaleX: Double(pixels.width) / Double(reader.width),
                                    scaleY: Double(pixels.height) / Double(reader.height))
        let placement = geometry.placement(at: progress)
        if Self.mapsPixelForPixel(picture, placement, into: frame) {
            frame = pixels
            return
        }
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

    /// Whether the placement puts each picture pixel on the output pixel of the same place (a
    /// 1080p clip, or a 2160p one reduced, filling a 1080p story): the frame is then the
    /// picture itself, with no resampling pass. (Within a millionth of a pixel: the geometry's
    /// arithmetic in Double may leave that much where the exact answer is a whole pixel.)
    static func mapsPixelForPixel(_ picture: PlacedPicture, _ placement: ItemGeometry.Placement, into frame: PlanarFrame) -> Bool {
        let m = placement.map
        let tolerance = 1e-6
        let exact = { (value: Double, wanted: Double) in abs(value - wanted) <= tolerance }
        return picture.pixels.width == frame.width && picture.pixels.height == frame.height
            && picture.originX == 0 && picture.originY == 0 && m.b == 0 && m.c == 0
            && exact(m.a * picture.scaleX, 1) && exact(m.d * picture.scaleY, 1) && exact(m.tx, 0) && exact(m.ty, 0)
            && placement.x0 <= 0 && placement.y0 <= 0 && placement.x1 >= Double(frame.width) && placement.y1 >= Double(frame.height)
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
