import CHeif
import LentaCore

/// A HEIF/HEIC/AVIF file in libheif (`heif_context`), read from a file or being written; owned
/// here and freed in `deinit`. Its images are `HeifImageHandle`s.
package final class HeifContext {
    private let context: OpaquePointer
    /// The file read or to be written, for messages.
    package let path: String

    /// An empty context, for encoding images into (written by `write(to:)`).
    package init(path: String) throws {
        HeifLibrary.initialise()
        self.path = path
        guard let made = heif_context_alloc() else {
            // Also NULL when libheif cannot be opened (it is, on the first call): then say why.
            let failure = lenta_heif_load_failure().map { "cannot open libheif: " + String(cString: $0) }
            throw MediaError("heif_context_alloc", path: path, reason: failure ?? "out of memory")
        }
        context = made
    }

    /// The file at `path`, read (its boxes; images are decoded on request).
    package convenience init(reading path: String) throws {
        try self.init(path: path)
        let context = self.context
        try check(FilePathBytes.withCString(path) { heif_context_read_from_file(context, $0, nil) }, "read HEIF", path: path)
        if let item = try? HeifItemBoxes.derivationLoop(file: RandomAccessFile(path: path)) {
            throw MediaError("read HEIF", path: path, reason: "image \(item) is made of itself (a grid among its own tiles)")
        }
    }

    /// A file held in memory (`bytes`, copied by libheif); messages name `path`.
    package convenience init(bytes: [UInt8], path: String) throws {
        try self.init(path: path)
        let context = self.context
        try bytes.withUnsafeBytes { buffer in
            try check(heif_context_read_from_memory(context, buffer.baseAddress, buffer.count, nil), "read HEIF", path: path)
        }
    }

    deinit { heif_context_free(context) }

    /// The primary image, as displayed (libheif applies `irot`/`imir`).
    package func primaryImage() throws -> HeifImageHandle {
        var handle: OpaquePointer?
        let error = heif_context_get_primary_image_handle(context, &handle)
        try check(error, "find the HEIF primary image", path: path)
        guard let handle else { throw MediaError("find the HEIF primary image", path: path, reason: "none returned") }
        return HeifImageHandle(handle, path: path)
    }

    /// The context's encoder for HEVC (x265 on Debian).
    package func hevcEncoder() throws -> HeifEncoder {
        var encoder: OpaquePointer?
        try check(heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder),
                  "find the HEVC encoder in libheif", path: path)
        guard let encoder else { throw MediaError("find the HEVC encoder in libheif", path: path, reason: "none returned") }
        return HeifEncoder(encoder)
    }

    /// Encodes `image` as a new primary image of this context.
    package func encode(_ image: HeifImage, with encoder: HeifEncoder, options: HeifEncodingOptions) throws -> HeifImageHandle {
        var handle: OpaquePointer?
        try check(heif_context_encode_image(context, image.pointer, encoder.pointer, options.pointer, &handle),
                  "encode HEIC image", path: path)
        guard let handle else { throw MediaError("encode HEIC image", path: path, reason: "no image handle returned") }
        return HeifImageHandle(handle, path: path)
    }

    /// Attaches an EXIF block (a TIFF header and IFDs, optionally after `Exif\0\0`) to an image;
    /// libheif prepends the 4-byte offset to the TIFF header itself.
    package func addExif(_ bytes: [UInt8], to image: HeifImageHandle) throws {
        try bytes.withUnsafeBytes { buffer in
            try check(heif_context_add_exif_metadata(context, image.pointer, buffer.baseAddress, Int32(buffer.count)),
                      "add EXIF to HEIC", path: path)
        }
    }

    /// Writes the file to `file` (a temporary name; messages name `path`).
    package func write(to file: String) throws {
        try check(heif_context_write_to_file(context, file), "write HEIC", path: path)
    }
}

/// libheif wants `heif_init` once per process before its plugins are used.
enum HeifLibrary {
    private static let once: Void = { _ = heif_init(nil) }()
    static func initialise() { _ = once }
}
