import Foundation
import LentaCore
import LentaMedia
import LentaPixels
@testable import LentaRender
import LentaTestSupport
import Testing

/// The compositor's sampling: sub-pixel Ken Burns without the whole-pixel shake, exact results
/// with any thread count, rotation that never shows an empty corner.
@Suite("Render sampling")
struct RenderSamplingTests {
    init() { FFmpegLogging.silence() }

    /// A 640×480 picture of fine texture with three round markers (Gaussian spots on flat discs)
    /// whose centroids can be measured to a hundredth of a pixel.
    static let markers: [(x: Double, y: Double)] = [(200, 200), (330, 260), (420, 180)]

    static func texturedPicture(width: Int = 640, height: Int = 480) -> PlanarFrame {
        var frame = PlanarFrame(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let near = markers.contains { hypot(Double(x) + 0.5 - $0.x, Double(y) + 0.5 - $0.y) < 16 }
                var value: Double
                if near {
                    value = 20
                    for m in markers {
                        let d2 = pow(Double(x) + 0.5 - m.x, 2) + pow(Double(y) + 0.5 - m.y, 2)
                        value += 200 * exp(-d2 / (2 * 3.0 * 3.0))
                    }
                } else {
                    // Fine texture: detail near the sampling limit, in both directions.
                    value = 120 + 50 * sin(Double(x) * 2.1) * cos(Double(y) * 1.7) + 30 * sin(Double(x + 3 * y) * 0.9)
                }
                frame.y[y * width + x] = UInt8(max(16, min(235, value.rounded())))
            }
        }
        return frame
    }

    /// The picture as a photo layer keeps it: with its planes transposed (the fixed-point path)
    /// or without (the floating-point path, as clips and rotated photos are drawn).
    static func placed(_ pixels: PlanarFrame, fixedPoint: Bool) -> PlacedPicture {
        fixedPoint ? PlacedPicture(planes: .columns(TransposedPicture(pixels))) : PlacedPicture(pixels: pixels)
    }

    /// The centroid (in output pixels) of the bright spot near `guess`.
    static func centroid(_ frame: PlanarFrame, near guess: (x: Double, y: Double), radius: Int = 10) -> (x: Double, y: Double) {
        var sx = 0.0, sy = 0.0, total = 0.0
        let cx = Int(guess.x), cy = Int(guess.y)
        for y in max(0, cy - radius)...min(frame.height - 1, cy + radius) {
            for x in max(0, cx - radius)...min(frame.width - 1, cx + radius) where (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius {
                let w = max(0, Double(frame.luma(x, y)) - 30)
                sx += w * (Double(x) + 0.5)
                sy += w * (Double(y) + 0.5)
                total += w
            }
        }
        return (sx / max(total, 1e-9), sy / max(total, 1e-9))
    }

    /// Per-frame displacement of the first marker over `frames` successive placements.
    static func displacements(_ picture: PlacedPicture, geometry: ItemGeometry, frames: Int,
                              adjust: (ItemGeometry.Placement) -> ItemGeometry.Placement = { $0 }) -> [Double] {
        var positions: [Double] = []
        for n in 0..<frames {
            var frame = PlanarFrame(width: geometry.outputWidth, height: geometry.outputHeight)
            let placement = adjust(geometry.placement(at: Double(n) / Double(frames)))
            PictureLayer.draw(picture, placement, into: &frame, parallel: ParallelSlices(threads: 2))
            // Where the marker should be, from the exact map's inverse (scale 1, no rotation here).
            let m = markers[1]
            let guess = ((m.x - placement.map.tx) / placement.map.a, (m.y - placement.map.ty) / placement.map.d)
            positions.append(centroid(frame, near: guess).x)
        }
        return zip(positions.dropFirst(), positions).map { $0 - $1 }
    }

    static let slowPan = ItemGeometry(
        pictureWidth: 640, pictureHeight: 480, crop: nil, rotation: nil, fit: .fill,
        motion: KenBurnsPath(from: ProjectRect(x: 0.1, y: 0.1, width: 0.5, height: 0.5),
                             to: ProjectRect(x: 0.2, y: 0.1, width: 0.5, height: 0.5)),
        outputWidth: 320, outputHeight: 180)

    @Test("a slow Ken Burns pan moves the same sub-pixel amount every frame (within 0.05 px)", arguments: [false, true])
    func kenBurnsPanIsSmooth(fixedPoint: Bool) {
        let picture = Self.placed(Self.texturedPicture(), fixedPoint: fixedPoint)
        let steps = Self.displacements(picture, geometry: Self.slowPan, frames: 90)
        let mean = steps.reduce(0, +) / Double(steps.count)
        let worst = steps.map { abs($0 - mean) }.max() ?? 1
        // 64 px over 90 frames, the picture moving left.
        #expect(abs(mean - -64.0 / 90.0) < 0.01)
        #expect(worst < 0.05, "frame-to-frame displacement varies by \(worst) px")
    }

    @Test("the measurement catches zoompan's shake: a window rounded to whole pixels fails it")
    func wholePixelWindowShakes() {
        let picture = PlacedPicture(pixels: Self.texturedPicture())
        let steps = Self.displacements(picture, geometry: Self.slowPan, frames: 90) { placement in
            var rounded = placement
            rounded.map.tx = placement.map.tx.rounded()
            rounded.map.ty = placement.map.ty.rounded()
            return rounded
        }
        let mean = steps.reduce(0, +) / Double(steps.count)
        let worst = steps.map { abs($0 - mean) }.max() ?? 0
        #expect(worst > 0.25)
    }

    @Test("a slow zoom is smooth too: the marker's distance from the centre changes smoothly", arguments: [false, true])
    func kenBurnsZoomIsSmooth(fixedPoint: Bool) {
        let picture = Self.placed(Self.texturedPicture(), fixedPoint: fixedPoint)
        let geometry = ItemGeometry(pictureWidth: 640, pictureHeight: 480, crop: nil, rotation: nil, fit: .fill,
                                    motion: KenBurnsPath(from: .full, to: ProjectRect(x: 0.05, y: 0.05, width: 0.9, height: 0.9)),
                                    outputWidth: 320, outputHeight: 180)
        var positions: [Double] = []
        for n in 0..<60 {
            var frame = PlanarFrame(width: 320, height: 180)
            let placement = geometry.placement(at: Double(n) / 60)
            PictureLayer.draw(picture, placement, into: &frame, parallel: ParallelSlices(threads: 1))
            let m = Self.markers[2]
            let guess = ((m.x - placement.map.tx) / placement.map.a, (m.y - placement.map.ty) / placement.map.d)
            positions.append(Self.centroid(frame, near: guess, radius: 6).x)
        }
        // Second differences of a smooth motion are tiny; whole-pixel steps would make them ±1.
        let steps = zip(positions.dropFirst(), positions).map { $0 - $1 }
        let jerks = zip(steps.dropFirst(), steps).map { abs($0 - $1) }
        #expect((jerks.max() ?? 1) < 0.05)
    }

    @Test("compositing is bit-identical with 1, 2 or 5 threads", arguments: [(0.0, false), (7.5, false), (0.0, true)])
    func threadCountDoesNotChangePixels(rotation: Double, fixedPoint: Bool) {
        let picture = Self.placed(Self.texturedPicture(), fixedPoint: fixedPoint)
        var geometry = Self.slowPan
        geometry.rotation = rotation
        geometry.fit = .fit
        let placement = geometry.placement(at: 0.37)
        var frames: [PlanarFrame] = []
        for threads in [1, 2, 5] {
            var frame = PlanarFrame(width: 320, height: 180)
            PictureLayer.draw(picture, placement, into: &frame, parallel: ParallelSlices(threads: threads))
            frames.append(frame)
        }
        #expect(frames[0] == frames[1])
        #expect(frames[0] == frames[2])
    }

    @Test("a rotated picture is zoomed just enough: every output pixel maps inside the crop",
          arguments: [-30.0, -2.5, 1.0, 12.0, 45.0, 90.0])
    func rotationShowsNoEmptyCorner(degrees: Double) {
        let crop = ProjectRect(x: 0.1, y: 0.05, width: 0.8, height: 0.9)
        for fit in [FitMode.fill, .fit] {
            let geometry = ItemGeometry(pictureWidth: 4000, pictureHeight: 3000, crop: crop, rotation: degrees, fit: fit,
                                        motion: .still, outputWidth: 1920, outputHeight: 1080)
            let p = geometry.placement(at: 0)
            for (x, y) in [(p.x0, p.y0), (p.x1, p.y0), (p.x0, p.y1), (p.x1, p.y1)] {
                let o = p.map.apply(x, y)
                #expect(o.x >= 400 - 1e-6 && o.x <= 3600 + 1e-6, "x \(o.x) outside the crop at \(degrees)°")
                #expect(o.y >= 150 - 1e-6 && o.y <= 2850 + 1e-6, "y \(o.y) outside the crop at \(degrees)°")
            }
            // "Just enough": a corner of the turned rectangle touches the crop's edge.
            let touches = [(p.x0, p.y0), (p.x1, p.y0), (p.x0, p.y1), (p.x1, p.y1)].contains { (x, y) in
                let o = p.map.apply(x, y)
                return min(abs(o.x - 400), abs(o.x - 3600), abs(o.y - 150), abs(o.y - 2850)) < 1e-6
            }
            #expect(touches || fit == .fill)
        }
    }

    @Test("a positive rotation turns the picture clockwise")
    func rotationDirection() {
        let geometry = ItemGeometry(pictureWidth: 1000, pictureHeight: 1000, crop: nil, rotation: 10, fit: .fill,
                                    motion: .still, outputWidth: 100, outputHeight: 100)
        let p = geometry.placement(at: 0)
        // Turned clockwise, the picture's point right of the centre appears lower on screen: the
        // output point right of the centre shows a picture point above the centre.
        let o = p.map.apply(90, 50)
        #expect(o.y < 500)
    }

    @Test("still photos at the output's size come out exactly (the cubic interpolates)", arguments: [false, true])
    func identityPlacementCopies(fixedPoint: Bool) {
        let source = Self.texturedPicture(width: 320, height: 180)
        let geometry = ItemGeometry(pictureWidth: 320, pictureHeight: 180, crop: nil, rotation: nil, fit: .fill,
                                    motion: .still, outputWidth: 320, outputHeight: 180)
        var frame = PlanarFrame(width: 320, height: 180)
        PictureLayer.draw(Self.placed(source, fixedPoint: fixedPoint), geometry.placement(at: 0), into: &frame,
                          parallel: ParallelSlices(threads: 2))
        #expect(frame == source)
    }

    @Test("the fixed-point path is within one level of the floating-point one, edges and colour planes included",
          arguments: [FitMode.fill, .fit])
    func fixedPointMatchesFloatingPoint(fit: FitMode) {
        var pixels = Self.texturedPicture(width: 643, height: 481)
        // Chroma with detail of its own, so the chroma planes are compared on more than a flat grey.
        for i in pixels.u.indices { pixels.u[i] = UInt8(truncatingIfNeeded: 128 + (i * 37 % 61) - 30) }
        for i in pixels.v.indices { pixels.v[i] = UInt8(truncatingIfNeeded: 100 + (i * 13 % 97)) }
        let geometry = ItemGeometry(pictureWidth: 643, pictureHeight: 481, crop: nil, rotation: nil, fit: fit,
                                    motion: KenBurnsPath(from: .full, to: ProjectRect(x: 0.13, y: 0.07, width: 0.61, height: 0.61)),
                                    outputWidth: 330, outputHeight: 190)
        var largest = 0, compared = 0
        for p in [0.0, 0.41, 1.0] {
            var frames: [PlanarFrame] = []
            for fixedPoint in [false, true] {
                var frame = PlanarFrame(width: 330, height: 190, colour: YUVColour(y: 90, u: 60, v: 200))
                PictureLayer.draw(Self.placed(pixels, fixedPoint: fixedPoint), geometry.placement(at: p), into: &frame,
                                  parallel: ParallelSlices(threads: 3))
                frames.append(frame)
            }
            for (a, b) in [(frames[0].y, frames[1].y), (frames[0].u, frames[1].u), (frames[0].v, frames[1].v)] {
                largest = max(largest, zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0)
                compared += a.count
            }
            #expect(Golden.psnr(frames[0], frames[1]) > 50)
        }
        #expect(compared == 3 * (330 * 190 + 2 * 165 * 95))
        #expect(largest <= 1, "a sample differs by \(largest)")
    }

    /// The 4×4 Catmull-Rom sum in Double at output pixel (x, y) through `map`, edges clamped: what
    /// the affine path computed in floating point before its integer loops.
    static func affineReference(_ plane: [UInt8], width: Int, height: Int, map: AffineMap, x: Int, y: Int) -> Double {
        let p = map.apply(Double(x) + 0.5, Double(y) + 0.5)
        let px = p.x - 0.5, py = p.y - 0.5
        let fx = px.rounded(.down), fy = py.rounded(.down)
        var sum = 0.0
        for j in -1 ... 2 {
            let row = min(max(Int(fy) + j, 0), height - 1)
            for i in -1 ... 2 {
                let column = min(max(Int(fx) + i, 0), width - 1)
                sum += CatmullRom.weight(px - (fx + Double(i))) * CatmullRom.weight(py - (fy + Double(j))) * Double(plane[row * width + column])
            }
        }
        return sum
    }

    @Test("the affine path's integer loops are within one level of the floating-point Catmull-Rom sum, edges included",
          arguments: [-2.5, 1.0, 30.0])
    func affineMatchesFloatingPoint(degrees: Double) {
        let source = Self.texturedPicture(width: 641, height: 479)
        let angle = degrees * .pi / 180
        // Slightly smaller, turned about the centre, and reaching past the source's edges.
        let scale = 1.07
        let map = AffineMap(a: scale * cos(angle), b: -scale * sin(angle), c: scale * sin(angle), d: scale * cos(angle), tx: -23.3, ty: 17.9)
        let (width, height) = (600, 470)
        func drawn(_ kernel: FixedPointKernel, threads: Int) -> [UInt8] {
            var target = [UInt8](repeating: 0, count: width * height)
            source.y.withUnsafeBufferPointer { s in
                target.withUnsafeMutableBufferPointer { t in
                    AffineResampler.resample(SourcePlane(base: s.baseAddress!, width: source.width, height: source.height),
                                             into: TargetPlane(base: t.baseAddress!, width: width, height: height), map: map,
                                             columns: 0 ..< width, rows: 0 ..< height, coverage: nil, parallel: ParallelSlices(threads: threads),
                                             kernel: kernel)
                }
            }
            return target
        }
        let target = drawn(.portable, threads: 3)
        // The AVX2 loops give the same bytes (where the CPU has AVX2: elsewhere both are the plain loop).
        #expect(drawn(.avx2, threads: 1) == target)
        var largest = 0.0, squares = 0.0
        for y in 0 ..< height {
            for x in 0 ..< width {
                let reference = min(max(Self.affineReference(Array(source.y), width: source.width, height: source.height, map: map, x: x, y: y), 0), 255)
                let difference = abs(Double(target[y * width + x]) - reference)
                largest = max(largest, difference)
                squares += difference * difference
            }
        }
        // Rounding alone is up to ½; the 1/1024-pixel positions and 2⁻¹⁴ weights add a little.
        #expect(largest < 1, "a sample is \(largest) levels from the floating-point sum")
        #expect((squares / Double(width * height)).squareRoot() < 0.35)
    }

    @Test("auto Ken Burns alternates zooming in and out, deterministically")
    func autoMotion() {
        let even = KenBurnsPath(.auto, itemIndex: 0, isVideo: false), odd = KenBurnsPath(.auto, itemIndex: 1, isVideo: false)
        #expect(even.from == .full && even.to.width < 1)
        #expect(odd.to == .full && odd.from.width < 1)
        #expect(KenBurnsPath(.auto, itemIndex: 0, isVideo: true).isStill)
        #expect(abs(even.to.x + even.to.width / 2 - 0.5) < 1e-12)
    }
}
