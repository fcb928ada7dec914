import Foundation
import LentaCore
import LentaMedia
import LentaPixels
import Synchronization

/// A video item: each frame shows the clip's picture at `trim.in + time` (the frame with the
/// greatest timestamp not after it), placed by the item's geometry. The `blur` backdrop is made
/// from the first picture shown. A clip larger than the item needs (2160p in a 1080p story) is
/// reduced by the reader first, as photos are, so the rest works on the pixels that show. The
/// item's colour table converts each decoded picture from the clip's own colours (and depth) to
/// the working format and grades it, once: when the output frame rate exceeds the clip's, a
/// picture shown again reuses its converted copy.
final class ClipLayer: StoryLayer {
    let frames: ClipFrames
    let trimStart: Rational
    /// Source seconds per story second (`speed`).
    let speed: Rational
    let geometry: ItemGeometry
    let parallel: ParallelSlices
    /// Made from the first picture drawn (on the compositing thread: a clip is drawn in order).
    private let background = Mutex<PlanarFrame?>(nil)

    convenience init(item: ResolvedItem, geometry base: (Double, Double) -> ItemGeometry, colour: ItemColour,
                     threads: Int, parallel: ParallelSlices) throws {
        try self.init(item: item, frames: ClipFrames(item: item, colour: colour, threads: threads), reduces: true, geometry: base,
                      parallel: parallel)
    }

    /// - Parameters:
    ///   - frames: the clip's decoded pictures, shared with the layers of the story's other shapes.
    ///   - reduces: whether the reader may reduce the pictures to what this layer needs; not when
    ///     the pictures are shared with other shapes, which may need more of them.
    init(item: ResolvedItem, frames: ClipFrames, reduces: Bool, geometry base: (Double, Double) -> ItemGeometry, parallel: ParallelSlices) {
        self.frames = frames
        trimStart = Rational(seconds: item.item.trim?.start ?? 0)
        speed = Rational(seconds: item.speed)
        geometry = base(Double(frames.width), Double(frames.height))
        // Reduced only when that at least halves the pixels: a slight reduction would cost a
        // pass and a second filtering for little saved.
        let needed = min(1, geometry.largestScale)
        if reduces, needed * needed <= 0.5 { frames.reduce(to: needed) }
        self.parallel = parallel
    }

    /// The reader decodes forward: frames are drawn in order, on the compositing thread.
    var drawsConcurrently: Bool { false }

    func draw(at time: Rational, progress: Double, into frame: inout PlanarFrame) throws {
        draw(try shown(at: time, progress: progress), into: &frame)
    }

    /// The graded picture at `time` and where it goes at `progress`.
    private func shown(at time: Rational, progress: Double) throws -> (pixels: PlanarFrame, picture: PlacedPicture, placement: ItemGeometry.Placement) {
        let pixels = try frames.graded(at: trimStart + time * speed)
        let picture = PlacedPicture(pixels: pixels, scaleX: Double(pixels.width) / Double(frames.width),
                                    scaleY: Double(pixels.height) / Double(frames.height))
        return (pixels, picture, geometry.placement(at: progress))
    }

    private func draw(_ shown: (pixels: PlanarFrame, picture: PlacedPicture, placement: ItemGeometry.Placement),
                      into frame: inout PlanarFrame) {
        let (pixels, picture, placement) = shown
        if Self.mapsPixelForPixel(pixels, picture, placement, width: frame.width, height: frame.height) {
            frame = pixels
            return
        }
        let coversFrame = placement.x0 <= 0 && placement.y0 <= 0 && placement.x1 >= Double(frame.width) && placement.y1 >= Double(frame.height)
        if !coversFrame {
            if geometry.fit == .blur {
                let made = background.withLock { background in
                    if background == nil { background = BlurredBackground.make(from: picture, geometry: geometry, parallel: parallel) }
                    return background
                }
                if let made { frame = made }
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
    static func mapsPixelForPixel(_ pixels: PlanarFrame, _ picture: PlacedPicture, _ placement: ItemGeometry.Placement,
                                  width: Int, height: Int) -> Bool {
        let m = placement.map
        let tolerance = 1e-6
        let exact = { (value: Double, wanted: Double) in abs(value - wanted) <= tolerance }
        return pixels.width == width && pixels.height == height
            && picture.originX == 0 && picture.originY == 0 && m.b == 0 && m.c == 0
            && exact(m.a * picture.scaleX, 1) && exact(m.d * picture.scaleY, 1) && exact(m.tx, 0) && exact(m.ty, 0)
            && placement.x0 <= 0 && placement.y0 <= 0 && placement.x1 >= Double(width) && placement.y1 >= Double(height)
    }

    /// The frame itself when the clip's picture maps pixel for pixel (no black frame filled
    /// first only to be replaced); otherwise drawn into one.
    func picture(at time: Rational, progress: Double, width: Int, height: Int, pool: PlanarFramePool?) throws -> PlanarFrame {
        let shown = try shown(at: time, progress: progress)
        if Self.mapsPixelForPixel(shown.pixels, shown.picture, shown.placement, width: width, height: height) { return shown.pixels }
        var frame = pool?.take(width: width, height: height) ?? PlanarFrame(width: width, height: height)
        draw(shown, into: &frame)
        return frame
    }
}
