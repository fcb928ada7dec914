/// The deterministic picture every synthetic image and video frame shows, in stored (un-rotated)
/// pixel coordinates:
///
/// - a horizontal red ramp and a vertical green ramp, with a blue checker texture of 4×4 cells
///   (`((x/4) ^ (y/4)) & 63`) for detail; in video, the ramps slide 2 pixels left per frame;
/// - a solid red marker (255, 0, 0) over the top-left eighth (`x < max(1, w/8)`,
///   `y < max(1, h/8)`), so a test can tell where the stored top-left corner ended up after
///   orientation or rotation;
/// - in video frames only, the frame index as a 16-bit code along the bottom edge: a row of
///   8×8 blocks starting at the left, block k white when bit k is set, black when not (as many
///   bits as fit in the width). `frameIndex(luma:width:height:)` reads it back.
public enum SyntheticPattern {
    public static let codeBlock = 8
    public static let codeBits = 16

    /// The colour at stored pixel (x, y); `frame` is nil for still images.
    public static func rgb(x: Int, y: Int, width: Int, height: Int, frame: Int? = nil) -> (r: UInt8, g: UInt8, b: UInt8) {
        if x < max(1, width / 8), y < max(1, height / 8) { return (255, 0, 0) }
        if let frame, let bit = codeBit(x: x, y: y, width: width, height: height) {
            let on = bit < Int.bitWidth && (frame >> bit) & 1 == 1
            return on ? (255, 255, 255) : (0, 0, 0)
        }
        let shift = (frame ?? 0) * 2
        let rx = ((x + shift) % max(1, width)) * 255 / max(1, width - 1)
        let gy = y * 255 / max(1, height - 1)
        let detail = ((x / 4) ^ (y / 4)) & 63
        return (UInt8(clamping: rx), UInt8(clamping: gy), UInt8(clamping: 64 + detail * 2))
    }

    /// Which bit of the frame code covers (x, y), if any.
    static func codeBit(x: Int, y: Int, width: Int, height: Int) -> Int? {
        guard height >= codeBlock * 2, y >= height - codeBlock else { return nil }
        let bit = x / codeBlock
        let bits = min(codeBits, width / codeBlock)
        return bit < bits ? bit : nil
    }

    /// Reads the frame index back from a decoded frame's luma (stored orientation, full or limited
    /// range): each code block is sampled at its centre and taken as set when brighter than mid-grey.
    public static func frameIndex(luma: (_ x: Int, _ y: Int) -> UInt8, width: Int, height: Int) -> Int? {
        guard height >= codeBlock * 2 else { return nil }
        let bits = min(codeBits, width / codeBlock)
        guard bits > 0 else { return nil }
        var index = 0
        let y = height - codeBlock / 2
        for bit in 0..<bits where luma(bit * codeBlock + codeBlock / 2, y) > 128 {
            index |= 1 << bit
        }
        return index
    }
}
