import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import LentaCore

/// The memory photos may take while they are decoded, as a contract (README, "Limits"): a
/// photo is decoded at the size the story needs where its format allows (JPEG at 1/2, 1/4 or
/// 1/8 in the decoder; a HEIF tile grid a tile at a time, `HeifTiledPicture`), whole where it
/// does not (a HEIF/AVIF that is one coded picture, through libheif; PNG; WebP),
/// and refused — with its size and the limit — when even that would cost more than
/// `maximumBytes`. Decodes running at once (the photo on screen and the next one being
/// prepared) share the same budget through `gate`, so a story of several huge photos never
/// holds more than one of them decoded.
public enum PhotoMemoryBudget {
    /// The most decoding photos may take at once: 900 MiB, a HEIC of 209 megapixels.
    public static let maximumBytes = 900 << 20

    /// Decodes at least this large hand what they freed back to the system when they end.
    static let trimAbove = 64 << 20

    /// Returns freed heap memory to the system (glibc keeps it in its arenas otherwise).
    static func returnFreedMemory() { LentaMedia.returnFreedMemory() }

    /// Peak bytes a pixel costs while a photo of `format` is decoded (the decoder's planes, and
    /// any conversion it makes), in halves: libheif 1.15 assembles a tile grid at 4:4:4 and then
    /// brings it to the 4:2:0 asked for (measured: 893 MB at its peak for 200 megapixels, 4.5
    /// bytes a pixel); JPEG's planes at 4:4:4, or CMYK and RGB for the CMYK path; PNG at 16-bit
    /// RGBA; WebP RGBA.
    static func halfBytesPerPixel(_ format: MediaFormat) -> Int {
        switch format {
        case .heif, .avif: return 9
        case .png: return 16
        default: return 8
        }
    }

    /// Peak bytes to decode a `width × height` photo reduced `lowres` times by half.
    public static func decodeBytes(format: MediaFormat, width: Int, height: Int, lowres: Int = 0) -> Int {
        let w = (max(0, width) + (1 << lowres) - 1) >> lowres, h = (max(0, height) + (1 << lowres) - 1) >> lowres
        let (pixels, overflow) = w.multipliedReportingOverflow(by: h)
        let (halves, tooMany) = pixels.multipliedReportingOverflow(by: halfBytesPerPixel(format))
        return overflow || tooMany ? .max : halves / 2
    }

    /// JPEG's decoder reduces by up to 8; other formats are decoded whole.
    static func largestReduction(_ format: MediaFormat) -> Int { format == .jpeg ? 3 : 0 }

    /// Why a photo of this size cannot be decoded within the budget, or nil when it can.
    /// - Parameter held: bytes the decoder holds whatever the reduction (a progressive JPEG's
    ///   coefficients, `MediaMetadata.heldDecodeBytes`).
    public static func refusal(format: MediaFormat, width: Int, height: Int, held: Int = 0) -> String? {
        let lowres = largestReduction(format)
        let (bytes, overflow) = decodeBytes(format: format, width: width, height: height, lowres: lowres).addingReportingOverflow(max(0, held))
        guard overflow || bytes > maximumBytes else { return nil }
        let megapixels = Double(width) * Double(height) / 1e6
        if held > 0 {
            // 4:2:0 progressive: 3 bytes a pixel of coefficients, and the reduced planes.
            return "too large to decode: a progressive JPEG of \(width)×\(height) (\(Int(megapixels.rounded())) megapixels) holds \(held >> 20) MiB of coefficients "
                + "while it is decoded, at any scale; lenta decodes progressive JPEGs within \(maximumBytes >> 20) MiB (about 300 megapixels at 4:2:0, 150 at 4:4:4)"
        }
        let largest = maximumBytes * 2 / halfBytesPerPixel(format) / 1_000_000 << (2 * lowres)
        return "too large to decode: \(width)×\(height) (\(Int(megapixels.rounded())) megapixels); lenta decodes \(format.rawValue.uppercased()) photos of up to \(largest) megapixels"
    }

    /// Decodes running in this process share `maximumBytes`.
    static let gate = MemoryGate(capacity: maximumBytes)
}

/// Lets work that needs memory wait until the memory is free: reservations held at once never
/// add up to more than the capacity, except that one alone always runs. The count changes only
/// while `condition` is held too (so no wake-up is lost); the `Mutex` is what lets the compiler
/// check the count is never touched unguarded.
final class MemoryGate: Sendable {
    private let condition = NSCondition()
    private let capacity: Int
    private let reserved = Mutex(0)

    init(capacity: Int) { self.capacity = capacity }

    func withReservation<T>(_ bytes: Int, _ body: () throws -> T) rethrows -> T {
        let bytes = min(max(0, bytes), capacity)
        let capacity = capacity
        condition.lock()
        while !reserved.withLock({ held in
            guard held == 0 || held + bytes <= capacity else { return false }
            held += bytes
            return true
        }) {
            condition.wait()
        }
        condition.unlock()
        defer {
            condition.lock()
            reserved.withLock { $0 -= bytes }
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
