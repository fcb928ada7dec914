import CFFmpeg
import Foundation
import LentaCore

/// Where vid.stab's transforms of shaky clips are kept: a folder beside the catalog
/// (`cache/stabilise/`), one pair of files per clip — `KEY.trf` (what `vidstabdetect` wrote)
/// and `KEY.times` (the presentation time of each frame it saw) — keyed by the file's identity
/// (device, inode, size, modification time, path), so a changed or replaced file is analysed
/// again and its old transforms are never applied to it.
public struct StabilisationCache: Sendable {
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    /// The cache of the catalog at `catalogPath`.
    public init(besideCatalog catalogPath: String) {
        folder = URL(fileURLWithPath: catalogPath).deletingLastPathComponent()
            .appendingPathComponent("cache", isDirectory: true).appendingPathComponent("stabilise", isDirectory: true)
    }

    /// `vidstabdetect`'s settings: shakes of a walking hand (5 of 10), a coarser search than its
    /// default (9 of 15: about twice as fast, the same paths on hand-held shots).
    static let detectSettings = "shakiness=5:accuracy=9:stepsize=6:mincontrast=0.2"

    /// The file's identity as a name, or nil when it cannot be read.
    public static func key(for path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes = Array(path.utf8)
        for value in [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(info.st_size),
                      UInt64(bitPattern: Int64(info.st_mtim.tv_sec)), UInt64(info.st_mtim.tv_nsec)] {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return String(FNV1a.hash(bytes), radix: 16)
    }

    /// The transforms kept for the file as it is now, or nil.
    public func transforms(for path: String) -> ClipStabilisation? {
        guard let key = Self.key(for: path) else { return nil }
        let (trf, times) = files(key)
        guard FileManager.default.fileExists(atPath: times.path), Self.isVidStabFile(trf) else { return nil }
        return .vidStab(transforms: trf, frameTimes: times)
    }

    /// Whether the file starts as vid.stab's text transforms do (a file cut short or damaged in
    /// the cache is not used: the clip then plays as shot, and a later analysis replaces it).
    static func isVidStabFile(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 11)) ?? Data()
        return head == Data("VID.STAB 1\n".utf8)
    }

    private func files(_ key: String) -> (trf: URL, times: URL) {
        (folder.appendingPathComponent(key + ".trf"), folder.appendingPathComponent(key + ".times"))
    }

    /// Whether this libavfilter can stabilise with vid.stab (else `deshake` is used).
    public static var hasVidStab: Bool {
        VideoFilterGraph.has("vidstabdetect") && VideoFilterGraph.has("vidstabtransform")
    }

    /// Runs `vidstabdetect` over every frame of the clip (one decode, on one thread) and keeps
    /// its transforms and frame times, written under temporary names and renamed into place.
    /// - Throws: `MediaError` when the clip cannot be decoded, vid.stab is missing, or the
    ///   folder cannot be written.
    @discardableResult
    public func detect(source: MediaSource) throws -> ClipStabilisation {
        let path = source.description
        guard let key = Self.key(for: source.path) else {
            throw MediaError("stabilise clip", path: path, reason: "the file cannot be read")
        }
        guard Self.hasVidStab else { throw MediaError("stabilise clip", path: path, reason: "this libavfilter has no vid.stab") }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw MediaError("stabilise clip", path: folder.path, reason: "cannot make the cache folder: \(error.localizedDescription)")
        }
        let (trf, timesFile) = files(key)
        let partial = AtomicWrite.temporaryPath(for: trf.path)
        defer { unlink(partial) }
        var times: [Int64] = []
        let timeBase: AVRational
        do {
            let container = try FormatContext(source: source)
            try container.findStreamInfo()
            guard let stream = try container.streams().first(where: { $0.type == AVMEDIA_TYPE_VIDEO && !$0.isCoverArt }) else {
                throw MediaError("find video stream", path: path, reason: "the file has no video stream")
            }
            timeBase = stream.timeBase
            let frames = try StreamFrames(container: container, stream: stream.index, threads: 1, slicesOnly: true)
            let frame = try CodecFrame()
            var graph: VideoFilterGraph?
            while try frames.next(into: frame) {
                let stamp = frame.pointer.pointee.best_effort_timestamp
                if stamp == lenta_av_nopts_value() || (times.last.map { stamp <= $0 } ?? false) { frame.unreference(); continue }
                if graph == nil {
                    graph = try VideoFilterGraph(filters: "format=yuv420p,vidstabdetect=result=\(Self.quoted(partial)):\(Self.detectSettings)",
                                                 like: frame, timeBase: timeBase, path: path)
                }
                times.append(stamp)
                _ = try graph?.filter(frame)
                frame.unreference()
            }
            try graph?.finish()
            graph = nil  // vidstabdetect closes its file when the graph is freed
        }
        guard !times.isEmpty else { throw MediaError("stabilise clip", path: path, reason: "no frame could be decoded") }
        let text = "\(timeBase.num)/\(timeBase.den)\n" + times.map(String.init).joined(separator: "\n") + "\n"
        try AtomicWrite.write(Array(text.utf8), to: timesFile.path, what: "stabilisation frame times")
        try AtomicWrite.moveIntoPlace(partial, trf.path)
        return .vidStab(transforms: trf, frameTimes: timesFile)
    }

    /// A path as a filter option's value: quoted, with what quoting cannot hold escaped.
    static func quoted(_ path: String) -> String {
        "'" + path.replacingOccurrences(of: "'", with: "'\\\\''") + "'"
    }
}

extension StabilisationCache {
    /// Works out how each clip of `story` is held steady (`ResolvedItem.stabilisation`), once,
    /// before the render: `"stabilise": false` never; a clip whose analysis found it shaky (its
    /// transforms are kept here) with vid.stab; `"stabilise": true` on a clip without them has
    /// them made now (`detect`), or is deshaken where vid.stab is missing or they cannot be
    /// made. A steady clip, and every clip when there is no cache, plays as shot.
    /// - Parameter makingTransforms: false where nothing may be written (`auto --dry-run`): a
    ///   clip marked `"stabilise": true` without transforms is then deshaken, as when they
    ///   cannot be made.
    public func resolve(_ story: inout ResolvedStory, makingTransforms: Bool = true) {
        for i in story.items.indices where story.items[i].isVideo {
            story.items[i].stabilisation = stabilisation(of: story.items[i], makingTransforms: makingTransforms)
        }
    }

    func stabilisation(of item: ResolvedItem, makingTransforms: Bool = true) -> ClipStabilisation? {
        if item.item.stabilise == false { return nil }
        let source = item.source
        if Self.hasVidStab, let kept = transforms(for: source.path) { return kept }
        guard item.item.stabilise == true else { return nil }
        guard Self.hasVidStab, makingTransforms else { return .deshake }
        return (try? detect(source: source)) ?? .deshake
    }
}
