import CHeif

/// A plane of a `HeifImage` by a Swift name (libheif's `heif_channel`), for code outside LentaMedia.
package enum HeifPlane: Sendable {
    case y, cb, cr
    /// Interleaved R'G'B' (8-bit).
    case interleaved

    var channel: heif_channel {
        switch self {
        case .y: return heif_channel_Y
        case .cb: return heif_channel_Cb
        case .cr: return heif_channel_Cr
        case .interleaved: return heif_channel_interleaved
        }
    }
}

extension HeifImage {
    package func withDeepPlane<T>(_ plane: HeifPlane, _ body: (UnsafeMutablePointer<UInt16>, Int) throws -> T) throws -> T {
        try withDeepPlane(plane.channel, body)
    }

    package func width(of plane: HeifPlane) -> Int { width(of: plane.channel) }
    package func height(of plane: HeifPlane) -> Int { height(of: plane.channel) }
    package func readOnlyPlane(_ plane: HeifPlane) -> (pixels: UnsafePointer<UInt8>, stride: Int)? { readOnlyPlane(plane.channel) }
}
