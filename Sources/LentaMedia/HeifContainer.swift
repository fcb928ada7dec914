import CHeif
import LentaCore

/// A HEIF/HEIC/AVIF file opened with libheif (`heif_context`), owned here and freed in `deinit`.
final class HeifFile {
    private let context: OpaquePointer
    let path: String

    init(path: String) throws {
        self.path = path
        guard let made = heif_context_alloc() else {
            throw MediaReadError("heif_context_alloc", path: path, reason: "out of memory")
        }
        context = made
        let error = FilePathBytes.withCString(path) { heif_context_read_from_file(made, $0, nil) }
        guard error.code == heif_error_Ok else { throw Self.error("read HEIF", path, error) }
    }

    deinit { heif_context_free(context) }

    static func error(_ operation: String, _ path: String, _ error: heif_error) -> MediaReadError {
        let message = error.message.map { String(cString: $0) } ?? "code \(error.code.rawValue)"
        return MediaReadError(operation, path: path, reason: message)
    }

    /// The primary image's size as displayed (libheif applies `irot`/`imir`) and its first EXIF block.
    func primaryImage() throws -> (width: Int, height: Int, exif: [UInt8]?) {
        var handle: OpaquePointer?
        let error = heif_context_get_primary_image_handle(context, &handle)
        guard error.code == heif_error_Ok, let handle else { throw Self.error("find HEIF primary image", path, error) }
        defer { heif_image_handle_release(handle) }
        let width = Int(heif_image_handle_get_width(handle))
        let height = Int(heif_image_handle_get_height(handle))
        var exif: [UInt8]? = nil
        var id = heif_item_id()
        if heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 {
            let size = heif_image_handle_get_metadata_size(handle, id)
            if size > 4, size < 64 << 20 {
                var block = [UInt8](repeating: 0, count: size)
                let got = block.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
                // The block starts with a 4-byte offset to the TIFF header (usually after "Exif\0\0").
                if got.code == heif_error_Ok, let skip = block.bigEndian32(at: 0), Int(skip) + 4 < size {
                    exif = Array(block[(4 + Int(skip))...])
                }
            }
        }
        return (width, height, exif)
    }
}
