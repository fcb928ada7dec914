import Foundation
import LentaCore
import LentaPixels
@testable import LentaRender
import LentaTestSupport
import Testing

/// A rotated photo is turned once when its layer is made (`PhotoLayer.straightened`) and each
/// frame is then an axis-aligned pass, instead of each frame going through the rotation: the
/// frames must be those the rotation drew per frame, within a tolerance (two interpolations
/// instead of one), the same for any thread count.
@Suite("Rotated photos straightened once")
struct StraightenedPhotoTests {
    /// A photo's texture as a reduced photo has it: detail up to about a quarter of the sampling
    /// rate, edges, flat areas.
    static func photo(width: Int = 400, height: Int = 300) -> PlanarFrame {
        var frame = PlanarFrame(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let (fx, fy) = (Double(x), Double(y))
                var value = 110 + 50 * sin(fx * 0.7) * cos(fy * 0.5) + 30 * sin((fx + 2 * fy) * 0.23)
                if x > width / 2, y > height / 3, y < height / 2 { value = 230 }
                frame.y[y * width + x] = UInt8(max(16, min(235, value.rounded())))
            }
        }
        for y in 0..<frame.chromaHeight {
            for x in 0..<frame.chromaWidth {
                frame.u[y * frame.chromaWidth + x] = UInt8(128 + 40 * sin(Double(x) * 0.3))
                frame.v[y * frame.chromaWidth + x] = UInt8(128 + 40 * cos(Double(y) * 0.25))
            }
        }
        return frame
    }

    static func geometry(rotation: Double, fit: FitMode, crop: ProjectRect? = nil) -> ItemGeometry {
        ItemGeometry(pictureWidth: 400, pictureHeight: 300, crop: crop, rotation: rotation, fit: fit,
                     motion: KenBurnsPath(from: .full, to: ProjectRect(x: 0.1, y: 0.15, width: 0.7, height: 0.7)),
                     outputWidth: 320, outputHeight: 180)
    }

    /// The frame as the rotation drew it per frame (before): the backdrop, then the whole
    /// picture through the rotated placement.
    static func turnedPerFrame(_ layer: PhotoLayer, _ picture: PlanarFrame, at progress: Double) -> PlanarFrame {
        var frame = PlanarFrame(width: 320, height: 180)
        let placement = layer.geometry.placement(at: progress)
        layer.prepareBackdrop(&frame, placement: placement)
        PictureLayer.draw(PlacedPicture(pixels: picture), placement, into: &frame, parallel: ParallelSlices(threads: 1))
        return frame
    }

    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let mse = zip(a, b).reduce(0.0) { $0 + (Double($1.0) - Double($1.1)) * (Double($1.0) - Double($1.1)) } / Double(a.count)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    @Test("a rotated photo's frames drawn from its straightened picture match those drawn through the rotation",
          arguments: [(-2.5, FitMode.fill), (1.0, .blur), (12.0, .fill), (-30.0, .fit)])
    func matchesTheRotationPerFrame(rotation: Double, fit: FitMode) throws {
        let picture = Self.photo()
        let crop = rotation == 12 ? ProjectRect(x: 0.1, y: 0.0, width: 0.8, height: 1.0) : nil
        let layer = PhotoLayer(geometry: Self.geometry(rotation: rotation, fit: fit, crop: crop), reduced: picture,
                               pictureWidth: 400, pictureHeight: 300, parallel: ParallelSlices(threads: 1))
        for progress in [0.0, 0.37, 1.0] {
            let before = Self.turnedPerFrame(layer, picture, at: progress)
            let after = try layer.picture(at: Rational(0), progress: progress, width: 320, height: 180, pool: nil)
            let (y, u, v) = (Self.psnr(Array(before.y), Array(after.y)), Self.psnr(Array(before.u), Array(after.u)),
                             Self.psnr(Array(before.v), Array(after.v)))
            // Measured: 41–44 dB luma, ≥ 50 dB chroma on this texture (detail to 0.11 cycles a pixel).
            #expect(y >= 38, "\(rotation)° \(fit) at \(progress): luma \(y) dB")
            #expect(min(u, v) >= 44, "\(rotation)° \(fit) at \(progress): chroma \(u), \(v) dB")
        }
    }

    @Test("the straightened picture and the frames from it are the same bytes with 1, 2 or 5 threads")
    func threadCountDoesNotChangePixels() throws {
        let frames = try [1, 2, 5].map { threads in
            let layer = PhotoLayer(geometry: Self.geometry(rotation: 7.5, fit: .fit), reduced: Self.photo(), pictureWidth: 400,
                                   pictureHeight: 300, parallel: ParallelSlices(threads: threads))
            return try layer.picture(at: Rational(0), progress: 0.61, width: 320, height: 180, pool: nil)
        }
        #expect(frames[0] == frames[1])
        #expect(frames[0] == frames[2])
    }

    @Test("the straightened picture is 2× finer than the reduced photo while that fits its bound, coarser (never below 1×) past it")
    func oversamplingIsBounded() throws {
        let whole = PlacedPicture(pixels: Self.photo())
        let geometry = Self.geometry(rotation: 3, fit: .fill)
        let fine = PhotoLayer.straightened(whole, geometry: geometry, parallel: ParallelSlices(threads: 1))
        #expect(fine.scaleX == PhotoLayer.straightOversampling && fine.scaleY == PhotoLayer.straightOversampling)
        let bounded = PhotoLayer.straightened(whole, geometry: geometry, samples: 200_000, parallel: ParallelSlices(threads: 1))
        guard case .columns(let planes) = bounded.planes else { Issue.record("not held transposed"); return }
        #expect(bounded.scaleX > 1 && bounded.scaleX < 2)
        // The bound is on the used region; the margin for the taps comes on top.
        #expect(planes.y.width * planes.y.height <= 200_000 + 40 * (planes.y.width + planes.y.height))
        let coarse = PhotoLayer.straightened(whole, geometry: geometry, samples: 1_000, parallel: ParallelSlices(threads: 1))
        #expect(coarse.scaleX == 1)
    }
}
