import CFFmpeg
import Foundation
import LentaCore

/// A story's sound encoded (AAC stereo, as the preset's `audio` says), its packets handed to
/// whoever writes them: one `StoryWriter`, or — in a render of several shapes whose presets ask
/// for the same sound (`OutputPreset.Audio`) — every shape's writer, so the sound is encoded once
/// for all of them (the AAC encoder took 1.1 CPU s a shape on the 22 s of samples/projects/lisbon.json,
/// an eighth of each shape's work) and each file holds the same packets.
public final class StoryAudioEncoder {
    let encoder: EncoderContext
    /// The sound settings it encodes with (the preset's).
    public let settings: OutputPreset.Audio
    /// Samples in each packet (AAC: 1024).
    let frameSize: Int
    private let channels: Int
    private var pending: [Float] = []
    public private(set) var samplesWritten = 0
    private var finished = false
    /// The output named in messages.
    private let path: String

    /// Opens the encoder for `preset`'s sound.
    /// - Parameter globalHeader: whether the container keeps the codec's header apart (MP4 does).
    public convenience init(preset: OutputPreset, path: String) throws {
        try self.init(preset: preset, globalHeader: true, path: path)
    }

    init(preset: OutputPreset, globalHeader: Bool, path: String) throws {
        self.path = path
        settings = preset.audio
        let encoder = try EncoderContext(named: preset.audio.codec, path: path)
        let c = encoder.pointer
        c.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        c.pointee.sample_rate = Int32(preset.audio.sampleRate)
        c.pointee.bit_rate = Int64(preset.audio.bitrate)
        av_channel_layout_default(&c.pointee.ch_layout, Int32(preset.audio.channels))
        c.pointee.time_base = AVRational(num: 1, den: Int32(preset.audio.sampleRate))
        if globalHeader { c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        try encoder.open()
        self.encoder = encoder
        frameSize = c.pointee.frame_size > 0 ? Int(c.pointee.frame_size) : 1024
        channels = preset.audio.channels
    }

    /// Adds interleaved samples (any count); each whole encoder frame is encoded as it fills and
    /// its packets handed to `deliver` (valid only inside it).
    package func append(_ interleaved: [Float], deliver: (CodecPacket) throws -> Void) throws {
        guard !finished else { throw MediaError("encode audio", path: path, reason: "the file is already finished") }
        pending += interleaved
        let block = frameSize * channels
        var start = 0
        while pending.count - start >= block {
            try send(pending[start ..< start + block], count: frameSize, deliver: deliver)
            start += block
        }
        if start > 0 { pending.removeFirst(start) }
    }

    /// Encodes what is buffered (a short last frame when the encoder takes one, else padded with
    /// silence) and drains the encoder.
    package func finish(deliver: (CodecPacket) throws -> Void) throws {
        guard !finished else { return }
        finished = true
        if !pending.isEmpty {
            let count = pending.count / channels
            let short = encoder.acceptsShortLastFrame
            try send(pending[...], count: short ? count : frameSize, deliver: deliver)
            samplesWritten -= short ? 0 : frameSize - count
            pending = []
        }
        try encoder.drain(deliver)
    }

    private func send(_ samples: ArraySlice<Float>, count: Int, deliver: (CodecPacket) throws -> Void) throws {
        let frame = try CodecFrame.audio(samples: count, for: encoder, path: path)
        let channels = self.channels
        let base = samples.startIndex
        try frame.fillPlanarFloat({ i, ch in
            let index = base + i * channels + ch
            return index < samples.endIndex ? samples[index] : 0
        }, path: path)
        frame.pointer.pointee.pts = Int64(samplesWritten)
        try encoder.encode(frame, deliver)
        samplesWritten += count
    }
}
