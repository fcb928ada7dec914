import Foundation

/// An 8-bit grey picture, row by row with no padding: what Tesseract and ZXing read.
package struct GreyPicture: Sendable {
    package let width: Int
    package let height: Int
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height, "a packed grey picture")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The luma of an analysis picture (BT.709 weights on the coded values).
    init(_ picture: AnalysisPicture) {
        var out = [UInt8](repeating: 0, count: picture.width * picture.height)
        picture.rgb.withUnsafeBufferPointer { c in
            for i in out.indices {
                let r = 0.2126 * Double(c[3 * i]), g = 0.7152 * Double(c[3 * i + 1]), b = 0.0722 * Double(c[3 * i + 2])
                out[i] = UInt8(clamping: Int((r + g + b).rounded()))
            }
        }
        self.init(width: picture.width, height: picture.height, pixels: out)
    }

    /// The rows `top..<bottom` (clamped), whole width.
    func band(top: Int, bottom: Int) -> GreyPicture {
        let t = max(0, min(height, top)), b = max(t, min(height, bottom))
        return GreyPicture(width: width, height: b - t, pixels: Array(pixels[(t * width)..<(b * width)]))
    }

    /// The part inside a box normalised to the picture (x, y, width, height; clamped), whole pixels.
    /// With a paper (`BlankPaper`), every pixel of the part outside the paper's spans is painted its
    /// ground's luma, so that a patterned ground joined with it (tiles, a table's grain) is not read
    /// with its print. Only the part is painted: on a 12 MP re-read the rest would be a whole copy.
    func cropped(to box: (x: Double, y: Double, width: Double, height: Double), keeping paper: BlankPaper? = nil) -> GreyPicture {
        let x0 = max(0, min(width - 1, Int((box.x * Double(width)).rounded(.down))))
        let y0 = max(0, min(height - 1, Int((box.y * Double(height)).rounded(.down))))
        let x1 = max(x0 + 1, min(width, Int(((box.x + box.width) * Double(width)).rounded(.up))))
        let y1 = max(y0 + 1, min(height, Int(((box.y + box.height) * Double(height)).rounded(.up))))
        let partWidth = x1 - x0
        guard let paper else {
            guard x0 > 0 || y0 > 0 || x1 < width || y1 < height else { return self }
            var out = [UInt8](repeating: 0, count: partWidth * (y1 - y0))
            for y in y0..<y1 { out.replaceSubrange(((y - y0) * partWidth)..<((y - y0 + 1) * partWidth), with: pixels[(y * width + x0)..<(y * width + x1)]) }
            return GreyPicture(width: partWidth, height: y1 - y0, pixels: out)
        }
        var out = [UInt8](repeating: UInt8(clamping: Int(paper.region.ground.rounded())), count: partWidth * (y1 - y0))
        let w = Double(width), h = Double(height)
        for span in paper.spans {
            // The span in the whole picture's pixels, then only what of it lies in the part.
            let top = max(y0, Int((span.top * h).rounded(.down))), bottom = min(y1, Int((span.bottom * h).rounded(.up)))
            let from = max(x0, Int((span.from * w).rounded(.down))), to = min(x1, Int((span.to * w).rounded(.up)))
            guard top < bottom, from < to else { continue }
            for y in top..<bottom {
                let row = (y - y0) * partWidth - x0
                out.replaceSubrange((row + from)..<(row + to), with: pixels[(y * width + from)..<(y * width + to)])
            }
        }
        return GreyPicture(width: partWidth, height: y1 - y0, pixels: out)
    }

    /// Light for dark and dark for light: Tesseract's thresholds look for dark print on a light
    /// ground, and a card's or a slide's letters may be light on a dark one.
    func inverted() -> GreyPicture {
        GreyPicture(width: width, height: height, pixels: pixels.map { 255 - $0 })
    }

    /// `factor` times as large (bilinear): Tesseract reads text best some 20–30 pixels high.
    func enlarged(by factor: Double) -> GreyPicture {
        let w = max(1, Int((Double(width) * factor).rounded())), h = max(1, Int((Double(height) * factor).rounded()))
        var out = [UInt8](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<h {
                let sy = min(Double(height - 1), max(0, (Double(y) + 0.5) / factor - 0.5))
                let y0 = Int(sy), y1 = min(height - 1, y0 + 1), fy = sy - Double(y0)
                for x in 0..<w {
                    let sx = min(Double(width - 1), max(0, (Double(x) + 0.5) / factor - 0.5))
                    let x0 = Int(sx), x1 = min(width - 1, x0 + 1), fx = sx - Double(x0)
                    let top = Double(p[y0 * width + x0]) * (1 - fx) + Double(p[y0 * width + x1]) * fx
                    let bottom = Double(p[y1 * width + x0]) * (1 - fx) + Double(p[y1 * width + x1]) * fx
                    out[y * w + x] = UInt8(clamping: Int((top * (1 - fy) + bottom * fy).rounded()))
                }
            }
        }
        return GreyPicture(width: w, height: h, pixels: out)
    }

    /// Twice as large (each pixel four times): Tesseract reads text under ~20 pixels high badly.
    func doubled() -> GreyPicture {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<(2 * height) {
            for x in 0..<(2 * width) { out[y * 2 * width + x] = pixels[(y / 2) * width + x / 2] }
        }
        return GreyPicture(width: 2 * width, height: 2 * height, pixels: out)
    }
}

extension GreyPicture {
    /// Turned by `degrees` (clockwise positive) about its centre, bilinear, the same size; what
    /// falls outside is white. Tesseract reads lines that lean a few degrees badly, and a phone
    /// seldom holds paper square.
    func rotated(by degrees: Double) -> GreyPicture {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        let cx = Double(width) / 2, cy = Double(height) / 2
        var out = [UInt8](repeating: 255, count: pixels.count)
        pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { o in
                for y in 0..<height {
                    let dy = Double(y) - cy
                    for x in 0..<width {
                        let dx = Double(x) - cx
                        // The source of each output pixel: the inverse turn.
                        let sx = c * dx + s * dy + cx, sy = -s * dx + c * dy + cy
                        let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                        guard x0 >= 0, y0 >= 0, x0 + 1 < width, y0 + 1 < height else { continue }
                        let fx = sx - Double(x0), fy = sy - Double(y0)
                        let i = y0 * width + x0
                        let top = Double(p[i]) * (1 - fx) + Double(p[i + 1]) * fx
                        let bottom = Double(p[i + width]) * (1 - fx) + Double(p[i + width + 1]) * fx
                        o[y * width + x] = UInt8(clamping: Int((top * (1 - fy) + bottom * fy).rounded()))
                    }
                }
            }
        }
        return GreyPicture(width: width, height: height, pixels: out)
    }
}
