import CFFmpeg
import LentaCore

/// One pass through a file's sound: the container, the audio decoder and the resampler, and where
/// on the 48 kHz clock the samples that came out belong. `AudioDecoder` is built on it.
///
/// The clock: sample `n` is at `n / 48000` s of *file time*. In a movie, file time 0 is the first
/// timestamp of its video stream — the clock `VideoReader` counts a clip's `trim` on, so picture
/// and sound stay together; in a file without video (music), the container's start
/// (`AVFormatContext.start_time`, what `ffmpeg -ss` counts from). Sound stamped before time 0 is
/// not played. A frame's place on the clock comes from its timestamp; within a run of
/// frames, the samples are counted. A gap between frames' timestamps is filled with silence and
/// an overlap is dropped, so the sound keeps to the container's clock (and to the video's) over
/// the whole file. After FFmpeg's doc/examples/demux_decode.c and resample_audio.c.
final class AudioInput {
    static let outputRate: Int32 = 48_000

    let path: String
    let codecName: String
    let sourceSampleRate: Int
    let sourceChannelCount: Int
    /// Seconds of sound from file time 0 to the end of the audio stream, as the container says.
    let duration: Double?
    /// Whether the container's index lands a seek exactly (MP4/MOV, Matroska, WAV): others are
    /// decoded from the start instead.
    let seeksExactly: Bool

    private let format: FormatContext
    private let streamIndex: Int32
    private let timeBase: AVRational
    /// File time 0, in the stream's time base.
    private let origin: Int64
    /// Where the container says the sound ends (an MP4 edit list leaves the AAC encoder's padding
    /// out of the track's duration), in the stream's time base.
    private let end: Int64?
    private let decoder: DecoderContext
    private let packet: CodecPacket
    private let frame: CodecFrame
    private var resampler: AudioResampler?

    /// The 48 kHz sample index of the first sample appended since the file was opened or last
    /// sought; nil until a frame with a timestamp has come out.
    private(set) var anchor: Int?
    private(set) var isFinished = false
    private var expectedPTS: Int64?
    private var sentEndOfStream = false
    /// After a seek, frames without a timestamp cannot be placed: they are skipped until one has it.
    private var needsTimestamp = false

    init(source: MediaSource) throws {
        let path = source.description
        self.path = path
        format = try FormatContext(source: source)
        // The sound the header names is the one probed (the other streams are neither probed
        // nor read); a header that names none has every stream probed.
        let named = try format.withContext { ctx -> Int32 in
            var codec: UnsafePointer<AVCodec>? = nil
            return av_find_best_stream(ctx, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0)
        }
        if named >= 0 { try format.findStreamInfo(keeping: Int(named)) } else { try format.findStreamInfo() }
        packet = try CodecPacket()
        frame = try CodecFrame()
        let nopts = lenta_av_nopts_value()

        struct Found {
            var index: Int32, timeBase: AVRational, origin: Int64, end: Int64?, duration: Double?
            var exact: Bool, decoder: DecoderContext
        }
        let found: Found = try format.withContext { ctx in
            // The best audio stream that this FFmpeg can decode.
            var codec: UnsafePointer<AVCodec>? = nil
            let index = av_find_best_stream(ctx, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0)
            if index == MediaError.Code.decoderNotFound.rawValue {
                throw MediaError("find audio stream", path: path, reason: "this FFmpeg has no decoder for the file's audio",
                                 code: .decoderNotFound)
            }
            guard index >= 0, let stream = ctx.pointee.streams[Int(index)] else {
                throw MediaError("find audio stream", path: path, reason: "the file has no audio stream")
            }
            // Only the sound is read from here on: the demuxer skips the other streams' packets.
            for i in 0..<Int(ctx.pointee.nb_streams) where i != Int(index) {
                ctx.pointee.streams[i]?.pointee.discard = AVDISCARD_ALL
            }
            let tb = stream.pointee.time_base
            var origin: Int64 = 0
            let video = (0..<Int(ctx.pointee.nb_streams)).lazy.compactMap { ctx.pointee.streams[$0] }.first {
                $0.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO
                    && $0.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC == 0
            }
            if let video {
                // The clock `VideoReader` counts a clip's trim on: its video stream's first time.
                if video.pointee.start_time != nopts {
                    origin = av_rescale_q(video.pointee.start_time, video.pointee.time_base, tb)
                }
            } else if ctx.pointee.start_time != nopts {
                origin = av_rescale_q(ctx.pointee.start_time, lenta_av_time_base_q(), tb)
            } else if stream.pointee.start_time != nopts {
                origin = stream.pointee.start_time
            }
            let formatName = ctx.pointee.iformat?.pointee.name.map { String(cString: $0) } ?? ""
            let names = Set(formatName.split(separator: ",").map(String.init))
            let isISO = names.contains("mov") || names.contains("mp4")
            var end: Int64? = nil
            if isISO, stream.pointee.duration > 0, stream.pointee.duration != nopts {
                end = (stream.pointee.start_time != nopts ? stream.pointee.start_time : 0) + stream.pointee.duration
            }
            var duration: Double? = nil
            if let end {
                duration = Double(end - origin) * av_q2d(tb)
            } else if stream.pointee.duration > 0, stream.pointee.duration != nopts {
                let first = stream.pointee.start_time != nopts ? stream.pointee.start_time : origin
                duration = Double(first - origin + stream.pointee.duration) * av_q2d(tb)
            } else if ctx.pointee.duration > 0, ctx.pointee.duration != nopts {
                duration = Double(ctx.pointee.duration) / Double(AV_TIME_BASE)
            }
            let exact = isISO || !names.isDisjoint(with: ["matroska", "webm", "wav", "w64", "aiff"])
            return Found(index: index, timeBase: tb, origin: origin, end: end, duration: duration, exact: exact,
                         // One thread: the same samples every run, and gentle on a machine that is also encoding video.
                         decoder: try DecoderContext(stream: stream, path: path, threads: 1))
        }
        streamIndex = found.index
        timeBase = found.timeBase
        origin = found.origin
        end = found.end
        duration = found.duration
        seeksExactly = found.exact
        decoder = found.decoder
        codecName = avcodec_get_name(found.decoder.pointer.pointee.codec_id).map { String(cString: $0) } ?? "unknown"
        sourceSampleRate = Int(found.decoder.pointer.pointee.sample_rate)
        sourceChannelCount = Int(found.decoder.pointer.pointee.ch_layout.nb_channels)
    }

