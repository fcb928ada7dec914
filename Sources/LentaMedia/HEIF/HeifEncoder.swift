import CHeif

/// A libheif encoder (`heif_encoder`), owned here and released in `deinit`.
package final class HeifEncoder {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    deinit { heif_encoder_release(pointer) }

    /// Lossy quality, 0…100 (clamped).
    package func setLossyQuality(_ quality: Int, path: String) throws {
        try check(heif_encoder_set_lossy_quality(pointer, Int32(max(0, min(100, quality)))), "set HEIC quality", path: path)
    }
}

/// `heif_encoding_options`, owned here and freed in `deinit`.
package final class HeifEncodingOptions {
    let pointer: UnsafeMutablePointer<heif_encoding_options>
    package let path: String

    package init(path: String) throws {
        self.path = path
        guard let options = heif_encoding_options_alloc() else {
            throw MediaError("heif_encoding_options_alloc", path: path, reason: "out of memory")
        }
        pointer = options
    }

    deinit { heif_encoding_options_free(pointer) }

    /// Stores an EXIF orientation (1…8) as `irot`/`imir` instead of rotating the pixels.
    package func setOrientation(_ orientation: Int) throws {
        guard pointer.pointee.version >= 5 else {
            throw MediaError("encode HEIC", path: path,
                             reason: "this libheif cannot write irot/imir (options version \(pointer.pointee.version))")
        }
        pointer.pointee.image_orientation = heif_orientation(rawValue: UInt32(orientation))
    }

    /// Writes the image's `nclx` box, which libheif leaves out by default (an old macOS workaround).
    package func keepColourProfile() {
        pointer.pointee.macOS_compatibility_workaround_no_nclx_profile = 0
    }
}
