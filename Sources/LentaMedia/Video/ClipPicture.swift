import LentaPixels
/// A clip's picture as its `VideoReader` hands it on: either graded already — by the reader's
/// grader, straight from the decoder's frame — or with its codes as the source stored them, for
/// the item's colour table. A graded picture is no `SourcePicture`, so it cannot be put through
/// a colour table a second time.
package enum ClipPicture: Sendable {
    /// In the working format (8-bit limited BT.709 4:2:0), the item's colour path applied.
    case graded(PlanarFrame)
    /// As stored (upright): the grader took no such frame, or left it (no table to apply).
    case stored(SourcePicture)
}
