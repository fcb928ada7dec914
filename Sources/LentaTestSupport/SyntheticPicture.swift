import Foundation
import LentaMedia

/// A picture drawn for tests that need what real trips hold, not a test pattern: scenes that
/// differ from each other, the same scene a moment later (a burst), blurred, in the dark, a
/// phone screenshot, a page of text. Packed R'G'B', deterministic (seeded, no randomness).
public struct SyntheticPicture: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var rgb: [UInt8]

    public init(width: Int, height: Int, rgb: [UInt8]) {
        precondition(width > 0 && height > 0 && rgb.count == width * height * 3, "a packed RGB picture")
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// A deterministic hash of (a, b, c) to 0…1: texture without a random generator.
    static func noise(_ a: Int, _ b: Int, _ c: Int) -> Double {
        var h = UInt64(bitPattern: Int64(a &* 73_856_093 ^ b &* 19_349_663 ^ c &* 83_492_791))
        h ^= h >> 33; h = h &* 0xff51_afd7_ed55_8ccd; h ^= h >> 33; h = h &* 0xc4ce_b9fe_1a85_ec53; h ^= h >> 33
        return Double(h % 10_000) / 10_000
    }

    /// An outdoor scene: sky, a horizon of hills, a sun, buildings and textured ground, all
    /// placed by `seed` (different seeds look different). `shift` moves the camera a few pixels
    /// to the right, as the next frame of a burst does.
    public static func scene(seed: Int, width: Int = 640, height: Int = 480, shift: Int = 0) -> SyntheticPicture {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        let s = Double(seed)
        let skyTop = (90 + 60 * noise(seed, 1, 0), 140 + 60 * noise(seed, 2, 0), 220 + 30 * noise(seed, 3, 0))
        let ground = (60 + 120 * noise(seed, 4, 0), 80 + 100 * noise(seed, 5, 0), 40 + 60 * noise(seed, 6, 0))
        let horizon = 0.35 + 0.3 * noise(seed, 7, 0)
        let sun = (x: noise(seed, 8, 0), y: 0.1 + 0.2 * noise(seed, 9, 0), r: 0.04 + 0.05 * noise(seed, 10, 0))
        let buildings = (0..<6).map { k in
            (x: noise(seed, 20, k), w: 0.04 + 0.1 * noise(seed, 21, k), h: 0.1 + 0.35 * noise(seed, 22, k),
             c: (40 + 200 * noise(seed, 23, k), 40 + 200 * noise(seed, 24, k), 40 + 200 * noise(seed, 25, k)))
        }
        for y in 0..<height {
            for x0 in 0..<width {
                let x = x0 + shift
                let u = Double(x) / Double(width), v = Double(y) / Double(height)
                let hill = horizon + 0.08 * sin(u * (3 + 4 * noise(seed, 11, 0)) * 6.283 + s) + 0.03 * sin(u * 17 + s * 2)
                var c: (Double, Double, Double)
                if v < hill {
                    let t = v / max(hill, 0.01)
                    c = (skyTop.0 + 60 * t, skyTop.1 + 40 * t, skyTop.2 - 10 * t)
                    let dx = (u - sun.x) * Double(width) / Double(height), dy = v - sun.y
                    if dx * dx + dy * dy < sun.r * sun.r { c = (255, 240, 200) }
                } else {
                    // Ground with grass-like texture (detail that blurring removes).
                    let grain = noise(x / 2, y / 2, seed) - 0.5
                    let stripes = 25 * sin(Double(x) * 0.9 + Double(y) * 0.35)
                    c = (ground.0 + 90 * grain + stripes, ground.1 + 90 * grain + stripes, ground.2 + 70 * grain)
                }
                for b in buildings where abs(u - b.x) < b.w / 2 && v > hill - b.h && v < hill + 0.05 {
                    let window = (x / 6 + y / 8) % 3 == 0 ? 60.0 : 0
                    c = (b.c.0 + window, b.c.1 + window, b.c.2 + window)
                }
                let i = (y * width + x0) * 3
                rgb[i] = UInt8(max(0, min(255, c.0))); rgb[i + 1] = UInt8(max(0, min(255, c.1))); rgb[i + 2] = UInt8(max(0, min(255, c.2)))
            }
        }
        return SyntheticPicture(width: width, height: height, rgb: rgb)
    }

    /// The picture blurred as an out-of-focus or shaken camera does: three box passes of
    /// `radius` pixels each way (close to a Gaussian).
    public func blurred(radius: Int) -> SyntheticPicture {
        var out = self
        for _ in 0..<3 {
            out = out.boxPass(radius: radius, horizontal: true).boxPass(radius: radius, horizontal: false)
        }
        return out
    }

    private func boxPass(radius r: Int, horizontal: Bool) -> SyntheticPicture {
        var out = rgb
        let lines = horizontal ? height : width, length = horizontal ? width : height
        for line in 0..<lines {
            for c in 0..<3 {
                func at(_ k: Int) -> Int {
                    let k = max(0, min(length - 1, k))
                    return Int(rgb[((horizontal ? line * width + k : k * width + line)) * 3 + c])
                }
                var sum = 0
                for k in -r...r { sum += at(k) }
                for k in 0..<length {
                    out[(horizontal ? line * width + k : k * width + line) * 3 + c] = UInt8((sum + r) / (2 * r + 1))
                    sum += at(k + r + 1) - at(k - r)
                }
            }
        }
        return SyntheticPicture(width: width, height: height, rgb: out)
    }

    /// The picture reduced by area averages to `longerSide` pixels on its longer side, as a camera
    /// makes the thumbnail it stores in EXIF.
    public func reduced(toLongerSide longerSide: Int) -> SyntheticPicture {
        let small = rgb.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { AnalysisPicture(rgb: $0, width: width, height: height, stride: width * 3, side: longerSide) }
        }
        guard let small else { return self }
        return SyntheticPicture(width: small.width, height: small.height, rgb: small.rgb)
    }

    /// The picture inside bars of black, `width` × `height` in all, as cameras pad a thumbnail of
    /// another shape.
    public func padded(toWidth paddedWidth: Int, height paddedHeight: Int) -> SyntheticPicture {
        var out = [UInt8](repeating: 0, count: paddedWidth * paddedHeight * 3)
        let x0 = (paddedWidth - width) / 2, y0 = (paddedHeight - height) / 2
        for y in 0..<height where y + y0 >= 0 && y + y0 < paddedHeight {
            for x in 0..<width where x + x0 >= 0 && x + x0 < paddedWidth {
                for c in 0..<3 { out[((y + y0) * paddedWidth + x + x0) * 3 + c] = rgb[(y * width + x) * 3 + c] }
            }
        }
        return SyntheticPicture(width: paddedWidth, height: paddedHeight, rgb: out)
    }

    /// The picture as taken with almost no light (or a lens cap): `level` of its brightness.
    public func darkened(to level: Double) -> SyntheticPicture {
        SyntheticPicture(width: width, height: height, rgb: rgb.map { UInt8(Double($0) * level) })
    }

    /// A phone screenshot: a status bar, a white page with a title bar, coloured buttons and
    /// lines of black text (hard-edged bars), a tab bar.
    public static func screenshot(seed: Int, width: Int = 750, height: Int = 1334) -> SyntheticPicture {
        var rgb = [UInt8](repeating: 255, count: width * height * 3)
        func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, _ c: (UInt8, UInt8, UInt8)) {
            for y in max(0, y0)..<min(height, y1) {
                for x in max(0, x0)..<min(width, x1) { let i = (y * width + x) * 3; rgb[i] = c.0; rgb[i + 1] = c.1; rgb[i + 2] = c.2 }
            }
        }
        let accent = (UInt8(20 + 200 * noise(seed, 1, 1)), UInt8(60 + 150 * noise(seed, 2, 1)), UInt8(200))
        fill(0, 0, width, height / 20, (245, 245, 245))
        fill(0, height / 20, width, height / 9, accent)
        var y = height / 7
        var line = 0
        while y < height * 5 / 6 {
            let length = Int(Double(width - 80) * (0.4 + 0.55 * noise(seed, line, 3)))
            fill(40, y, 40 + length, y + 14, (30, 30, 30))
            y += 40
            line += 1
            if line % 5 == 0 { fill(40, y, width - 40, y + 60, accent); y += 90 }
        }
        fill(0, height * 11 / 12, width, height, (248, 248, 248))
        return SyntheticPicture(width: width, height: height, rgb: rgb)
    }

    /// A scanned page: off-white paper, paragraphs of dark text lines.
    public static func document(seed: Int, width: Int = 1240, height: Int = 1754) -> SyntheticPicture {
        var rgb = [UInt8](repeating: 246, count: width * height * 3)
        var y = height / 10
        var line = 0
        while y < height * 9 / 10 {
            let length = Int(Double(width) * 0.75 * (0.5 + 0.5 * noise(seed, line, 7)))
            for yy in y..<(y + 16) {
                for x in (width / 10)..<(width / 10 + length) where (x / 9) % 6 != 5 {
                    let i = (yy * width + x) * 3; rgb[i] = 25; rgb[i + 1] = 25; rgb[i + 2] = 28
                }
            }
            y += line % 8 == 7 ? 70 : 34
            line += 1
        }
        return SyntheticPicture(width: width, height: height, rgb: rgb)
    }
}
