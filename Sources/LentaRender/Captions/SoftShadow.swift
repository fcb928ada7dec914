import LentaCore

/// A text mask blurred for its shadow: three box blurs of one radius (close to a Gaussian),
/// on a plane grown by the blur's reach on every side.
struct SoftShadow {
    let radius: Int
    let width: Int
    let height: Int
    /// 0…1 per pixel; pixel (0, 0) is the mask's (−3·radius, −3·radius).
    let plane: [Double]

    init(_ mask: AlphaMask, radius: Int) {
        let reach = 3 * radius
        self.radius = radius
        width = mask.width + 2 * reach
        height = mask.height + 2 * reach
        var plane = [Double](repeating: 0, count: width * height)
        for row in 0..<mask.height {
            for column in 0..<mask.width {
                plane[(row + reach) * width + column + reach] = Double(mask.alpha[row * mask.width + column]) / 255
            }
        }
        for _ in 0..<3 {
            plane = Self.boxBlur(plane, width: width, height: height, radius: radius, horizontal: true)
            plane = Self.boxBlur(plane, width: width, height: height, radius: radius, horizontal: false)
        }
        self.plane = plane
    }

    /// The shadow's alpha at (x, y) in the mask's coordinates; 0 outside.
    func alpha(x: Int, y: Int) -> Double {
        let px = x + 3 * radius, py = y + 3 * radius
        guard px >= 0, px < width, py >= 0, py < height else { return 0 }
        return plane[py * width + px]
    }

    /// A running-sum box blur along rows or columns; outside the plane counts as 0.
    static func boxBlur(_ input: [Double], width: Int, height: Int, radius: Int, horizontal: Bool) -> [Double] {
        var output = [Double](repeating: 0, count: input.count)
        let lines = horizontal ? height : width, length = horizontal ? width : height
        let step = horizontal ? 1 : width, window = Double(2 * radius + 1)
        for line in 0..<lines {
            let start = horizontal ? line * width : line
            var sum = 0.0
            for k in 0..<min(radius, length) { sum += input[start + k * step] }
            for k in 0..<length {
                if k + radius < length { sum += input[start + (k + radius) * step] }
                if k - radius - 1 >= 0 { sum -= input[start + (k - radius - 1) * step] }
                output[start + k * step] = sum / window
            }
        }
        return output
    }
}
