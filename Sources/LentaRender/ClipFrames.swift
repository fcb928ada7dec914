import Foundation
import LentaCore
import LentaMedia

/// A clip's pictures as the story shows them: decoded forward by one `VideoReader` and converted
/// by the item's colour table, once each. The layers of every shape of a story rendered in one
/// pass read the same `ClipFrames`, so a clip is decoded and graded once however many shapes
/// show it; each shape asks for the same times in the same order (one timeline, frames planned
/// in lockstep), and the last graded picture serves them all.
/// Unchecked: the reader and the kept picture are used only while holding `lock`.
final class ClipFrames: @unchecked Sendable {
    private let reader: VideoReader
    private let colour: ItemColour
    private let lock = NSLock()
    /// The last graded picture and the source timestamp of the picture it was graded from.
    private var graded: (time: Rational, frame: PlanarFrame)?

    /// The clip's size as shown (upright).
    let width: Int
    let height: Int

    init(item: ResolvedItem, colour: ItemColour, threads: Int) throws {
        reader = try VideoReader(source: item.source, threads: threads)
        // The opened stream knows its colours at least as well as the header probe did.
        colour.source = reader.colour
        self.colour = colour
        width = reader.width
        height = reader.height
    }

    // Freed when the last layer reading it goes (its segment is over in every shape).
    deinit { reader.close() }

    /// Has the reader reduce each picture to `scale` of its size (a single shape's clip that is
    /// larger than it needs).
    func reduce(to scale: Double) {
        lock.withLock { reader.scale = scale }
    }

    /// The share of its size each picture is handed on at (1: whole).
    var scale: Double { lock.withLock { reader.scale } }

    /// The clip's picture at `time` (the frame with the greatest timestamp not after it),
    /// converted and graded by the item's colour table.
    func graded(at time: Rational) throws -> PlanarFrame {
        try lock.withLock {
            let shown = try reader.timedFrame(at: time)
            if let graded, graded.time == shown.time { return graded.frame }
            let frame = colour.convert(shown.frame)
            graded = (shown.time, frame)
            return frame
        }
    }
}
