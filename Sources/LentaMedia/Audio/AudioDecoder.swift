import CFFmpeg
import LentaCore

/// The sound of a media file — music (MP3, AAC/M4A, FLAC, WAV, Ogg Vorbis/Opus, anything
/// libavformat opens) or a video clip's sound track (MP4/MOV) — as interleaved Float32 stereo at
/// 48 kHz (`[L0, R0, L1, R1, …]`), read sequentially by sample index.
///
/// Sample `n` is at `n / 48000` s of file time (see `AudioInput`: time 0 is a movie's first video
/// timestamp, as `VideoReader` counts, or a music file's start; encoder priming that libavcodec
/// drops is not counted; the AAC padding an MP4 edit list leaves out is not played). A clip trimmed at `in` starts at sample
/// `floor(in × 48000)`. Reads continue where the last one ended, so pulling a long range chunk by
/// chunk decodes it once; `seek(toSample:)` moves elsewhere (exactly: through the container's
/// index with half a second of pre-roll for MP4/MOV/Matroska/WAV, by decoding from the start for
/// formats whose seeking is approximate).
public final class AudioDecoder {
    public static let sampleRate = 48_000
    public static let channelCount = 2

    public let path: String
    /// Where the sound's bytes are (a whole file, or the movie inside a Motion Photo).
    public let source: MediaSource
    /// Seconds of sound as the container reports it (an estimate for some MP3s); nil when unknown.
    public let duration: Double?
    /// The codec's name (`aac`, `mp3`, `flac`, `vorbis`, `opus`, `pcm_s16le`…).
    public let codecName: String
    public let sourceSampleRate: Int
    public let sourceChannelCount: Int
    /// The index of the next sample `read` returns.
    public private(set) var position = 0

    private var input: AudioInput
    /// Decoded samples not yet returned: `buffer[head...]`, the first of them being sample `bufferStart`.
    private var buffer: [Float] = []
    private var head = 0
    private var bufferStart: Int?
    /// After a seek through the index: where the first decoded sample must be at or before.
    private var seekCheck: Int?

    /// Pre-roll for a seek through the index: decoders whose frames overlap (AAC, MP3, Opus)
    /// settle within it, and the samples before the target are decoded and dropped.
    private static let preroll = sampleRate / 2
    /// Moving forward by at most this much decodes through instead of seeking.
    private static let readThrough = sampleRate * 2

    /// Opens the file's best audio stream. Throws a `MediaError` naming the file when it cannot
    /// be opened, has no audio stream, or has no decoder in this FFmpeg.
    public convenience init(path: String) throws {
        try self.init(source: MediaSource(path: path))
    }

    /// Opens the best audio stream of a source (a file, or a byte range of one).
    public init(source: MediaSource) throws {
        self.source = source
        self.path = source.description
        input = try AudioInput(source: source)
        duration = input.duration
        codecName = input.codecName
        sourceSampleRate = input.sourceSampleRate
        sourceChannelCount = input.sourceChannelCount
    }

    /// Whether the file has a sound track (from its header; no decoder is opened). Throws when the
    /// file cannot be opened at all.
    public static func hasAudioStream(path: String) throws -> Bool {
        try AudioInput.hasAudioStream(source: MediaSource(path: path))
    }

    /// Whether a source has a sound track (from its header; no decoder is opened).
    public static func hasAudioStream(source: MediaSource) throws -> Bool {
        try AudioInput.hasAudioStream(source: source)
    }

    /// Makes `sample` the next one `read` returns.
    public func seek(toSample sample: Int) throws {
        let target = max(0, sample)
        if target == position { return }
        if target > position && target - position <= Self.readThrough {
            position = target  // decoded through and dropped by the next read
            return
        }
        clearBuffer()
        position = target
        if input.seeksExactly && target > Self.preroll {
            try input.seek(toSample: target - Self.preroll)
            seekCheck = target
        } else {
            try restart()
        }
    }

    /// The next samples, at most `count` stereo samples (`2 × count` floats); fewer only when
    /// the sound ends, none after its end. Silence fills any time before the sound starts.
    public func read(upTo count: Int) throws -> [Float] {
        var out: [Float] = []
        guard count > 0 else { return out }
        out.reserveCapacity(count * 2)
        var got = 0
        while got < count {
            dropBuffered(before: position)
            let buffered = (buffer.count - head) / 2
            if buffered > 0, let start = bufferStart {
                if start > position {
                    let silence = min(start - position, count - got)
                    out.append(contentsOf: repeatElement(0, count: silence * 2))
                    got += silence
                    position += silence
                    continue
                }
                let n = min(buffered, count - got)
                let from = head
                buffer.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[from..<(from + 2 * n)])) }
                head += 2 * n
                bufferStart = start + n
                got += n
                position += n
                continue
            }
            if input.isFinished { break }
            try decodeMore()
        }
        if head > 65_536 && head * 2 > buffer.count {
            buffer.removeSubrange(0..<head)
            head = 0
        }
        return out
    }

    /// Exactly `count` stereo samples: the sound, then silence after its end.
    public func read(exactly count: Int) throws -> [Float] {
        var out = try read(upTo: count)
        let missing = count - out.count / 2
        if missing > 0 {
            out.append(contentsOf: repeatElement(0, count: missing * 2))
            position += missing
        }
        return out
    }

    /// Whether the sound has ended at or before `position`.
    public var isAtEnd: Bool {
        input.isFinished && (bufferStart.map { $0 + (buffer.count - head) / 2 <= position } ?? true)
    }

    private func decodeMore() throws {
        let before = buffer.count
        try input.decodeStep(appendingTo: &buffer)
        guard buffer.count > before else { return }
        if bufferStart == nil {
            guard let anchor = input.anchor else { return }
            bufferStart = anchor
            if let check = seekCheck {
                seekCheck = nil
                if anchor > check {
                    // The seek landed after the target: decode from the start instead.
                    clearBuffer()
                    try restart()
                }
            }
        }
    }

    private func restart() throws {
        input = try AudioInput(source: source)
        seekCheck = nil
    }

    private func clearBuffer() {
        buffer.removeAll(keepingCapacity: true)
        head = 0
        bufferStart = nil
    }

    private func dropBuffered(before sample: Int) {
        guard let start = bufferStart, start < sample else { return }
        let buffered = (buffer.count - head) / 2
        let n = min(buffered, sample - start)
        head += 2 * n
        bufferStart = start + n
        if head == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            head = 0
        }
    }
}