    /// Whether the file has a sound track this FFmpeg can decode, from its header (without
    /// opening a decoder).
    static func hasAudioStream(source: MediaSource) throws -> Bool {
        let format = try FormatContext(source: source)
        func found() throws -> Bool {
            try format.withContext { ctx in
                var codec: UnsafePointer<AVCodec>? = nil
                return av_find_best_stream(ctx, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0) >= 0
            }
        }
        if try found() { return true }
        let needsProbe = try format.withContext { $0.pointee.ctx_flags & Int32(AVFMTCTX_NOHEADER) != 0 }
        guard needsProbe else { return false }
        try format.findStreamInfo()
        return try found()
    }

    /// Moves to the last packet at or before `sample` (48 kHz, file time); decoding starts afresh
    /// and `anchor` says where the first samples out belong.
    func seek(toSample sample: Int) throws {
        let target = origin + av_rescale_q(Int64(sample), AVRational(num: 1, den: Self.outputRate), timeBase)
        try format.seek(stream: Int(streamIndex), to: target)
        decoder.flush()
        resampler = nil
        anchor = nil
        expectedPTS = nil
        sentEndOfStream = false
        isFinished = false
        needsTimestamp = true
    }

    /// One step of the send/receive loop: appends zero or more interleaved stereo samples to
    /// `buffer`, or sets `isFinished` once the decoder and the resampler are drained.
    func decodeStep(appendingTo buffer: inout [Float]) throws {
        guard !isFinished else { return }
        switch try decoder.receive(into: frame) {
        case .frame:
            defer { frame.unreference() }
            try consumeFrame(appendingTo: &buffer)
        case .endOfStream:
            try finish(appendingTo: &buffer)
        case .needsInput where sentEndOfStream:
            try finish(appendingTo: &buffer)
        case .needsInput:
            try sendNextPacket()
        }
    }

    private func sendNextPacket() throws {
        defer { packet.unreference() }
        guard try format.readPacket(into: packet) else {
            // Enter draining: the decoder hands back what it still holds, then EOF.
            sentEndOfStream = true
            _ = try decoder.send(nil)
            return
        }
        guard packet.pointer.pointee.stream_index == streamIndex else { return }
        do {
            _ = try decoder.send(packet)
        } catch let error as MediaError where error.code == .invalidData {
            // A damaged packet is left out (its time becomes silence), as the ffmpeg CLI does.
        }
    }

    private func consumeFrame(appendingTo buffer: inout [Float]) throws {
        let f = frame.pointer
        let count = Int64(f.pointee.nb_samples)
        let rate = f.pointee.sample_rate
        guard count > 0, rate > 0 else { return }
        let nopts = lenta_av_nopts_value()
        var pts = f.pointee.best_effort_timestamp
        if pts == nopts { pts = expectedPTS ?? (needsTimestamp ? nopts : origin) }
        if pts == nopts { return }
        let sampleTime = AVRational(num: 1, den: rate)
        let frameLength = av_rescale_q(count, sampleTime, timeBase)

        var used = count
        if let end {
            used = pts >= end ? 0 : min(count, av_rescale_q(end - pts, timeBase, sampleTime))
        }
        if used <= 0 {
            try finish(appendingTo: &buffer)
            return
        }

        if let current = resampler, !current.accepts(f) {
            // The format changed mid-stream: let the old filter empty, then start a new one.
            try current.flush(appendingTo: &buffer)
            resampler = nil
        }
        let resampler = try self.resampler ?? AudioResampler(frame: f, outputRate: Self.outputRate, path: path)
        self.resampler = resampler

        if anchor == nil {
            anchor = Int(av_rescale_q(pts - origin, timeBase, AVRational(num: 1, den: Self.outputRate)))
        } else if let expected = expectedPTS {
            let gap = av_rescale_q(pts - expected, timeBase, sampleTime)
            let tolerance = Int64(rate / 100), limit = Int64(rate) * 60
            if gap > tolerance && gap < limit {
                try resampler.injectSilence(Int(gap))
            } else if gap < -tolerance && gap > -limit {
                try resampler.dropOutput(Int(av_rescale(-gap, Int64(Self.outputRate), Int64(rate))))
            }
        }
        needsTimestamp = false
        try resampler.convert(f, count: Int(used), appendingTo: &buffer)
        expectedPTS = pts + frameLength
        if used < count { try finish(appendingTo: &buffer) }
    }

    private func finish(appendingTo buffer: inout [Float]) throws {
        if let resampler { try resampler.flush(appendingTo: &buffer) }
        isFinished = true
    }
}
