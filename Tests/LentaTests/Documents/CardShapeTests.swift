import Foundation
@testable import LentaMedia
import Testing

/// A bank or identity card told by its shape (ISO/IEC 7810 ID-1) when its number does not read:
/// a page-like region of a card's proportions, however it is turned, and not a phone's, a
/// postcard's or a region running out of the picture.
@Suite struct CardShapeTests {
    /// A 256×192 analysis picture: an even light ground with a dark face of `length` × `breadth`
    /// pixels turned by `degrees` about (`cx`, `cy`), with rows of light marks on it (print).
    static func picture(length: Double, breadth: Double, degrees: Double, cx: Double = 128, cy: Double = 96) -> AnalysisPicture {
        let w = 256, h = 192
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        let a = degrees * .pi / 180
        for y in 0..<h {
            for x in 0..<w {
                // The pixel in the face's own frame.
                let dx = Double(x) - cx, dy = Double(y) - cy
                let u = dx * cos(a) + dy * sin(a), v = -dx * sin(a) + dy * cos(a)
                var value: (UInt8, UInt8, UInt8) = (205, 200, 190)
                if abs(u) <= length / 2, abs(v) <= breadth / 2 {
                    value = (30, 50, 110)
                    // Print: rows of strokes in the face's middle, well inside its edges.
                    let iu = Int((u + length / 2).rounded(.down)), iv = Int((v + breadth / 2).rounded(.down))
                    if abs(u) < length / 2 - 6, abs(v) < breadth / 2 - 6, iv % 10 < 5, iu % 5 < 2 { value = (235, 235, 235) }
                }
                let i = 3 * (y * w + x)
                rgb[i] = value.0; rgb[i + 1] = value.1; rgb[i + 2] = value.2
            }
        }
        return AnalysisPicture(width: w, height: h, rgb: rgb)
    }

    static func face(_ picture: AnalysisPicture) throws -> PageRegion {
        let region = try #require(PageRegion.candidates(in: picture).first { $0.ground < 110 })
        #expect(TextSignals(region: region).mayHoldText, "the gate opens for the card: \(region)")
        return region
    }

    @Test(arguments: [0.0, 12.0, 25.0, -20.0, 90.0])
    func aCardIsToldByItsProportionsHoweverItIsTurned(degrees: Double) throws {
        let card = try Self.face(Self.picture(length: 120, breadth: 120 / CardShape.aspect, degrees: degrees))
        #expect(CardShape.matches(card), "\(card)")
        #expect(abs(card.length / card.breadth - CardShape.aspect) < 0.12, "\(card)")
    }

    @Test(arguments: [(2.05, "a phone"), (1.41, "a postcard"), (1.0, "a square tile")])
    func otherRectanglesAreNotCards(aspect: Double, what: String) throws {
        let other = try Self.face(Self.picture(length: 120, breadth: 120 / aspect, degrees: 10))
        #expect(!CardShape.matches(other), "\(what): \(other)")
    }

    @Test func aFaceRunningOutOfThePictureIsNotACard() throws {
        let cut = try Self.face(Self.picture(length: 120, breadth: 120 / CardShape.aspect, degrees: 0, cx: 40))
        #expect(!CardShape.matches(cut), "\(cut)")
    }
}
