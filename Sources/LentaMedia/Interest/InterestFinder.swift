import Foundation
import LentaCore
import LentaPixels

/// Finds a picture's centre of interest (`PictureInterest`) on a reduced decode: faces by
/// OpenCV's cascade where it finds any; else where the detail is — the mean luma gradient of
/// small cells, above the picture's median (so a sky, a wall, an even lawn count for nothing),
/// its weighted centre and the span holding its middle 80 %; else flat. Deterministic: the same
/// picture gives the same answer on any thread.
public enum InterestFinder {
    /// The long side of the picture analysed, in pixels.
    public static let analysisSide = 640
    /// Faces this much smaller than the largest one are background, not the subject.
    static let backgroundFace = 0.25
    /// Mean gradient (luma levels a pixel) under which a cell is flat whatever its neighbours.
    static let flatGradient = 3.0

    /// The photo decoded at about `analysisSide` pixels, and its interest. `faces` nil: detail only.
    public static func find(in photo: PhotoDecoder, faces: FaceDetector?) throws -> PictureInterest {
        let scale = min(1, Double(analysisSide) / Double(max(photo.width, photo.height)))
        return try find(in: photo.decode(scale: scale), faces: faces)
    }

    public static func find(in picture: PlanarFrame, faces detector: FaceDetector?) throws -> PictureInterest {
        let w = picture.width, h = picture.height
        guard w >= 8, h >= 8 else { return .flat }
        if let detector {
            let found = try detector.faces(inGrey: picture.y, width: w, height: h, minSize: max(16, min(w, h) / 25))
            if let interest = faceInterest(found, width: w, height: h) { return interest }
        }
        return detailInterest(picture)
    }

    /// The faces that matter (not much smaller than the largest), with room for the head.
    static func faceInterest(_ faces: [FaceDetector.Face], width: Int, height: Int) -> PictureInterest? {
        guard let largest = faces.map({ $0.width * $0.height }).max(), largest > 0 else { return nil }
        let kept = faces.filter { Double($0.width * $0.height) >= backgroundFace * Double(largest) }
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var cx = 0.0, cy = 0.0, total = 0.0
        for f in kept {
            // A quarter of the face's size around it: hair, chin, ears.
            let m = 0.25 * Double(f.width)
            x0 = min(x0, Double(f.x) - m)
            y0 = min(y0, Double(f.y) - m)
            x1 = max(x1, Double(f.x + f.width) + m)
            y1 = max(y1, Double(f.y + f.height) + m)
            let area = Double(f.width * f.height)
            cx += area * (Double(f.x) + Double(f.width) / 2)
            cy += area * (Double(f.y) + Double(f.height) / 2)
            total += area
        }
        let W = Double(width), H = Double(height)
        x0 = max(0, x0 / W); y0 = max(0, y0 / H); x1 = min(1, x1 / W); y1 = min(1, y1 / H)
        return PictureInterest(kind: .faces, region: ProjectRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0),
                               centre: ProjectPoint(x: cx / total / W, y: cy / total / H))
    }

    /// Where the detail is, from the luma gradient of cells about 1/32 of the long side.
    static func detailInterest(_ picture: PlanarFrame) -> PictureInterest {
        let w = picture.width, h = picture.height
        let cell = max(4, max(w, h) / 32)
        let columns = (w + cell - 1) / cell, rows = (h + cell - 1) / cell
        var sums = [Double](repeating: 0, count: columns * rows)
        var counts = [Int](repeating: 0, count: columns * rows)
        picture.y.withUnsafeBufferPointer { y in
            for row in 0..<(h - 1) {
                let line = row * w
                for x in 0..<(w - 1) {
                    let p = Int(y[line + x])
                    let g = abs(Int(y[line + x + 1]) - p) + abs(Int(y[line + w + x]) - p)
                    let k = (row / cell) * columns + x / cell
                    sums[k] += Double(g)
                    counts[k] += 1
                }
            }
        }
        let means = zip(sums, counts).map { $1 > 0 ? $0 / Double($1) : 0 }
        let median = means.sorted()[means.count / 2]
        let floor = max(median, flatGradient)
        let weights = means.map { max(0, $0 - floor) }
        let total = weights.reduce(0, +)
        guard total > 0, (means.max() ?? 0) >= 2 * flatGradient else { return .flat }
        // Weighted centre and the span of the middle 80 % of the weight on each axis.
        var columnWeight = [Double](repeating: 0, count: columns), rowWeight = [Double](repeating: 0, count: rows)
        for r in 0..<rows {
            for c in 0..<columns {
                columnWeight[c] += weights[r * columns + c]
                rowWeight[r] += weights[r * columns + c]
            }
        }
        func span(_ weight: [Double], cellsOf length: Int) -> (Double, Double, Double) {
            var acc = 0.0, low: Double?, high: Double?, centre = 0.0
            for (i, v) in weight.enumerated() {
                let mid = (Double(i) + 0.5) * Double(cell)
                centre += v * mid
                if low == nil, acc + v >= 0.1 * total { low = Double(i) * Double(cell) }
                acc += v
                if high == nil, acc >= 0.9 * total { high = Double(i + 1) * Double(cell) }
            }
            let L = Double(length)
            return (min(1, (low ?? 0) / L), min(1, (high ?? L) / L), min(1, centre / total / L))
        }
        let x = span(columnWeight, cellsOf: w), y = span(rowWeight, cellsOf: h)
        return PictureInterest(kind: .detail, region: ProjectRect(x: x.0, y: y.0, width: max(0, x.1 - x.0), height: max(0, y.1 - y.0)),
                               centre: ProjectPoint(x: x.2, y: y.2))
    }
}
