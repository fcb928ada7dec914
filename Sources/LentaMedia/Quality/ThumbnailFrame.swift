/// Where a photo's picture lies inside its EXIF thumbnail. Cameras store a fixed thumbnail size
/// (160×120 is the EXIF norm) and pad a photo of another shape with bars; a thumbnail whose shape
/// matches the photo's (within 3 %) is the picture whole.
package struct ThumbnailFrame: Equatable {
    package let x: Int, y: Int, width: Int, height: Int
    package let thumbnailWidth: Int, thumbnailHeight: Int

    /// Shapes this close (as a ratio of aspect ratios) are the same shape.
    static let sameShape = 1.03
    /// A bar pixel brighter than this (any channel) is not padding.
    static let barLevel: UInt8 = 40

    /// Nil when the thumbnail is turned the other way from the photo (portrait against landscape):
    /// it shows something else.
    package init?(thumbnailWidth tw: Int, thumbnailHeight th: Int, photoWidth pw: Int, photoHeight ph: Int) {
        guard tw > 0, th > 0, pw > 0, ph > 0, (tw >= th) == (pw >= ph) || abs(tw - th) * 50 < max(tw, th) else { return nil }
        thumbnailWidth = tw
        thumbnailHeight = th
        let thumbAspect = Double(tw) / Double(th), photoAspect = Double(pw) / Double(ph)
        if max(thumbAspect, photoAspect) / min(thumbAspect, photoAspect) <= Self.sameShape {
            (x, y, width, height) = (0, 0, tw, th)
        } else if thumbAspect < photoAspect {
            // Wider photo: bars above and below.
            let h = max(1, Int((Double(tw) / photoAspect).rounded()))
            (x, y, width, height) = (0, (th - h) / 2, tw, h)
        } else {
            let w = max(1, Int((Double(th) * photoAspect).rounded()))
            (x, y, width, height) = ((tw - w) / 2, 0, w, th)
        }
    }

    /// True when everything outside the frame is dark padding (or there is nothing outside it).
    /// `rgb` is the whole thumbnail, packed R'G'B' rows `stride` bytes apart.
    func barsAreBlack(rgb: UnsafePointer<UInt8>, stride: Int) -> Bool {
        // A band of a row or two next to the picture may be blended with it by the camera's scaler.
        let margin = 2
        // Only the columns outside the picture are looked at (a thumbnail of the photo's own
        // shape has none: every photo of a phone's library is checked).
        let left = max(0, min(thumbnailWidth, x - margin)), right = max(left, min(thumbnailWidth, x + width + margin))
        func dark(_ row: UnsafePointer<UInt8>, _ columns: Range<Int>) -> Bool {
            for column in columns {
                let p = row + 3 * column
                if p[0] > Self.barLevel || p[1] > Self.barLevel || p[2] > Self.barLevel { return false }
            }
            return true
        }
        for row in 0..<thumbnailHeight {
            let row0 = rgb + row * stride
            if row >= y - margin && row < y + height + margin {
                guard dark(row0, 0..<left), dark(row0, right..<thumbnailWidth) else { return false }
            } else {
                guard dark(row0, 0..<thumbnailWidth) else { return false }
            }
        }
        return true
    }
}
