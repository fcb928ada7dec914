/// How a synthetic clip's camera moves over a textured scene (`SyntheticVideo.camera`): each
/// frame shows the scene's window at an offset in whole pixels.
public enum SyntheticCamera: Equatable, Sendable {
    /// Hand-held: a random walk (a new heading every half second, up to `drift` pixels a frame,
    /// followed smoothly) plus high-frequency jitter of up to `jitter` pixels each way, new every frame.
    case handHeld(jitter: Int, drift: Int = 1, seed: UInt64 = 1)
    /// A steady pan: `pixelsPerFrame` to the right, nothing else.
    case pan(pixelsPerFrame: Int)

    /// The offset of each of `frames` frames, and the margin the scene needs around the window.
    func offsets(frames: Int) -> (offsets: [(x: Int, y: Int)], margin: Int) {
        switch self {
        case .pan(let step):
            return ((0..<frames).map { ($0 * step, 0) }, max(1, frames * abs(step)) + 1)
        case .handHeld(let jitter, let drift, let seed):
            var state = seed | 1
            func next() -> Int {  // xorshift64*: seeded, the same on every machine
                state ^= state >> 12; state ^= state << 25; state ^= state >> 27
                return Int(truncatingIfNeeded: (state &* 2_685_821_657_736_338_717) >> 33)
            }
            func uniform(_ reach: Int) -> Int { reach == 0 ? 0 : next() % (2 * reach + 1) - reach }
            var x = 0.0, y = 0.0, vx = 0.0, vy = 0.0, tx = 0.0, ty = 0.0
            var out: [(x: Int, y: Int)] = []
            var reach = 0
            for k in 0..<frames {
                if k % 15 == 0 { tx = Double(uniform(100 * drift)) / 100; ty = Double(uniform(100 * drift)) / 100 }
                vx += (tx - vx) * 0.1; vy += (ty - vy) * 0.1
                x += vx; y += vy
                let p = (Int(x.rounded()) + uniform(jitter), Int(y.rounded()) + uniform(jitter))
                reach = max(reach, abs(p.0), abs(p.1))
                out.append(p)
            }
            return (out, reach + 1)
        }
    }
}

/// A seeded texture for a camera to move over: smooth value noise at two scales (blobs of about
/// 24 and 6 pixels), so every window has detail everywhere and no two windows look alike.
struct SyntheticScene {
    let width: Int
    let height: Int
    let luma: [UInt8]

    init(width: Int, height: Int, seed: UInt64 = 7) {
        self.width = width
        self.height = height
        func lattice(_ cell: Int, _ salt: UInt64) -> (Int, Int) -> Double {
            let cw = width / cell + 2, ch = height / cell + 2
            var state = (seed &+ salt) | 1
            let values = (0..<(cw * ch)).map { _ -> Double in
                state ^= state >> 12; state ^= state << 25; state ^= state >> 27
                return Double((state &* 2_685_821_657_736_338_717) >> 40) / Double(1 << 24)
            }
            return { x, y in
                let fx = Double(x) / Double(cell), fy = Double(y) / Double(cell)
                let ix = Int(fx), iy = Int(fy)
                let sx = fx - Double(ix), sy = fy - Double(iy)
                let ux = sx * sx * (3 - 2 * sx), uy = sy * sy * (3 - 2 * sy)
                let a = values[iy * cw + ix], b = values[iy * cw + ix + 1]
                let c = values[(iy + 1) * cw + ix], d = values[(iy + 1) * cw + ix + 1]
                return (a * (1 - ux) + b * ux) * (1 - uy) + (c * (1 - ux) + d * ux) * uy
            }
        }
        let coarse = lattice(24, 1), fine = lattice(6, 2)
        var luma = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                luma[y * width + x] = UInt8(max(16, min(235, 30 + 150 * coarse(x, y) + 50 * fine(x, y))))
            }
        }
        self.luma = luma
    }
}
