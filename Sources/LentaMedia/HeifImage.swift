import CHeif

/// Uncompressed planes in libheif (`heif_image`): decoded from a file or made to be encoded;
/// owned here and released in `deinit`. This type only handles interleaved 8-bit RGB.
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

    deinit { heif_image_release(pointer) }

    package var width: Int { Int(heif_image_get_width(pointer, heif_channel_interleaved)) }
    package var height: Int { Int(heif_image_get_height(pointer, heif_channel_interleaved)) }

    /// Runs `body` with the RGB plane and its stride in bytes (valid only inside it).
    package func withRGBPlane<T>(_ body: (UnsafeMutablePointer<UInt8>, Int) throws -> T) throws -> T {
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(pointer, heif_channel_interleaved, &stride) else {
            throw MediaError("read HEIF pixels", path: path, reason: "the image has no RGB plane")
        }
        return try body(plane, Int(stride))
    }
}
