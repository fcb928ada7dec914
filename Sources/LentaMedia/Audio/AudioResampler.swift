import CFFmpeg

/// A libswresample context (`SwrContext`), owned here and freed in `deinit`: decoded frames of one
/// format, rate and channel layout in, interleaved Float32 stereo at `outputRate` out.
///
/// Channels are mixed with libswresample's own matrix: mono goes to both sides at −3 dB (equal
/// power), 5.1 and other surround layouts are folded down with the centre and surrounds at −3 dB,
/// the LFE left out, and the matrix normalised so that a full-scale input cannot clip.
/// After FFmpeg's doc/examples/resample_audio.c.
final class AudioResampler {
    private let context: OpaquePointer
    private var inputLayout: AVChannelLayout
    let inputFormat: Int32
    let inputRate: Int32
    let path: String

    init(frame: UnsafeMutablePointer<AVFrame>, outputRate: Int32, path: String) throws {
        self.path = path
        let format = frame.pointee.format
        let rate = frame.pointee.sample_rate
        guard rate > 0, frame.pointee.ch_layout.nb_channels > 0 else {
            throw MediaError("set up resampler", path: path,
                                 reason: "the decoded audio has no sample rate or channel count")
        }
        var layout = Self.layout(of: frame)
        var output = AVChannelLayout()
        av_channel_layout_default(&output, 2)
        var created: OpaquePointer? = nil
        var status = swr_alloc_set_opts2(&created, &output, AV_SAMPLE_FMT_FLT, outputRate,
                                         &layout, AVSampleFormat(rawValue: format), rate, 0, nil)
        if status >= 0, let created { status = swr_init(created) }
        guard status >= 0, let created else {
            swr_free(&created)
            av_channel_layout_uninit(&layout)
            throw MediaError("set up resampler", path: path, ffmpeg: status < 0 ? status : lenta_averror(ENOMEM))
        }
        context = created
        inputLayout = layout
        inputFormat = format
        inputRate = rate
    }

    deinit {
        var context: OpaquePointer? = self.context
        swr_free(&context)
        av_channel_layout_uninit(&inputLayout)
    }

    /// The frame's channel layout, with an unspecified one (a WAV without a channel mask)
    /// taken as the usual layout for its channel count. The caller uninits it.
    private static func layout(of frame: UnsafeMutablePointer<AVFrame>) -> AVChannelLayout {
        var layout = AVChannelLayout()
        if frame.pointee.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC
            || av_channel_layout_copy(&layout, &frame.pointee.ch_layout) < 0 {
            av_channel_layout_default(&layout, frame.pointee.ch_layout.nb_channels)
        }
        return layout
    }

    /// Whether frames like this one can go through this context.
    func accepts(_ frame: UnsafeMutablePointer<AVFrame>) -> Bool {
        guard frame.pointee.format == inputFormat, frame.pointee.sample_rate == inputRate else { return false }
        var layout = Self.layout(of: frame)
        defer { av_channel_layout_uninit(&layout) }
        return av_channel_layout_compare(&layout, &inputLayout) == 0
    }

    /// Converts the first `count` samples of `frame` and appends what comes out to `buffer`
    /// (interleaved stereo); returns the number of stereo samples appended.
    @discardableResult
    func convert(_ frame: UnsafeMutablePointer<AVFrame>, count: Int, appendingTo buffer: inout [Float]) throws -> Int {
        try run(input: frame.pointee.extended_data, count: Int32(clamping: count), appendingTo: &buffer)
    }

    /// Appends the samples still held in the filter (at the end of the stream).
    @discardableResult
    func flush(appendingTo buffer: inout [Float]) throws -> Int {
        var total = 0
        while true {
            let n = try run(input: nil, count: 0, appendingTo: &buffer)
            if n == 0 { return total }
            total += n
        }
    }

    /// Feeds `count` input samples of silence (a gap in the stream's timestamps).
    func injectSilence(_ count: Int) throws {
        let status = swr_inject_silence(context, Int32(clamping: count))
        try check(status, "fill audio gap", path: path)
    }

    /// Drops the next `count` output samples (frames that overlap ones already played).
    func dropOutput(_ count: Int) throws {
        let status = swr_drop_output(context, Int32(clamping: count))
        try check(status, "drop overlapping audio", path: path)
    }

    private func run(input: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, count: Int32,
                     appendingTo buffer: inout [Float]) throws -> Int {
        let capacity = swr_get_out_samples(context, count)
        try check(capacity, "resample audio", path: path)
        if capacity == 0 && input == nil { return 0 }
        let start = buffer.count
        buffer.append(contentsOf: [Float](repeating: 0, count: Int(capacity) * 2 + 2))
        let converted: Int32 = buffer.withUnsafeMutableBufferPointer { samples in
            guard let base = samples.baseAddress else { return 0 }
            var plane: UnsafeMutablePointer<UInt8>? = UnsafeMutableRawPointer(base + start).assumingMemoryBound(to: UInt8.self)
            let planes = input.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: UnsafePointer<UInt8>?.self) }
            return swr_convert(context, &plane, capacity + 1, planes, count)
        }
        if converted < 0 {
            buffer.removeSubrange(start...)
            throw MediaError("resample audio", path: path, ffmpeg: converted)
        }
        buffer.removeSubrange((start + Int(converted) * 2)...)
        return Int(converted)
    }
}
