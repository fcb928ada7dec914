import Foundation
import Testing
@testable import LentaMedia

/// The photo measures and the document gate's page regions to the last bit, on pictures of the
/// kinds a scan meets (a phone's 160×120 thumbnail, the 256-pixel analysis picture, upright and
/// on its side): a checksum of every value's bits. Their loops are rewritten for speed now and
/// then (issue 26's cost bar); what they compute must not move, since the catalog keeps it and
/// story choosing reads it. The checksums are those of the loops before session 17's rewrite.
@Suite struct PictureMeasuresChecksumTests {
    /// Deterministic pictures: grounds of one colour (paper, a card, sky, a wall) with text-like
    /// marks on some, a gradient, noise of several strengths, and flat runs (a screen).
    static func pictures() -> [AnalysisPicture] {
        var state: UInt64 = 0x5EED_2617
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var pictures: [AnalysisPicture] = []
        for (k, (w, h)) in [(160, 120), (120, 160), (256, 192), (192, 256), (160, 120), (256, 171), (90, 160), (33, 17)].enumerated() {
            var rgb = [UInt8](repeating: 0, count: w * h * 3)
            let noise = UInt64(k % 4) * 6 + 1
            // A page: a light or dark rectangle with rows of marks, over a scene's gradient.
            let page = (x0: w / 6 + k, y0: h / 5, x1: w - w / 5, y1: h - h / 6 + k % 3)
            let light = k % 3 != 2
            for y in 0..<h {
                for x in 0..<w {
                    let p = 3 * (y * w + x)
                    var r = Int(40 + 120 * x / w), g = Int(90 + 100 * y / h), b = Int(160 - 60 * x / w)
                    if k % 2 == 0, x >= page.x0, x < page.x1, y >= page.y0, y < page.y1 {
                        (r, g, b) = light ? (236, 232, 220) : (28, 40, 70)
                        // Marks: rows of letters, two pixels high, some gaps.
                        if (y - page.y0) % 6 < 2, (x * 7 + y) % 9 < 5 { (r, g, b) = light ? (30, 30, 35) : (240, 240, 240) }
                    }
                    if k == 4, y < h / 2 { (r, g, b) = (120, 120, 128) }  // a flat run: a screen's
                    let n = Int(next() % (2 * noise + 1)) - Int(noise)
                    rgb[p] = UInt8(clamping: r + n)
                    rgb[p + 1] = UInt8(clamping: g + n / 2)
                    rgb[p + 2] = UInt8(clamping: b - n)
                }
            }
            // Some clipped and crushed pixels.
            for _ in 0..<(w * h / 50) {
                let p = 3 * Int(next() % UInt64(w * h))
                let v: UInt8 = next() % 2 == 0 ? 255 : 0
                rgb[p] = v; rgb[p + 1] = v; rgb[p + 2] = v
            }
            pictures.append(AnalysisPicture(width: w, height: h, rgb: rgb))
        }
        return pictures
    }

    /// FNV-1a over 64-bit words.
    struct Checksum {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        mutating func add(_ word: UInt64) {
            for k in 0..<8 {
                value ^= (word >> (8 * UInt64(k))) & 0xFF
                value = value &* 0x0000_0100_0000_01B3
            }
        }
        mutating func add(_ d: Double) { add(d.bitPattern) }
        mutating func add(_ i: Int) { add(UInt64(bitPattern: Int64(i))) }
    }

    static func measuresChecksum(_ pictures: [AnalysisPicture]) -> UInt64 {
        var sum = Checksum()
        for picture in pictures {
            let m = PictureMeasures(picture)
            sum.add(m.signature.bits)
            for d in [m.sharpness, m.clipped, m.crushed, m.brightness, m.flatShare, m.topColourShare, m.saturation, m.hardEdgeShare] {
                sum.add(d)
            }
            sum.add(m.colours)
        }
        return sum.value
    }

    static func regionsChecksum(_ pictures: [AnalysisPicture]) -> (UInt64, Int) {
        var sum = Checksum()
        var regions = 0
        for picture in pictures {
            let candidates = PageRegion.candidates(in: picture)
            regions += candidates.count
            sum.add(candidates.count)
            for r in candidates {
                for d in [r.share, r.marks, r.fill, r.box.x, r.box.y, r.box.width, r.box.height, r.ground] { sum.add(d) }
            }
        }
        return (sum.value, regions)
    }

    @Test func measuresAreTheSameToTheLastBit() {
        let pictures = Self.pictures()
        #expect(String(Self.measuresChecksum(pictures), radix: 16) == "5e33c64c31c6ac0f")
    }

    @Test func pageRegionsAreTheSameToTheLastBit() {
        let pictures = Self.pictures()
        let (checksum, regions) = Self.regionsChecksum(pictures)
        #expect(regions >= 4, "the pictures with a page have regions to compare")
        #expect(String(checksum, radix: 16) == "796933179c6f1de1")
    }
}
