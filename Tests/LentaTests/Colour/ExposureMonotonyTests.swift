import Foundation
import LentaCore
import LentaMedia
import LentaPixels
@testable import LentaRender
import PropertyBased
import Testing

/// More light never makes a colour darker (issue 13, #8): raising `exposure` leaves every
/// channel of the picture as shown, and its luma, where it was or brighter — saturated colours
/// included, whose Y'CbCr codes sit at the edge of the gamut.
@Suite("Exposure is monotone")
struct ExposureMonotonyTests {
    /// A flat frame of one colour, graded with `exposure` (0: untouched, as the render leaves it).
    static func shown(_ colour: YUVColour, exposure: Double) -> (y: Int, rgb: SIMD3<Int>) {
        var frame = PlanarFrame(width: 4, height: 4, colour: colour)
        if exposure != 0 {
            YUVLookupTable(grade: ColourGrade(adjust: Adjustments(exposure: exposure), look: nil), parallel: ParallelSlices(threads: 1))
                .apply(to: &frame, parallel: ParallelSlices(threads: 1))
        }
        let y = Int(frame.y[0]), cb = Int(frame.u[0]), cr = Int(frame.v[0])
        // As a player shows it: BT.709 limited range to 8-bit R'G'B', clipped.
        let yy = Double(y - 16) / 219, pb = Double(cb - 128) / 224, pr = Double(cr - 128) / 224
        let r = yy + 1.5748 * pr, g = yy - 0.1873 * pb - 0.4681 * pr, b = yy + 1.8556 * pb
        func code(_ v: Double) -> Int { Int((max(0, min(1, v)) * 255).rounded()) }
        return (y, SIMD3(code(r), code(g), code(b)))
    }

    static let saturated: [(String, UInt8, UInt8, UInt8)] = [
        ("red", 255, 0, 0), ("green", 0, 255, 0), ("blue", 0, 0, 255), ("yellow", 255, 255, 0), ("cyan", 0, 255, 255),
        ("magenta", 255, 0, 255), ("orange", 255, 128, 0), ("white", 255, 255, 255), ("skin", 224, 172, 140),
    ]

    /// One code of rounding (the table is interpolated), no more.
    static let tolerance = 1

    @Test func pureRedAtExposurePlusOneIsNotDarkerThanAtZero() {
        let red = YUVColour(red: 255, green: 0, blue: 0)
        let before = Self.shown(red, exposure: 0), after = Self.shown(red, exposure: 1)
        #expect(after.y >= before.y - Self.tolerance, "luma \(before.y) → \(after.y)")
        #expect(after.rgb.x >= before.rgb.x - Self.tolerance, "red \(before.rgb) → \(after.rgb)")
    }

    @Test func moreExposureNeverDarkensASaturatedColour() {
        for (name, r, g, b) in Self.saturated {
            let colour = YUVColour(red: r, green: g, blue: b)
            var last = Self.shown(colour, exposure: 0)
            for exposure in [0.25, 0.5, 1, 2, 4] {
                let now = Self.shown(colour, exposure: exposure)
                #expect(now.y >= last.y - Self.tolerance, "\(name) at +\(exposure): luma \(last.y) → \(now.y)")
                for c in 0..<3 {
                    #expect(now.rgb[c] >= last.rgb[c] - Self.tolerance, "\(name) at +\(exposure): \(last.rgb) → \(now.rgb)")
                }
                last = now
            }
        }
    }

    /// The same for any colour and any two exposures, through the grade itself (no table).
    @Test func gradeIsMonotoneInExposure() async {
        let channel = Gen.double(in: 0...1)
        let input = zip(zip(channel, channel, channel), Gen.double(in: -4...3.5), Gen.double(in: 0.01...0.5))
        await campaignPropertyCheck(count: 400, seed: 8, input: input) { colour, e, step in
            let rgb = SIMD3(colour.0, colour.1, colour.2)
            func graded(_ e: Double) -> SIMD3<Double> {
                e == 0 ? rgb : ColourGrade(adjust: Adjustments(exposure: e), look: nil).apply(rgb)
            }
            let low = graded(e), high = graded(min(4, e + step))
            func shown(_ v: SIMD3<Double>) -> SIMD3<Double> { pointwiseMin(pointwiseMax(v, .zero), .one) }
            for c in 0..<3 { #expect(shown(high)[c] >= shown(low)[c] - 1e-9, "\(rgb) at \(e) → +\(step)") }
            #expect(BT709Transfer.luma(high) >= BT709Transfer.luma(low) - 1e-9, "\(rgb) at \(e) → +\(step)")
        }
    }
}
