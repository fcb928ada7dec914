import LentaCore
import LentaMedia
import LentaPixels

/// The `blur` fit's backdrop: the picture filling the frame, blurred and darkened, made once per
/// photo (once per clip, from its first picture shown): drawn small (1/8 of the frame), blurred
/// there with three box passes (close to a Gaussian), darkened, then enlarged with the same
/// Catmull-Rom resampler.
enum BlurredBackground {
    static let reduction = 8
    static let radius = 3
    /// Luma kept above black, and chroma kept (a little less saturated than the picture).
    static let brightness = 0.55
    static let saturation = 0.8

    static func make(from picture: PlacedPicture, geometry: ItemGeometry, parallel: ParallelSlices) -> PlanarFrame {
        let smallWidth = max(2, (geometry.outputWidth / reduction) & ~1)
        let smallHeight = max(2, (geometry.outputHeight / reduction) & ~1)
        var small = PlanarFrame(width: smallWidth, height: smallHeight)
        var fill = geometry
        fill.fit = .fill
        fill.motion = .still
        fill.outputWidth = smallWidth
        fill.outputHeight = smallHeight
        PictureLayer.draw(picture, fill.placement(at: 0), into: &small, parallel: parallel)
        blur(&small.y, width: smallWidth, height: smallHeight)
        blur(&small.u, width: small.chromaWidth, height: small.chromaHeight)
        blur(&small.v, width: small.chromaWidth, height: small.chromaHeight)
        func scaled(_ value: UInt8, about centre: Double, by factor: Double) -> UInt8 {
            UInt8(clamping: Int((centre + (Double(value) - centre) * factor).rounded()))
        }
        for i in small.y.indices { small.y[i] = scaled(small.y[i], about: 16, by: brightness) }
        for i in small.u.indices {
            small.u[i] = scaled(small.u[i], about: 128, by: saturation)
            small.v[i] = scaled(small.v[i], about: 128, by: saturation)
        }
        var large = PlanarFrame(width: geometry.outputWidth, height: geometry.outputHeight)
        let sx = Double(smallWidth) / Double(geometry.outputWidth), sy = Double(smallHeight) / Double(geometry.outputHeight)
        let placement = ItemGeometry.Placement(map: AffineMap(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0), x0: 0, y0: 0,
                                               x1: Double(geometry.outputWidth), y1: Double(geometry.outputHeight), scale: 1 / sx)
        PictureLayer.draw(PlacedPicture(pixels: small), placement, into: &large, parallel: parallel)
        return large
    }

    /// Three passes of a box blur along rows then columns (edges repeated).
    static func blur(_ plane: inout PlaneSamples, width: Int, height: Int) {
        var values = plane.map { Int32($0) }
        var scratch = values
        let r = radius, n = Int32(2 * radius + 1)
        for _ in 0..<3 {
            for y in 0..<height {
                for x in 0..<width {
                    var sum: Int32 = 0
                    for k in -r...r { sum += values[y * width + min(max(x + k, 0), width - 1)] }
                    scratch[y * width + x] = (sum + n / 2) / n
                }
            }
            for y in 0..<height {
                for x in 0..<width {
                    var sum: Int32 = 0
                    for k in -r...r { sum += scratch[min(max(y + k, 0), height - 1) * width + x] }
                    values[y * width + x] = (sum + n / 2) / n
                }
            }
        }
        plane = PlaneSamples(values.map { UInt8(clamping: $0) })
    }
}
