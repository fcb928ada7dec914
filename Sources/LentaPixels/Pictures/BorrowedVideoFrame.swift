/// A decoded 4:2:0 video frame's planes as the decoder left them — 8-bit codes (yuv420p,
/// yuvj420p) or 10-bit codes in 16-bit samples (yuv420p10le), rows `stride` bytes apart — lent
/// for one call, with the size the picture is to be handed on at: the frame's own, or exactly
/// half (each plane's 2×2 blocks averaged, as `HalvedPicture` does). What a
/// `VideoReader.Grader` reads instead of a copy of the frame.
package struct BorrowedVideoFrame {
    package struct Plane {
        package let base: UnsafeRawPointer
        /// Bytes from one row's first sample to the next's.
        package let stride: Int

        package init(base: UnsafeRawPointer, stride: Int) {
            self.base = base
            self.stride = stride
        }
    }

    package let y: Plane
    package let u: Plane
    package let v: Plane
    /// The decoder's size.
    package let storedWidth: Int
    package let storedHeight: Int
    /// Bits per code: 8 (one byte a sample) or 10 (two).
    package let bitDepth: Int
    /// Whether the picture is to be the frame's 2×2 means (both stored sides then multiples of 4).
    package let halved: Bool

    /// The size the picture is handed on at.
    package var width: Int { halved ? storedWidth / 2 : storedWidth }
    package var height: Int { halved ? storedHeight / 2 : storedHeight }

    /// Lends planes that the caller keeps alive; nil when they cannot hold such a frame (a side
    /// not positive, a row shorter than the plane's samples, 10-bit rows at odd bytes, or — halved —
    /// a side not a multiple of 4, whose chroma would not halve exactly).
    package init?(y: Plane, u: Plane, v: Plane, storedWidth: Int, storedHeight: Int, bitDepth: Int, halved: Bool) {
        guard bitDepth == 8 || bitDepth == 10, storedWidth > 0, storedHeight > 0 else { return nil }
        if halved, !Self.halvesExactly(width: storedWidth, height: storedHeight) { return nil }
        let sampleBytes = bitDepth > 8 ? 2 : 1
        let chromaWidth = (storedWidth + 1) / 2
        guard y.stride >= storedWidth * sampleBytes, u.stride >= chromaWidth * sampleBytes, v.stride >= chromaWidth * sampleBytes,
              [y, u, v].allSatisfy({ $0.stride % sampleBytes == 0 }) else { return nil }
        self.y = y
        self.u = u
        self.v = v
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.bitDepth = bitDepth
        self.halved = halved
    }

    /// Whether a 4:2:0 picture of this size halves exactly, chroma too (both sides multiples of 4).
    package static func halvesExactly(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width % 4 == 0 && height % 4 == 0
    }
}
