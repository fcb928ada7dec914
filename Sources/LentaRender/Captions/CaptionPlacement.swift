import LentaCore

/// Where a caption's layout box goes in the frame: its text centred across the frame in the
/// top, centre or bottom band, or centred on a normalised point; then moved as little as needed
/// for everything drawn (letters, shadow, box) to lie inside the title-safe area.
struct CaptionPlacement {
    /// The frame's size in pixels.
    var width: Int
    var height: Int

    /// The layout box's top-left in the frame.
    /// - Parameters:
    ///   - extent: everything drawn, relative to the layout box's top-left.
    ///   - boxWidth, boxHeight: the layout box's size in pixels.
    func origin(for position: TextPosition, extent: CaptionRect, boxWidth: Double, boxHeight: Double) -> (x: Int, y: Int) {
        let safe = CaptionRect.titleSafe(width: width, height: height)
        var centreX = Double(width) / 2, centreY = Double(height) / 2
        var top: Int?
        switch position {
        case .anchor(.top): top = safe.top - extent.top
        case .anchor(.bottom): top = safe.bottom - extent.bottom
        case .anchor(.centre): break
        case .point(let p):
            centreX = p.x * Double(width)
            centreY = p.y * Double(height)
        }
        let x = Int((centreX - boxWidth / 2).rounded())
        let y = top ?? Int((centreY - boxHeight / 2).rounded())
        // Clamp inside title-safe; a caption larger than the area keeps its left or top edge in.
        return (max(safe.left - extent.left, min(x, safe.right - extent.right)),
                max(safe.top - extent.top, min(y, safe.bottom - extent.bottom)))
    }
}
