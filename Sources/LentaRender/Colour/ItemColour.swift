import Foundation
import LentaCore
import LentaMedia
import LentaPixels
import Synchronization

/// An item's colour path: its source's colour description, the output's, and its grade. The
/// table for each source depth is built when first needed — once per item — and turns the
/// source's codes into the working format in the one pass a grade alone would cost. The source's
/// description and the tables live in a `Mutex`: a clip's decoder grades on whichever thread reads it.
final class ItemColour: Sendable {
    private struct Known {
        var source: ColourDescription
        var tables: [Int: YUVLookupTable?] = [:]
    }
    private let known: Mutex<Known>
    /// What the source's numbers mean (a clip refines it once its stream is open).
    var source: ColourDescription {
        get { known.withLock { $0.source } }
        set {
            known.withLock { known in
                if known.source != newValue { known.tables = [:] }
                known.source = newValue
            }
        }
    }
    let output: ColourDescription
    let grade: ColourGrade?
    let parallel: ParallelSlices

    init(source: ColourDescription, output: ColourDescription, grade: ColourGrade?, parallel: ParallelSlices) {
        known = Mutex(Known(source: source))
        self.output = output
        self.grade = grade
        self.parallel = parallel
    }

    /// The table for codes of `bits` bits; nil when 8-bit codes need no change.
    func table(bits: Int) -> YUVLookupTable? {
        known.withLock { known in
            if let made = known.tables[bits] { return made }
            var described = known.source
            described.bitDepth = bits
            let made = YUVLookupTable.make(source: described, output: output, grade: grade, parallel: parallel)
            known.tables[bits] = .some(made)
            return made
        }
    }

    /// A picture of the source in the working format.
    func convert(_ picture: SourcePicture) -> PlanarFrame {
        switch picture {
        case .eightBit(var frame):
            table(bits: 8)?.apply(to: &frame, parallel: parallel)
            return frame
        case .deep(let frame):
            guard let table = table(bits: frame.bitDepth) else {
                // Unreachable (a deeper coding is never the output's), but never a crash.
                return PlanarFrame(width: frame.width, height: frame.height)
            }
            return table.apply(frame, parallel: parallel)
        }
    }

    /// A decoder's frame in the working format, graded straight from its planes (see
    /// `VideoReader.Grader`); nil when its codes need no table, so the reader hands it on as stored.
    func grade(_ frame: BorrowedVideoFrame) -> PlanarFrame? {
        table(bits: frame.bitDepth)?.apply(frame, parallel: parallel)
    }

    /// Whether an 8-bit picture comes out as it went in.
    var leavesEightBitAlone: Bool { table(bits: 8) == nil }
}
