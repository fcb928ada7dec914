import CFFmpeg
import Foundation
import LentaCore

/// The one place a clip is held steady: the filter graph its `VideoReader` sends each decoded
/// frame through, in order, before grading and reducing it. With vid.stab's transforms the graph
/// is `vidstabtransform` over the transforms from the first frame it is sent on (found by its
/// time): a reader starts at a trim and seeks, and vid.stab numbers transforms from the first
/// frame its graph sees, so each run of frames gets a graph over its own slice of the file. The
/// camera path is smoothed over 31 frames and the picture zoomed once (`optzoom=1`) by what hides
/// the borders the corrections open. Without vid.stab, `deshake` (frame to frame, no analysis),
/// zoomed in by its search range so its clamped borders stay out of the picture.
final class StabilisingFilter {
    let stabilisation: ClipStabilisation
    let path: String
    private let timeBase: AVRational
    /// The presentation time of each frame vid.stab saw, in order (vid.stab only).
    private let times: [Int64]
    private let transforms: [Substring]
    private let header: [Substring]
    private var graph: VideoFilterGraph?
    /// The index the next frame sent should have, for the current graph.
    private var expected = -1

    /// Frames each side of a frame in vid.stab's smoothing of the camera path (its default).
    static let smoothing = 15
    /// `deshake`'s search, pixels each way, and the zoom that hides what it may shift in.
    static let deshakeReach = 32

    /// - Throws: `MediaError` when the transforms or their frame times cannot be read.
    init(_ stabilisation: ClipStabilisation, timeBase: AVRational, path: String) throws {
        self.stabilisation = stabilisation
        self.path = path
        self.timeBase = timeBase
        guard case .vidStab(let trf, let timesFile) = stabilisation else {
            times = []; transforms = []; header = []
            return
        }
        func text(_ url: URL, _ what: String) throws -> String {
            do { return try String(contentsOf: url, encoding: .utf8) } catch {
                throw MediaError("read stabilisation \(what)", path: url.path, reason: error.localizedDescription)
            }
        }
        let timeLines = try text(timesFile, "frame times").split(separator: "\n")
        let parsed = timeLines.dropFirst().compactMap { Int64($0) }
        guard let first = timeLines.first, first == "\(timeBase.num)/\(timeBase.den)", parsed.count == timeLines.count - 1 else {
            throw MediaError("read stabilisation frame times", path: timesFile.path, reason: "they are not this clip's")
        }
        times = parsed
        let lines = try text(trf, "transforms").split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "VID.STAB 1" else {
            throw MediaError("read stabilisation transforms", path: trf.path, reason: "not a vid.stab 1 file")
        }
        header = lines.prefix { !$0.hasPrefix("Frame ") }
        transforms = lines.filter { $0.hasPrefix("Frame ") }
    }

    /// Forgets the run: the next frame starts a new graph (the reader sought).
    func reset() {
        graph = nil
        expected = -1
    }

    /// The frame held steady (`frame`'s reference is taken over); `frame` itself when the
    /// stabilisation has nothing for it (a frame vid.stab never saw).
    func filter(_ frame: CodecFrame, stamp: Int64) throws -> CodecFrame {
        switch stabilisation {
        case .deshake:
            if graph == nil {
                let w = Int(frame.pointer.pointee.width), h = Int(frame.pointer.pointee.height)
                let r = Self.deshakeReach
                // Cut the reach off every side (kept even for 4:2:0) and scale back to the size.
                let cw = max(2, (w - 2 * r) & ~1), ch = max(2, (h - 2 * r * h / max(1, w)) & ~1)
                graph = try VideoFilterGraph(
                    filters: "format=yuv420p,deshake=rx=\(r):ry=\(r):edge=clamp:blocksize=16:contrast=20,crop=\(cw):\(ch),scale=\(w):\(h):flags=bicubic+accurate_rnd",
                    like: frame, timeBase: timeBase, path: path)
            }
        case .vidStab:
            guard let index = index(of: stamp) else { return frame }
            if graph == nil || index != expected {
                graph = nil
                graph = try slicedGraph(from: index, like: frame)
            }
            expected = index + 1
        }
        guard let graph, let out = try graph.filter(frame) else {
            throw MediaError("stabilise clip", path: path, reason: "the filters kept a frame back")
        }
        return out
    }

    private func index(of stamp: Int64) -> Int? {
        var low = 0, high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] < stamp { low = mid + 1 } else { high = mid }
        }
        return low < times.count && times[low] == stamp && low < transforms.count ? low : nil
    }

    /// `vidstabtransform` over the transforms from frame `index` on, renumbered from 1, in a
    /// temporary file that is removed once the graph has read it.
    private func slicedGraph(from index: Int, like frame: CodecFrame) throws -> VideoFilterGraph {
        var text = header.joined(separator: "\n") + "\n"
        for (k, line) in transforms[index...].enumerated() {
            // "Frame N (List …)": the first frame's motion is from one this run never shows.
            guard let open = line.firstIndex(of: "(") else { continue }
            text += k == 0 ? "Frame 1 (List 0 [])\n" : "Frame \(k + 1) " + line[open...] + "\n"
        }
        let slice = FileManager.default.temporaryDirectory.appendingPathComponent("lenta-stabilise-\(getpid())-\(UInt(bitPattern: ObjectIdentifier(self).hashValue)).trf").path
        guard FileManager.default.createFile(atPath: slice, contents: Data(text.utf8)) else {
            throw MediaError.system("write stabilisation transforms", path: slice)
        }
        defer { unlink(slice) }
        return try VideoFilterGraph(
            filters: "format=yuv420p,vidstabtransform=input=\(StabilisationCache.quoted(slice)):smoothing=\(Self.smoothing):optzoom=1:interpol=bicubic:crop=black",
            like: frame, timeBase: timeBase, path: path)
    }
}
