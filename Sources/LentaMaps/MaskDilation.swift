import LentaCore

/// Grows a mask by a disc of `radius` pixels (the maximum over the disc): the halo drawn under
/// a label so it reads on any background.
enum MaskDilation {
    static func dilate(_ mask: AlphaMask, radius: Int) -> AlphaMask {
        guard radius > 0, !mask.isEmpty else { return mask }
        let w = mask.width + 2 * radius, h = mask.height + 2 * radius
        var out = [UInt8](repeating: 0, count: w * h)
        var offsets: [(Int, Int)] = []
        for dy in -radius...radius {
            for dx in -radius...radius where dx * dx + dy * dy <= radius * radius { offsets.append((dx, dy)) }
        }
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                let v = mask.alpha[y * mask.width + x]
                guard v > 0 else { continue }
                for (dx, dy) in offsets {
                    let i = (y + radius + dy) * w + x + radius + dx
                    if v > out[i] { out[i] = v }
                }
            }
        }
        return AlphaMask(width: w, height: h, alpha: out, originX: mask.originX - radius, originY: mask.originY - radius)
    }
}
