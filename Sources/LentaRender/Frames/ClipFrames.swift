import Foundation
import LentaCore
import LentaMedia
import LentaPixels
import Synchronization

/// A clip's pictures as the story shows them: decoded forward by one `VideoReader` and converted
/// by the item's colour table, once each — by the reader, straight from the decoder's frame, where
/// it can (`ItemColour.grade`), so no copy of the source's codes is made in between. The layers of
/// every shape of a story rendered in one pass read the same `ClipFrames`, so a clip is decoded and
/// graded once however many shapes show it; each shape asks for the same times in the same order
/// (one timeline, frames planned in lockstep), and the last graded picture serves them all.
///
/// Shapes that would each reduce the clip alone (a 2160p clip in a 1080p landscape or square
/// story) while another needs it whole (a portrait one) read a picture of their own size, made
/// from the same decoded frame by the reader (`scales`): the frames they would have had, without
/// each resampling the whole picture.
///
/// When a transition brings in the next clip, the pictures this one still shows can be graded
/// ahead (`keep`) and its decoder let go of, so only one decoder is alive at a time.
/// Its state (the reader, the item's colour tables, the kept pictures and the last graded one)
/// lives in one `Mutex`: the layers of every shape reach it from the compositing thread, a
/// transition's `keep` from whichever compositor plans it first.
final class ClipFrames: Sendable {
    private struct State {
        /// nil once `keep` let go of it; opened again if a time outside what was kept is asked.
        var reader: VideoReader?
        /// The fractions of its size the reader hands each picture on at (the first its `scale`).
        var readerScales: [Double] = [1]
        let colour: ItemColour
        /// The last graded pictures (one for each of `readerScales`) and the source timestamp of
        /// the picture they were graded from.
        var graded: (time: Rational, frames: [PlanarFrame])?
        /// The pictures graded ahead by `keep`, by the time asked, in order.
        var kept: [(time: Rational, frames: [PlanarFrame])] = []
        var keptAny = false
    }

    private let state: Mutex<State>
    private let source: MediaSource
    private let stabilisation: ClipStabilisation?
    private let threads: Int

    /// The clip's size as shown (upright).
    let width: Int
    let height: Int

    init(item: ResolvedItem, colour: ItemColour, threads: Int) throws {
        let reader = try VideoReader(source: item.source, threads: threads, grader: Self.grader(colour), stabilisation: item.stabilisation)
        source = item.source
        stabilisation = item.stabilisation
        self.threads = threads
        // The opened stream knows its colours at least as well as the header probe did.
        colour.source = reader.colour
        width = reader.width
        height = reader.height
        state = Mutex(State(reader: reader, colour: colour))
    }

    // Freed when the last layer reading it goes (its segment is over in every shape).
    deinit {
        state.withLock { state in
            // The pictures go first, so that the one hand-back below covers them too: kept ones were
            // allocated beside the next clip's decoder, and the holes they leave would stay resident.
            state.kept = []
            state.graded = nil
            if let reader = state.reader {
                reader.close()  // hands back what it held, and what the pictures did
            } else if state.keptAny {
                returnFreedMemory()
            }
        }
    }

    /// Has the reader reduce each picture to `scale` of its size (a single shape's clip that is
    /// larger than it needs).
    func reduce(to scale: Double) {
        reduce(to: [scale])
    }

    /// Has the reader hand each picture on at each of `scales` (at least one; the shapes of one
    /// pass that need different sizes), made from the same decoded frame; `graded(at:scale:)`'s
    /// `scale` is an index into them. Called before any picture is read.
    func reduce(to scales: [Double]) {
        guard let first = scales.first else { return }
        state.withLock { state in
            state.readerScales = scales
            state.reader?.scale = first
            state.reader?.alsoScales = Array(scales.dropFirst())
        }
    }

    /// The share of its size each picture is handed on at (1: whole).
    var scale: Double { state.withLock { $0.readerScales.first ?? 1 } }

