import CFFmpeg

/// libavfilter's functions, opened once at first use rather than linked (shim.h says why): the
/// loudness pass is the only user, and every other command starts faster without it.
enum FilterLibrary {
    /// The functions, or why libavfilter could not be opened (a `MediaError` naming the library).
    static let functions: Result<LentaAVFilter, MediaError> = {
        let api = UnsafeMutablePointer<LentaAVFilter>.allocate(capacity: 1)
        defer { api.deallocate() }
        var reason = [CChar](repeating: 0, count: 512)
        guard lenta_avfilter_open(api, &reason, reason.count) == 0 else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(MediaError("open libavfilter", path: "", reason: text))
        }
        return .success(api.pointee)  // every field filled: the open succeeded
    }()

    /// The version of the libavfilter this process opened, or nil when it cannot be opened.
    static var version: UInt32? {
        guard case .success(let api) = functions else { return nil }
        return api.version()
    }

    /// Puts `chain` (FFmpeg's filter-graph text) between the graph's `source` and `sink`, as
    /// doc/examples/filtering_*.c do, and configures the graph: 0, or the failing step and its
    /// libavfilter status.
    static func link(_ api: LentaAVFilter, graph: UnsafeMutablePointer<AVFilterGraph>, chain: String,
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
