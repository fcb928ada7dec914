import Foundation

extension GreyPicture {
    /// How far its lines of text lean, in degrees (clockwise positive), found without reading
    /// them: on a copy reduced to about 480 pixels, the pixels that stand out from their
    /// neighbourhood (ink of either polarity: dark print on paper, light digits on a card) are
    /// projected along each candidate slope; lines of text make the sharpest profile along their
    /// own slope (the projection-profile method). OCR reads lines that lean badly, and ZXing-C++
    /// 1.4 finds an Aztec code that leans with perspective badly too; the lean of the lines it
    /// would read cannot be had from OCR that read nothing.
    /// - Parameter range: the largest lean looked for (a phone seldom holds paper more askew).
    func skew(range: Double = 20) -> Double {
        let factor = max(1, max(width, height) / 480)
        let w = width / factor, h = height / factor
        guard w >= 32, h >= 32 else { return 0 }
        // Box-reduced copy and its integral image, for each pixel's neighbourhood mean.
        var small = [Int](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w {
                    var sum = 0
                    for dy in 0..<factor { for dx in 0..<factor { sum += Int(p[(y * factor + dy) * width + x * factor + dx]) } }
                    small[y * w + x] = sum / (factor * factor)
                }
            }
        }
        var integral = [Int](repeating: 0, count: (w + 1) * (h + 1))
        for y in 0..<h {
            var row = 0
            for x in 0..<w {
                row += small[y * w + x]
                integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row
            }
        }
        let r = 7
        var marks: [(x: Double, y: Double)] = []
        for y in 0..<h {
            for x in 0..<w {
                let x0 = max(0, x - r), x1 = min(w, x + r + 1), y0 = max(0, y - r), y1 = min(h, y + r + 1)
                let sum = integral[y1 * (w + 1) + x1] - integral[y0 * (w + 1) + x1] - integral[y1 * (w + 1) + x0] + integral[y0 * (w + 1) + x0]
                let mean = sum / ((x1 - x0) * (y1 - y0))
                if abs(small[y * w + x] - mean) > 28 { marks.append((Double(x) - Double(w) / 2, Double(y) - Double(h) / 2)) }
            }
        }
        guard marks.count >= 64 else { return 0 }
        let span = Int((Double(w + h)).rounded(.up))
        func sharpness(_ degrees: Double) -> Double {
            let t = tan(degrees * .pi / 180)
            var bins = [Int](repeating: 0, count: 2 * span + 1)
            for m in marks {
                let i = Int((m.y - t * m.x).rounded()) + span
                if i >= 0, i < bins.count { bins[i] += 1 }
            }
            return bins.reduce(0.0) { $0 + Double($1 * $1) }
        }
        var best = 0.0, bestScore = sharpness(0)
        for step in stride(from: -range, through: range, by: 1) where step != 0 {
            let score = sharpness(step)
            if score > bestScore { best = step; bestScore = score }
        }
        for step in [best - 0.5, best + 0.5] {
            let score = sharpness(step)
            if score > bestScore { best = step; bestScore = score }
        }
        return best
    }

    /// Turned upright when its lines lean a degree or more (`skew`); itself otherwise.
    func levelled() -> (picture: GreyPicture, lean: Double) {
        let lean = skew()
        return abs(lean) >= 1 ? (rotated(by: -lean), lean) : (self, 0)
    }
}