    /// The sizes pictures are handed on at (see `reduce(to:)`).
    var scales: [Double] { state.withLock { $0.readerScales } }

    /// Whether the clip's decoder is alive (not let go of by `keep`).
    var isDecoding: Bool { state.withLock { $0.reader != nil } }

    /// The clip's picture at `time` (the frame with the greatest timestamp not after it),
    /// converted and graded by the item's colour table.
    /// - Parameter scale: which of `scales` (0: the reader's own `scale`).
    func graded(at time: Rational, scale: Int = 0) throws -> PlanarFrame {
        let pictures = try state.withLock { state in
            if state.reader == nil {
                // Times are asked in order: what was kept before `time` is shown no more.
                if let first = state.kept.firstIndex(where: { $0.time >= time }) { state.kept.removeFirst(first) } else { state.kept = [] }
                if let picture = state.kept.first, picture.time == time { return picture.frames }
                // Asked out of order (`lenta frame`, a test): decoded again, as before `keep`.
                state.kept = []
            }
            return try decodeAndGrade(at: time, &state)
        }
        guard pictures.indices.contains(scale) else { throw RenderError("no picture of the clip at size \(scale)") }
        return pictures[scale]
    }

    /// Grades the pictures at `times` (ascending, the ones the story still asks for) now, while
    /// they take at most `bytes`, and lets go of the decoder: the next clip's can then be
    /// opened without this one's alive beside it. Only a decoder of large pictures is let go
    /// of; nothing changes either when the pictures would take more (a long transition keeps
    /// both decoders) or the decoding fails (the error comes when the picture is asked for).
    /// Returns whether the decoder was let go of.
    @discardableResult
    func keep(times: [Rational], bytes: Int) -> Bool {
        state.withLock { state in
            // A 1080p decoder takes less than the pictures would (some 25 MB against 47 MB for
            // a 0.5 s crossfade, measured); a 2160p one's pool of full-size pictures far more.
            guard let reader = state.reader, reader.hasLargePictures, let last = state.graded, !times.isEmpty else { return false }
            // Each kept picture is the size of the last one graded (the same reader, the same scale).
            let each = last.frames.reduce(0) { $0 + $1.y.count + $1.u.count + $1.v.count }
            guard each * times.count <= bytes else { return false }
            var pictures: [(time: Rational, frames: [PlanarFrame])] = []
            pictures.reserveCapacity(times.count)
            do {
                for time in times { pictures.append((time, try decodeAndGrade(at: time, &state))) }
            } catch {
                return false
            }
            state.kept = pictures
            state.keptAny = true
            // Closing a decoder of large pictures hands its memory back.
            reader.close()
            state.reader = nil
            return true
        }
    }

    /// The reader's pictures at `time` (one for each of `scales`), graded (the last ones reused
    /// when they are of the same picture). Called holding the state's lock.
    private func decodeAndGrade(at time: Rational, _ state: inout State) throws -> [PlanarFrame] {
        let reader = try openReader(&state)
        let shown = try reader.timedPictures(at: time)
        if let graded = state.graded, graded.time == shown.time { return graded.frames }
        let colour = state.colour
        let frames = shown.pictures.map { picture in
            switch picture {
            case .graded(let picture): picture
            case .stored(let picture): colour.convert(picture)
            }
        }
        state.graded = (shown.time, frames)
        return frames
    }

    /// The reader's grader: the item's colour table applied to each decoded frame where it reads it.
    private static func grader(_ colour: ItemColour) -> VideoReader.Grader {
        { colour.grade($0) }
    }

    /// The reader, opened again when `keep` let go of it. Called holding the state's lock.
    private func openReader(_ state: inout State) throws -> VideoReader {
        if let reader = state.reader { return reader }
        let reopened = try VideoReader(source: source, threads: threads, grader: Self.grader(state.colour), stabilisation: stabilisation)
        reopened.scale = state.readerScales.first ?? 1
        reopened.alsoScales = Array(state.readerScales.dropFirst())
        state.reader = reopened
        return reopened
    }
}
