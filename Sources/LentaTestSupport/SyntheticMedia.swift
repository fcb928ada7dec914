import LentaCore
import LentaMedia

/// Writes small real media files with chosen metadata, for tests: JPEG (libavcodec `mjpeg`),
/// PNG (libavcodec `png`), HEIC (libheif + x265) and MP4/MOV movies (libavcodec + libavformat).
/// Pixels are `SyntheticPattern`; EXIF blocks come from `SyntheticExif.tiffBytes()`.
/// Every file is written under a temporary name and renamed into place when complete.
public enum SyntheticMedia {
    /// A baseline JPEG with the EXIF block as an APP1 `Exif\0\0` segment right after SOI.
    public static func jpeg(width: Int, height: Int, exif: SyntheticExif?, to path: String) throws {
        var bytes = try StillImageEncoder.jpeg(width: width, height: height)
        if let exif { bytes = try JPEGSegments.insertingExif(try exif.app1Payload(), into: bytes) }
        try AtomicWrite.write(bytes, to: path, what: "JPEG")
    }

    /// An RGB PNG with the EXIF block (bare TIFF) in an `eXIf` chunk before the first IDAT.
    public static func png(width: Int, height: Int, exif: SyntheticExif?, to path: String) throws {
        var bytes = try StillImageEncoder.png(width: width, height: height)
        if let exif { bytes = try PNGChunks.insertingExif(try exif.tiffBytes(), into: bytes) }
        try AtomicWrite.write(bytes, to: path, what: "PNG")
    }

    /// A HEIC whose EXIF block is added with `heif_context_add_exif_metadata`.
    public static func heic(width: Int, height: Int, exif: SyntheticExif?,
                            options: SyntheticHEICOptions = SyntheticHEICOptions(), to path: String) throws {
        try HEICWriter.write(width: width, height: height, exif: exif, options: options, to: path)
    }

    /// A HEIC of a drawn picture whose `nclx` box says what its numbers mean (H.273 code
    /// points: primaries 1 BT.709, 12 Display P3; transfer 13 sRGB, 16 PQ, 18 HLG; matrix 6 BT.601).
    public static func heic(_ picture: RGBAImage, primaries: Int, transfer: Int = 13, matrix: Int = 6, quality: Int = 95,
                            to path: String) throws {
        try HEICWriter.write(picture, primaries: primaries, transfer: transfer, matrix: matrix, quality: quality, to: path)
    }

    /// An MP4 or MOV movie as `spec` describes.
    public static func video(_ spec: SyntheticVideo, to path: String) throws {
        try VideoWriter.write(spec, to: path)
    }

    /// A baseline JPEG showing `picture` (its size), with an EXIF block as `jpeg` writes it.
    public static func jpeg(_ picture: SyntheticPicture, exif: SyntheticExif?, to path: String) throws {
        var bytes = try StillImageEncoder.jpeg(width: picture.width, height: picture.height, picture: picture)
        if let exif { bytes = try JPEGSegments.insertingExif(try exif.app1Payload(), into: bytes) }
        try AtomicWrite.write(bytes, to: path, what: "JPEG")
    }

    /// An RGB PNG showing `picture`, with an EXIF block as `png` writes it.
    public static func png(_ picture: SyntheticPicture, exif: SyntheticExif?, to path: String) throws {
        var bytes = try StillImageEncoder.png(width: picture.width, height: picture.height, picture: picture)
        if let exif { bytes = try PNGChunks.insertingExif(try exif.tiffBytes(), into: bytes) }
        try AtomicWrite.write(bytes, to: path, what: "PNG")
    }
}
