import CJPEG
import LentaCore
import LentaPixels

/// A Y'CbCr JPEG (baseline or progressive; 4:2:0, 4:2:2, 4:4:0 or 4:4:4) decoded by
/// libjpeg-turbo straight to its planes — `jpeg_read_raw_data`: its SIMD IDCT (scaled by 1/2,
/// 1/4 or 1/8 where libavcodec used `lowres`), no colour conversion, no upsampling — for a
/// reducer that reads planes (`PhotoDecoder.PlaneReducer`). About a quarter less CPU than
/// libavcodec's mjpeg decoder on the bench's and phones' photos. Whatever it leaves (other
/// layouts, and any file libjpeg warns about, so damaged files keep libavcodec's errors) is nil.
final class JPEGPlanes {
    private let planes: [UnsafeMutablePointer<UInt8>]
    private let widths: [Int]
    private let heights: [Int]
    private let strides: [Int]
    private let sizes: [Int]

    /// Nil when the raw path leaves this JPEG to libavcodec (or libjpeg-turbo fails on it).
    static func decode(path: String, scaleDenominator: Int) throws -> JPEGPlanes? {
        var planes: [UnsafeMutablePointer<UInt8>?] = [nil, nil, nil]
        var widths: [Int32] = [0, 0, 0], heights: [Int32] = [0, 0, 0]
        var strides: [Int] = [0, 0, 0], sizes: [Int] = [0, 0, 0]
        var message = [CChar](repeating: 0, count: 256)
        let status = lenta_decode_jpeg_planes(path, Int32(scaleDenominator), &planes, &widths, &heights, &strides, &sizes, &message,
                                              message.count)
        // Refused or failed: libavcodec decodes it, and names what is wrong with a damaged file.
        if status != 0 { return nil }
        // A decode that gave the picture counts as the file's open (one refused was only read
        // as far as its header says what it is, and libavformat's open counts).
        ContainerOpens.record(path)
        let owned = planes.compactMap { $0 }
        guard owned.count == 3, widths.allSatisfy({ $0 > 0 }), heights.allSatisfy({ $0 > 0 }) else {
            owned.forEach { free($0) }
            throw MediaError("decode JPEG", path: path, reason: "libjpeg-turbo gave no planes")
        }
        return JPEGPlanes(planes: owned, widths: widths.map(Int.init), heights: heights.map(Int.init), strides: strides, sizes: sizes)
    }

    private init(planes: [UnsafeMutablePointer<UInt8>], widths: [Int], heights: [Int], strides: [Int], sizes: [Int]) {
        self.planes = planes
        self.widths = widths
        self.heights = heights
        self.strides = strides
        self.sizes = sizes
    }

    deinit { planes.forEach { free($0) } }

    /// The planes lent to `body` (JFIF's coding: full-range BT.601).
    func withPlanes<T>(_ body: (BorrowedPlanes) throws -> T) rethrows -> T {
        try withExtendedLifetime(self) {
            let lent = (0 ..< 3).map {
                BorrowedPlanes.Plane(base: planes[$0], width: widths[$0], height: heights[$0], stride: strides[$0], readable: sizes[$0])
            }
            return try body(BorrowedPlanes(y: lent[0], cb: lent[1], cr: lent[2], matrix: .bt601, fullRange: true))
        }
    }
}
