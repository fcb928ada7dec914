/// How a synthetic HEIC is stored, beyond its EXIF.
public struct SyntheticHEICOptions: Equatable, Sendable {
    /// An EXIF-style orientation (1...8) that libheif writes as `irot`/`imir` boxes, as iPhones do:
    /// a reader that lets libheif apply the transformations gets the picture already turned and
    /// must not apply the EXIF Orientation again. 1 writes no transformation.
    public var transform: Int
    /// Store the EXIF item Apple-style, `Exif\0\0` before the TIFF header (the item's 4-byte offset
    /// is then 6); false stores the bare TIFF block (offset 0).
    public var exifHeader: Bool
    /// x265 quality through libheif, 0...100.
    public var quality: Int

    public init(transform: Int = 1, exifHeader: Bool = true, quality: Int = 80) {
        self.transform = transform
        self.exifHeader = exifHeader
        self.quality = quality
    }
}
