import CFFmpeg

/// A libavfilter video graph (a `FilterGraph`) between a `buffer` source and a `buffersink`
/// (doc/examples/filtering_video.c): decoded frames of one size and pixel format in, filtered
/// frames out. Built for filters that hand each frame back as it is sent (`vidstabdetect`,
/// `vidstabtransform`, `deshake`), so `filter` returns the frame for the one it was given.
/// Failures are `MediaError`s naming the clip and the filters.
final class VideoFilterGraph {
    private let graph: FilterGraph
    let filters: String
    let path: String

    /// Whether this libavfilter has a filter of that name (Debian's has vid.stab; builds without
    /// `--enable-libvidstab` do not).
    static func has(_ name: String) -> Bool {
        guard case .success(let api) = FilterLibrary.functions else { return false }
        return api.get_by_name(name) != nil
    }

    /// - Parameters:
    ///   - filters: a chain in FFmpeg's syntax, e.g. `vidstabtransform=input=clip.trf`.
    ///   - like: a decoded frame whose size and pixel format the input has (its colours travel
    ///     with each frame: FFmpeg 5.1's `buffer` has no options for them).
    ///   - timeBase: the frames' time base.
    init(filters: String, like frame: CodecFrame, timeBase: AVRational, path: String) throws {
        self.filters = filters
        self.path = path
        let f = frame.pointer.pointee
        let aspect = f.sample_aspect_ratio.num > 0 ? f.sample_aspect_ratio : AVRational(num: 1, den: 1)
        let arguments = "video_size=\(f.width)x\(f.height):pix_fmt=\(f.format):time_base=\(timeBase.num)/\(max(1, timeBase.den))"
            + ":pixel_aspect=\(aspect.num)/\(aspect.den)"
        graph = try FilterGraph(source: ("buffer", arguments), sink: "buffersink", chain: filters,
                                operation: { "video filters \"\(filters)\": \($0)" }, path: path)
    }

    /// Sends `frame` through (its reference is taken over and `frame` left blank) and returns
    /// what came out for it, or nil when the filters hold it back.
    func filter(_ frame: CodecFrame) throws -> CodecFrame? {
        _ = try check(graph.api.buffersrc_add_frame(graph.source, frame.pointer), "video filters \"\(filters)\": send a frame", path: path)
        let out = try CodecFrame()
        let status = graph.api.buffersink_get_frame(graph.sink, out.pointer)
        if status == lenta_averror_eagain() || status == lenta_averror_eof() { return nil }
        _ = try check(status, "video filters \"\(filters)\": receive a frame", path: path)
        return out
    }

    /// Ends the input (a filter that writes a file at its end, as `vidstabdetect` does, writes it
    /// now) and lets go of what came out.
    func finish() throws {
        _ = try check(graph.api.buffersrc_add_frame(graph.source, nil), "video filters \"\(filters)\": end the input", path: path)
        let out = try CodecFrame()
        while graph.api.buffersink_get_frame(graph.sink, out.pointer) >= 0 { out.unreference() }
    }
}
