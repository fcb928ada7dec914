import CFFmpeg

/// A libavfilter graph (`AVFilterGraph`) between one source and one sink, owned here and freed in
/// `deinit`: the one owner of the graphs `VideoFilterGraph` and `AudioFilterGraph` send frames
/// through (doc/examples/filtering_video.c, filtering_audio.c). Run on one thread, so the output
/// is the same on any machine.
final class FilterGraph {
    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    let source: UnsafeMutablePointer<AVFilterContext>
    let sink: UnsafeMutablePointer<AVFilterContext>
    let api: LentaAVFilter

    /// - Parameters:
    ///   - source: the input filter (`buffer`, `abuffer`) and its arguments.
    ///   - sink: the output filter (`buffersink`, `abuffersink`).
    ///   - chain: the filters between them, in FFmpeg's filter-graph text.
    ///   - operation: what a failure's `MediaError` says was being done, given the step.
    ///   - path: the file a failure names (empty when none is concerned).
    init(source: (filter: String, arguments: String), sink sinkFilter: String, chain: String,
         operation: (String) -> String, path: String) throws {
        let api = try FilterLibrary.functions.get()
        guard let graph = api.graph_alloc() else {
            throw MediaError(operation("allocate a filter graph"), path: path, reason: "out of memory", code: .outOfMemory)
        }
        var owned: UnsafeMutablePointer<AVFilterGraph>? = graph
        func fail(_ step: String, _ status: Int32) -> MediaError {
            api.graph_free(&owned)
            return MediaError(operation(step), path: path, ffmpeg: status)
        }
        graph.pointee.nb_threads = 1
        var input: UnsafeMutablePointer<AVFilterContext>? = nil
        var status = api.graph_create_filter(&input, api.get_by_name(source.filter), "in", source.arguments, nil, graph)
        guard status >= 0, let input else { throw fail("create the graph's input", status) }
        var output: UnsafeMutablePointer<AVFilterContext>? = nil
        status = api.graph_create_filter(&output, api.get_by_name(sinkFilter), "out", nil, nil, graph)
        guard status >= 0, let output else { throw fail("create the graph's output", status) }
        if let failed = Self.link(api, graph: graph, chain: chain, source: input, sink: output) {
            throw fail(failed.step, failed.status)
        }
        self.graph = owned
        self.api = api
        self.source = input
        self.sink = output
    }

    deinit {
        api.graph_free(&graph)
    }

    /// Puts `chain` between the graph's `source` and `sink` and configures the graph: nil, or
    /// the failing step and its libavfilter status.
    private static func link(_ api: LentaAVFilter, graph: UnsafeMutablePointer<AVFilterGraph>, chain: String,
                             source: UnsafeMutablePointer<AVFilterContext>, sink: UnsafeMutablePointer<AVFilterContext>) -> (step: String, status: Int32)? {
        var outputs = api.inout_alloc(), inputs = api.inout_alloc()
        defer {
            api.inout_free(&outputs)
            api.inout_free(&inputs)
        }
        guard let o = outputs, let i = inputs else { return ("allocate the graph's ends", lenta_averror(ENOMEM)) }
        o.pointee.name = av_strdup("in")
        o.pointee.filter_ctx = source
        o.pointee.pad_idx = 0
        o.pointee.next = nil
        i.pointee.name = av_strdup("out")
        i.pointee.filter_ctx = sink
        i.pointee.pad_idx = 0
        i.pointee.next = nil
        var status = api.graph_parse_ptr(graph, chain, &inputs, &outputs, nil)
        guard status >= 0 else { return ("parse the filters", status) }
        status = api.graph_config(graph, nil)
        guard status >= 0 else { return ("configure the filters", status) }
        return nil
    }
}
