import CFFmpeg

/// A libavfilter audio graph (a `FilterGraph`) between an `abuffer` source and an `abuffersink`
/// (doc/examples/filtering_audio.c): interleaved Float32 samples in at one rate and channel
/// count, interleaved Float32 out at the same rate and count, whatever the filters do in between
/// (`ebur128`, `alimiter`, resampling). Frames that come out keep their metadata
/// (`lavfi.r128.*`), read through `lastMetadata`. Failures are `MediaError`s without a path,
/// naming the filters.
public final class AudioFilterGraph {
    private let graph: FilterGraph
    private let frame: CodecFrame
    public let sampleRate: Int
    public let channels: Int
    /// The filters, as FFmpeg's filter-graph text (for messages).
    public let filters: String
    private var samplesIn: Int64 = 0
    private var ended = false
    /// The metadata of the last frame that came out.
    public private(set) var lastMetadata: [String: String] = [:]

    /// - Parameter filters: a chain in FFmpeg's syntax, e.g. `ebur128=peak=true:metadata=1`.
    public init(filters: String, sampleRate: Int, channels: Int) throws {
        self.filters = filters
        self.sampleRate = sampleRate
        self.channels = channels
        let layout = channels == 1 ? "mono" : "stereo"
        // The chain, then back to the input's format, so what comes out lines up sample for sample.
        let chain = "\(filters),aresample=\(sampleRate),aformat=sample_fmts=flt:sample_rates=\(sampleRate):channel_layouts=\(layout)"
        graph = try FilterGraph(
            source: ("abuffer", "time_base=1/\(sampleRate):sample_rate=\(sampleRate):sample_fmt=flt:channel_layout=\(layout)"),
            sink: "abuffersink", chain: chain, operation: { Self.operation($0, filters) }, path: "")
        do {
            frame = try CodecFrame()
        } catch {
            throw MediaError(Self.operation("allocate a frame", filters), path: "", ffmpeg: lenta_averror(ENOMEM))
        }
    }

    /// Sends interleaved samples in and returns what has come out so far (interleaved).
    public func process(_ interleaved: [Float]) throws -> [Float] {
        guard !ended else { throw MediaError(operation("send samples"), path: "", reason: "the graph has been flushed") }
        let count = interleaved.count / channels
        guard count > 0 else { return [] }
        let input = try CodecFrame()
        let f = input.pointer
        f.pointee.format = AV_SAMPLE_FMT_FLT.rawValue
        f.pointee.sample_rate = Int32(sampleRate)
        f.pointee.nb_samples = Int32(count)
        av_channel_layout_default(&f.pointee.ch_layout, Int32(channels))
        f.pointee.pts = samplesIn
        try check(av_frame_get_buffer(f, 0), operation("allocate an audio frame"), path: "")
        guard let data = f.pointee.data.0 else { throw MediaError(operation("allocate an audio frame"), path: "", reason: "no buffer") }
        interleaved.withUnsafeBytes { raw in
            guard let from = raw.baseAddress else { return }
            UnsafeMutableRawPointer(data).copyMemory(from: from, byteCount: count * channels * MemoryLayout<Float>.size)
        }
        samplesIn += Int64(count)
        try check(graph.api.buffersrc_add_frame(graph.source, f), operation("send samples"), path: "")
        return try receive()
    }

    /// Ends the input and returns everything the filters still held.
    public func flush() throws -> [Float] {
        guard !ended else { return [] }
        ended = true
        try check(graph.api.buffersrc_add_frame(graph.source, nil), operation("end the input"), path: "")
        return try receive()
    }

    /// What a message says was being done: `audio filters "ebur128": send samples` (no file is
    /// concerned, so the `MediaError` has no path).
    private static func operation(_ what: String, _ filters: String) -> String { "audio filters \"\(filters)\": \(what)" }
    private func operation(_ what: String) -> String { Self.operation(what, filters) }

    private func receive() throws -> [Float] {
        var out: [Float] = []
        while true {
            let status = graph.api.buffersink_get_frame(graph.sink, frame.pointer)
            if status == lenta_averror_eagain() || status == lenta_averror_eof() { return out }
            try check(status, operation("receive samples"), path: "")
            defer { frame.unreference() }
            let f = frame.pointer.pointee
            let count = Int(f.nb_samples) * channels
            if count > 0, let data = f.data.0 {
                data.withMemoryRebound(to: Float.self, capacity: count) { out.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
            }
            if f.metadata != nil { lastMetadata = dictionaryEntries(f.metadata) }
        }
    }
}
