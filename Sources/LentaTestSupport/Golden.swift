import Foundation
import LentaCore
import LentaMedia
import LentaPixels
import Testing

/// Small goldens of decoded frames (FATE-style): the mean luma of a 16×9 grid of blocks per
/// frame, compared with a tolerance; written only when LENTA_RECORD_GOLDENS=1.
public enum Golden {
    public static let folder = LentaCLI.packageRoot.appendingPathComponent("Tests/LentaTests/Goldens")

    public static func blockMeans(_ frame: PlanarFrame, columns: Int = 16, rows: Int = 9) -> [Int] {
        var means: [Int] = []
        for by in 0..<rows {
            for bx in 0..<columns {
                let x0 = bx * frame.width / columns, x1 = (bx + 1) * frame.width / columns
                let y0 = by * frame.height / rows, y1 = (by + 1) * frame.height / rows
                means.append(Int(RenderFixture.meanLuma(frame, x: x0..<x1, y: y0..<y1).rounded()))
            }
        }
        return means
    }

    public static func psnr(_ a: PlanarFrame, _ b: PlanarFrame) -> Double {
        var error = 0.0
        for i in a.y.indices { let d = Double(a.y[i]) - Double(b.y[i]); error += d * d }
        let mse = error / Double(a.y.count)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    public static func check(_ name: String, _ measured: [String: [Int]], tolerance: Int) throws {
        let file = folder.appendingPathComponent("\(name).json")
        if ProcessInfo.processInfo.environment["LENTA_RECORD_GOLDENS"] == "1" {
            let data = try JSONSerialization.data(withJSONObject: measured, options: [.sortedKeys])
            try data.write(to: file)
            return
        }
        let data = try Data(contentsOf: file)
        let golden = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [Int]])
        #expect(Set(golden.keys) == Set(measured.keys))
        for (frame, values) in golden {
            guard let got = measured[frame], got.count == values.count else {
                Issue.record("frame \(frame) missing")
                continue
            }
            let worst = zip(values, got).map { abs($0 - $1) }.max() ?? 0
            #expect(worst <= tolerance, "frame \(frame): a block differs from the golden by \(worst)")
        }
    }
}
