import CHeif

/// Uncompressed planes in libheif (`heif_image`): decoded from a file or made to be encoded;
/// owned here and released in `deinit`. Made as interleaved 8-bit RGB (to encode) or decoded as
/// 8-bit Y'CbCr 4:2:0.
package final class HeifImage {
    let pointer: OpaquePointer
    package let path: String

    init(_ pointer: OpaquePointer, path: String) {
        self.pointer = pointer
        self.path = path
    }

    /// A new interleaved 8-bit RGB image with its plane allocated (to be filled, then encoded).
    package convenience init(rgbWidth width: Int, height: Int, path: String) throws {
        var image: OpaquePointer?
        try check(heif_image_create(Int32(width), Int32(height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image),
                  "heif_image_create", path: path)
        guard let image else { throw MediaError("heif_image_create", path: path, reason: "no image returned") }
        self.init(image, path: path)
        try check(heif_image_add_plane(pointer, heif_channel_interleaved, Int32(width), Int32(height), 8),
                  "heif_image_add_plane", path: path)
    }

    /// A new Y'CbCr 4:2:0 image of `bits` bits (9…16: each code in 16 bits), its planes
    /// allocated (to be filled through `withPlane`, then encoded).
    package convenience init(yCbCr420Width width: Int, height: Int, bits: Int, path: String) throws {
        var image: OpaquePointer?
        try check(heif_image_create(Int32(width), Int32(height), heif_colorspace_YCbCr, heif_chroma_420, &image),
                  "heif_image_create", path: path)
        guard let image else { throw MediaError("heif_image_create", path: path, reason: "no image returned") }
        self.init(image, path: path)
        for channel in [heif_channel_Y, heif_channel_Cb, heif_channel_Cr] {
            let (w, h) = channel == heif_channel_Y ? (width, height) : ((width + 1) / 2, (height + 1) / 2)
            try check(heif_image_add_plane(pointer, channel, Int32(w), Int32(h), Int32(bits)), "heif_image_add_plane", path: path)
        }
    }

    /// Bits per code of a plane (8 for an 8-bit decode; a deep decode's own depth).
    package func bits(of channel: heif_channel) -> Int { Int(heif_image_get_bits_per_pixel_range(pointer, channel)) }

    /// Runs `body` with a deep plane's 16-bit codes and its stride in codes (valid only inside it).
    package func withDeepPlane<T>(_ channel: heif_channel, _ body: (UnsafeMutablePointer<UInt16>, Int) throws -> T) throws -> T {
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(pointer, channel, &stride) else {
            throw MediaError("read HEIF pixels", path: path, reason: "the image has no such plane")
        }
        return try UnsafeMutableRawPointer(plane).withMemoryRebound(to: UInt16.self, capacity: Int(stride) / 2) { try body($0, Int(stride) / 2) }
    }

    /// Tags the image with an `nclx` colour box (H.273 code points), written when encoded.
    package func setColour(primaries: Int, transfer: Int, matrix: Int, fullRange: Bool) throws {
        guard let nclx = heif_nclx_color_profile_alloc() else {
            throw MediaError("heif_nclx_color_profile_alloc", path: path, reason: "out of memory")
        }
        defer { heif_nclx_color_profile_free(nclx) }
        try check(heif_nclx_color_profile_set_color_primaries(nclx, UInt16(primaries)), "set nclx primaries", path: path)
        try check(heif_nclx_color_profile_set_transfer_characteristics(nclx, UInt16(transfer)), "set nclx transfer", path: path)
        try check(heif_nclx_color_profile_set_matrix_coefficients(nclx, UInt16(matrix)), "set nclx matrix", path: path)
        nclx.pointee.full_range_flag = fullRange ? 1 : 0
        try check(heif_image_set_nclx_color_profile(pointer, nclx), "set nclx colour profile", path: path)
    }

    deinit { heif_image_release(pointer) }

    /// The size of one plane (`heif_channel_interleaved` for RGB, `heif_channel_Y` for Y'CbCr).
    package func width(of channel: heif_channel) -> Int { Int(heif_image_get_width(pointer, channel)) }
    package func height(of channel: heif_channel) -> Int { Int(heif_image_get_height(pointer, channel)) }

    /// A plane's pixels and stride in bytes, or nil when the image has no such plane. The pointer
    /// is valid while this image lives.
    package func readOnlyPlane(_ channel: heif_channel) -> (pixels: UnsafePointer<UInt8>, stride: Int)? {
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(pointer, channel, &stride) else { return nil }
        return (plane, Int(stride))
    }

    /// Runs `body` with the RGB plane and its stride in bytes (valid only inside it).
    package func withRGBPlane<T>(_ body: (UnsafeMutablePointer<UInt8>, Int) throws -> T) throws -> T {
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(pointer, heif_channel_interleaved, &stride) else {
            throw MediaError("read HEIF pixels", path: path, reason: "the image has no RGB plane")
        }
        return try body(plane, Int(stride))
    }
}
