import Foundation
import LentaCore
import LentaMedia
import LentaPixels

/// A synthetic test picture for colour work: a row of chart patches (greys and saturated and
/// natural colours), a skin patch, a dark and a bright grey patch, and a neutral luma ramp
/// covering every code from 16 to 235 (one code per column).
enum ColourChart {
    static let width = 448
    static let height = 256

    /// Patches of the top row, left to right, in sRGB-encoded R'G'B'.
    static let patches: [(name: String, r: UInt8, g: UInt8, b: UInt8)] = [
        ("black", 20, 20, 20), ("dark", 60, 60, 60), ("grey", 118, 118, 118), ("light", 200, 200, 200),
        ("red", 200, 40, 40), ("green", 50, 170, 60), ("blue", 40, 60, 190), ("yellow", 220, 200, 40),
        ("skin", 224, 172, 140), ("sky", 110, 150, 210), ("foliage", 90, 110, 60), ("cyan", 40, 180, 190),
        ("magenta", 180, 60, 170), ("orange", 230, 130, 40),
    ]
    static let patchSize = 32

    /// Where patch `i` is (whole 2×2 blocks, so its chroma is its own).
    static func patchRect(_ i: Int) -> (x: Range<Int>, y: Range<Int>) {
        (x: (i * patchSize)..<((i + 1) * patchSize), y: 0..<patchSize * 2)
    }

    static func patchIndex(_ name: String) -> Int { patches.firstIndex { $0.name == name } ?? 0 }

    /// The ramp: rows 96…159, Y = 16 + column − 100 for columns 100…319.
    static let rampRows = 96..<160
    static let rampColumns = 100..<320

    /// A colourful ramp (warm hue, rising luma), one colour per 2×2 block: rows 176…239.
    static let colourRampRows = 176..<240

    static func frame() -> PlanarFrame {
        var frame = PlanarFrame(width: width, height: height, colour: YUVColour(red: 128, green: 128, blue: 128))
        for (i, patch) in patches.enumerated() {
            let rect = patchRect(i)
            fill(&frame, x: rect.x, y: rect.y, YUVColour(red: patch.r, green: patch.g, blue: patch.b))
        }
        for row in rampRows {
            for column in 0..<width {
                let code = min(235, max(16, 16 + column - rampColumns.lowerBound))
                frame.y[row * width + column] = UInt8(code)
            }
        }
        for row in colourRampRows {
            for column in 0..<width {
                let t = Double(column / 2 * 2) / Double(width - 2)
                let colour = YUVColour(red: UInt8(40 + 200 * t), green: UInt8(30 + 150 * t), blue: UInt8(20 + 120 * t))
                frame.y[row * width + column] = colour.y
                if row % 2 == 0, column % 2 == 0 {
                    let c = (row / 2) * frame.chromaWidth + column / 2
                    frame.u[c] = colour.u
                    frame.v[c] = colour.v
                }
            }
        }
        return frame
    }

    static func fill(_ frame: inout PlanarFrame, x: Range<Int>, y: Range<Int>, _ colour: YUVColour) {
        for row in y { for column in x { frame.y[row * frame.width + column] = colour.y } }
        for row in (y.lowerBound / 2)..<((y.upperBound + 1) / 2) {
            for column in (x.lowerBound / 2)..<((x.upperBound + 1) / 2) {
                frame.u[row * frame.chromaWidth + column] = colour.u
                frame.v[row * frame.chromaWidth + column] = colour.v
            }
        }
    }

    /// Mean Y', Cb, Cr codes of a rectangle (chroma over its blocks).
    static func mean(_ frame: PlanarFrame, x: Range<Int>, y: Range<Int>) -> SIMD3<Double> {
        var sum = SIMD3<Double>.zero
        for row in y {
            for column in x {
                let c = frame.colour(column, row)
                sum += SIMD3(Double(c.y), Double(c.u), Double(c.v))
            }
        }
        return sum / Double(x.count * y.count)
    }

    static func mean(_ frame: PlanarFrame, patch name: String) -> SIMD3<Double> {
        let rect = patchRect(patchIndex(name))
        return mean(frame, x: rect.x.dropFirst(4).dropLast(4), y: rect.y.dropFirst(4).dropLast(4))
    }

    /// Gamma-encoded R'G'B' (0…1) of Y'CbCr codes.
    static func rgb(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let luma = (c.x - 16) / 219, cb = (c.y - 128) / 224, cr = (c.z - 128) / 224
        let r = luma + 1.5748 * cr, b = luma + 1.8556 * cb
        return SIMD3(r, (luma - 0.2126 * r - 0.0722 * b) / 0.7152, b)
    }

    /// The hue angle of Y'CbCr codes in the Cb-Cr plane, degrees.
    static func hue(_ c: SIMD3<Double>) -> Double { atan2(c.z - 128, c.y - 128) * 180 / .pi }

    /// The mean chroma magnitude over the chart's patches.
    static func meanChroma(_ frame: PlanarFrame) -> Double {
        var total = 0.0
        for patch in patches {
            let m = mean(frame, patch: patch.name)
            total += ((m.y - 128) * (m.y - 128) + (m.z - 128) * (m.z - 128)).squareRoot()
        }
        return total / Double(patches.count)
    }

    /// The ramp's luma along one of its rows.
    static func rampLuma(_ frame: PlanarFrame, row: Int = rampRows.lowerBound + 10) -> [Int] {
        rampColumns.map { Int(frame.luma($0, row)) }
    }
}
