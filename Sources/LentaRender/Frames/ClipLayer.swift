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
    /// Which of the shared pictures' sizes this layer reads (`ClipFrames.scales`).
    let pictureSize: Int
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
    ///     the pictures are shared with other shapes: they were made at each shape's size
    ///     (`sharedScales`), and this layer reads the one of its own.
    init(item: ResolvedItem, frames: ClipFrames, reduces: Bool, geometry base: (Double, Double) -> ItemGeometry, parallel: ParallelSlices) {
        self.frames = frames
        trimStart = Rational(seconds: item.item.trim?.start ?? 0)
        speed = Rational(seconds: item.speed)
        geometry = base(Double(frames.width), Double(frames.height))
        let scale = Self.reduction(for: geometry)
        if reduces {
            if scale < 1 { frames.reduce(to: scale) }
            pictureSize = 0
        } else {
            pictureSize = frames.scales.firstIndex(of: scale) ?? frames.scales.firstIndex(of: 1) ?? 0
        }
        self.parallel = parallel
    }

    /// The share of its size a clip placed by `geometry` is read at: reduced only when that at
    /// least halves the pixels (a slight reduction would cost a pass and a second filtering for
    /// little saved), else whole.
    static func reduction(for geometry: ItemGeometry) -> Double {
        let needed = min(1, geometry.largestScale)
        return needed * needed <= 0.5 ? needed : 1
    }

    /// The sizes a clip of `width`×`height` shared by shapes placed by `geometries` is read at:
    /// each shape's own `reduction`, each size once, in shape order.
    static func sharedScales(width: Int, height: Int, geometries: [(Double, Double) -> ItemGeometry]) -> [Double] {
        var scales: [Double] = []
        for geometry in geometries {
            let scale = reduction(for: geometry(Double(width), Double(height)))
            if !scales.contains(scale) { scales.append(scale) }
        }
        return scales
    }

    /// The reader decodes forward: frames are drawn in order, on the compositing thread.
    var drawsConcurrently: Bool { false }

    func draw(at time: Rational, progress: Double, into frame: inout PlanarFrame) throws {
        draw(try shown(at: time, progress: progress), into: &frame)
    }

    /// The graded picture at `time` and where it goes at `progress`.
    private func shown(at time: Rational, progress: Double) throws -> (pixels: PlanarFrame, picture: PlacedPicture, placement: ItemGeometry.Placement) {
        let pixels = try frames.graded(at: trimStart + time * speed, scale: pictureSize)
        let picture = PlacedPicture(pixels: pixels, scaleX: Double(pixels.width) / Double(frames.width),
                                    scaleY: Double(pixels.height) / Double(frames.height))
        return (pixels, picture, geometry.placement(at: progress))
    }

    private func draw(_ shown: (pixels: PlanarFrame, picture: PlacedPicture, placement: ItemGeometry.Placement),
                      into frame: inout PlanarFrame) {
        let (pixels, picture, placement) = shown
        if let copied = Self.copied(pixels, picture, placement, width: frame.width, height: frame.height) {
            frame = copied
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

    /// Where the placement puts each output pixel on a picture pixel, at a whole and even offset
    /// (a 1080p clip filling a 1080×1080 or 1080×1350 story, or a 2160p one reduced to it): the
    /// frame is then that part of the picture, copied — what the resampler would make of it (its
    /// taps at a whole-pixel phase are the sample itself), for a fraction of its cost. (Within a
    /// millionth of a pixel: the geometry's arithmetic in Double may leave that much where the
    /// exact answer is a whole pixel.)
    static func pixelCrop(_ pixels: PlanarFrame, _ picture: PlacedPicture, _ placement: ItemGeometry.Placement,
                          width: Int, height: Int) -> (x: Int, y: Int)? {
        let m = placement.map
        let tolerance = 1e-6
        let x = m.tx * picture.scaleX - Double(picture.originX), y = m.ty * picture.scaleY - Double(picture.originY)
        let ix = Int(x.rounded()), iy = Int(y.rounded())
        guard m.b == 0, m.c == 0, abs(m.a * picture.scaleX - 1) <= tolerance, abs(m.d * picture.scaleY - 1) <= tolerance,
              abs(x - Double(ix)) <= tolerance, abs(y - Double(iy)) <= tolerance, ix % 2 == 0, iy % 2 == 0,
              ix >= 0, iy >= 0, ix + width <= pixels.width, iy + height <= pixels.height,
              placement.x0 <= 0, placement.y0 <= 0, placement.x1 >= Double(width), placement.y1 >= Double(height) else { return nil }
        return (ix, iy)
    }

    /// The frame as the part of the picture it shows, when `pixelCrop` finds one: the picture
    /// itself when that is all of it, else a copy of the part.
    static func copied(_ pixels: PlanarFrame, _ picture: PlacedPicture, _ placement: ItemGeometry.Placement,
                       width: Int, height: Int) -> PlanarFrame? {
        guard let crop = pixelCrop(pixels, picture, placement, width: width, height: height) else { return nil }
        if crop == (0, 0), pixels.width == width, pixels.height == height { return pixels }
        return pixels.cropped(x: crop.x, y: crop.y, width: width, height: height)
    }

    /// The frame itself when the clip's picture maps pixel for pixel (no black frame filled
    /// first only to be replaced), or the part of it it shows; otherwise drawn into one.
    func picture(at time: Rational, progress: Double, width: Int, height: Int, pool: PlanarFramePool?) throws -> PlanarFrame {
        let shown = try shown(at: time, progress: progress)
        if let copied = Self.copied(shown.pixels, shown.picture, shown.placement, width: width, height: height) { return copied }
        var frame = pool?.take(width: width, height: height) ?? PlanarFrame(width: width, height: height)
        draw(shown, into: &frame)
        return frame
    }
}
