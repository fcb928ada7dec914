import CFFmpeg

/// A libavfilter video graph (`AVFilterGraph`), owned here and freed in `deinit`, between a
/// `buffer` source and a `buffersink` (doc/examples/filtering_video.c): decoded frames of one
/// size and pixel format in, filtered frames out. Built for filters that hand each frame back
/// as it is sent (`vidstabdetect`, `vidstabtransform`, `deshake`), so `filter` returns the frame
/// for the one it was given. Failures are `MediaError`s naming the clip and the filters.
final class VideoFilterGraph {
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private let source: UnsafeMutablePointer<AVFilterContext>
    private let sink: UnsafeMutablePointer<AVFilterContext>
    private let api: LentaAVFilter
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
        let api = try FilterLibrary.functions.get()
        func operation(_ what: String) -> String { "video filters \"\(filters)\": \(what)" }
        guard let graph = api.graph_alloc() else {
            throw MediaError(operation("allocate a filter graph"), path: path, reason: "out of memory", code: .outOfMemory)
        }
        var owned: UnsafeMutablePointer<AVFilterGraph>? = graph
        func fail(_ what: String, _ status: Int32) -> MediaError {
            api.graph_free(&owned)
            return MediaError(operation(what), path: path, ffmpeg: status)
        }
        graph.pointee.nb_threads = 1  // the same pictures on any machine
        let f = frame.pointer.pointee
        let aspect = f.sample_aspect_ratio.num > 0 ? f.sample_aspect_ratio : AVRational(num: 1, den: 1)
        let arguments = "video_size=\(f.width)x\(f.height):pix_fmt=\(f.format):time_base=\(timeBase.num)/\(max(1, timeBase.den))"
            + ":pixel_aspect=\(aspect.num)/\(aspect.den)"
        var source: UnsafeMutablePointer<AVFilterContext>? = nil
        var status = api.graph_create_filter(&source, api.get_by_name("buffer"), "in", arguments, nil, graph)
        guard status >= 0, let source else { throw fail("create the graph's input", status) }
        var sink: UnsafeMutablePointer<AVFilterContext>? = nil
        status = api.graph_create_filter(&sink, api.get_by_name("buffersink"), "out", nil, nil, graph)
        guard status >= 0, let sink else { throw fail("create the graph's output", status) }
        if let failed = FilterLibrary.link(api, graph: graph, chain: filters, source: source, sink: sink) {
            throw fail(failed.step, failed.status)
        }
        self.graph = owned
        self.api = api
        self.source = source
        self.sink = sink
    }

    deinit {
        api.graph_free(&graph)
    }

    /// Sends `frame` through (its reference is taken over and `frame` left blank) and returns
    /// what came out for it, or nil when the filters hold it back.
    func filter(_ frame: CodecFrame) throws -> CodecFrame? {
        _ = try check(api.buffersrc_add_frame(source, frame.pointer), "video filters \"\(filters)\": send a frame", path: path)
        let out = try CodecFrame()
        let status = api.buffersink_get_frame(sink, out.pointer)
        if status == lenta_averror_eagain() || status == lenta_averror_eof() { return nil }
        _ = try check(status, "video filters \"\(filters)\": receive a frame", path: path)
        return out
    }

    /// Ends the input (a filter that writes a file at its end, as `vidstabdetect` does, writes it
    /// now) and lets go of what came out.
    func finish() throws {
        _ = try check(api.buffersrc_add_frame(source, nil), "video filters \"\(filters)\": end the input", path: path)
        let out = try CodecFrame()
        while api.buffersink_get_frame(sink, out.pointer) >= 0 { out.unreference() }
    }
}
