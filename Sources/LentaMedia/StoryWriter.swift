import CFFmpeg
import Foundation
import LentaCore

/// Encodes a story to MP4: H.264 (libx264 with the preset's profile, CRF, speed, GOP and
/// B-frames; yuv420p, BT.709) and, when the story has sound, AAC stereo. The file is written
/// under a temporary name beside the target and renamed into place by `finish()`; a writer
/// dropped before `finish()` removes its temporary file, so no half-written MP4 is ever left
/// under the target's name.
public final class StoryWriter {
    public let path: String
    /// The file being written until `finish()` renames it to `path`.
    public let temporaryPath: String
    public let preset: OutputPreset
    public private(set) var framesWritten = 0
    public private(set) var samplesWritten = 0

    private let muxer: MuxerContext
    private let video: EncoderContext
    private let videoStream: Int
    private let picture: CodecFrame
    private var audio: (encoder: EncoderContext, stream: Int, frameSize: Int, channels: Int)?
    private var pendingAudio: [Float] = []
    private var finished = false

    /// Opens the encoders and writes the header.
    /// - Parameters:
    ///   - audio: whether the story has a sound track.
    ///   - threads: encoder threads (0: the encoder chooses).
    public init(path: String, preset: OutputPreset, audio: Bool, threads: Int = 0) throws {
        self.path = path
        self.preset = preset
        temporaryPath = AtomicWrite.temporaryPath(for: path)
        muxer = try MuxerContext(format: "mp4", path: temporaryPath, reportedPath: path)
        PartialOutput.began(temporaryPath)
        do {
            video = try Self.videoEncoder(preset, globalHeader: muxer.needsGlobalHeader, threads: threads, path: path)
            videoStream = try muxer.addStream(for: video)
            if audio {
                let encoder = try Self.audioEncoder(preset, globalHeader: muxer.needsGlobalHeader, path: path)
                let stream = try muxer.addStream(for: encoder)
                let size = encoder.pointer.pointee.frame_size > 0 ? Int(encoder.pointer.pointee.frame_size) : 1024
                self.audio = (encoder, stream, size, preset.audio.channels)
            }
            var options: [(String, String)] = []
            if !preset.container.movflags.isEmpty { options.append(("movflags", preset.container.movflags)) }
            try muxer.writeHeader(options: options)
            picture = try CodecFrame.video(width: preset.width, height: preset.height, format: AV_PIX_FMT_YUV420P, path: path)
        } catch {
            PartialOutput.ended(temporaryPath)
            unlink(temporaryPath)
            throw error
        }
    }

    deinit {
        PartialOutput.ended(temporaryPath)
        if !finished { unlink(temporaryPath) }
    }

    /// Whether the file has a sound track.
    public var hasAudio: Bool { audio != nil }

    /// Encodes the next frame (frame `framesWritten`, shown at `framesWritten / fps`).
    public func appendVideo(_ frame: PlanarFrame) throws {
        guard !finished else { throw MediaError("encode video", path: path, reason: "the file is already finished") }
        guard frame.width == preset.width, frame.height == preset.height else {
            throw MediaError("encode video", path: path,
                                  reason: "frame is \(frame.width)×\(frame.height), the story \(preset.width)×\(preset.height)")
        }
        try picture.fill(from: frame, path: path)
        picture.pointer.pointee.pts = Int64(framesWritten)
        try video.encode(picture) { try muxer.write($0, from: video, stream: videoStream) }
        framesWritten += 1
    }

    /// Adds interleaved samples (any count; whole encoder frames are sent as they fill).
    public func appendAudio(_ interleaved: [Float]) throws {
        guard !finished else { throw MediaError("encode audio", path: path, reason: "the file is already finished") }
        guard let audio else { throw MediaError("encode audio", path: path, reason: "the writer was made without sound") }
        pendingAudio += interleaved
        let block = audio.frameSize * audio.channels
        var start = 0
        while pendingAudio.count - start >= block {
            try sendAudio(pendingAudio[start ..< start + block], count: audio.frameSize)
            start += block
        }
        if start > 0 { pendingAudio.removeFirst(start) }
    }

    private func sendAudio(_ samples: ArraySlice<Float>, count: Int) throws {
        guard let audio else { return }
        let frame = try CodecFrame.audio(samples: count, for: audio.encoder, path: path)
        let channels = audio.channels
        let base = samples.startIndex
        try frame.fillPlanarFloat({ i, ch in
            let index = base + i * channels + ch
            return index < samples.endIndex ? samples[index] : 0
        }, path: path)
        frame.pointer.pointee.pts = Int64(samplesWritten)
        try audio.encoder.encode(frame) { try muxer.write($0, from: audio.encoder, stream: audio.stream) }
        samplesWritten += count
    }

    /// Sends what is buffered, drains the encoders, writes the index and renames the file into place.
    public func finish() throws {
        guard !finished else { return }
        try video.drain { try muxer.write($0, from: video, stream: videoStream) }
        if let audio {
            if !pendingAudio.isEmpty {
                let count = pendingAudio.count / audio.channels
                // A short last frame when the encoder takes one, else padded with silence.
                try sendAudio(pendingAudio[...], count: audio.encoder.acceptsShortLastFrame ? count : audio.frameSize)
                samplesWritten -= audio.encoder.acceptsShortLastFrame ? 0 : audio.frameSize - count
                pendingAudio = []
            }
            try audio.encoder.drain { try muxer.write($0, from: audio.encoder, stream: audio.stream) }
        }
        try muxer.finish()
        try AtomicWrite.moveIntoPlace(temporaryPath, path)
        PartialOutput.ended(temporaryPath)
        finished = true
    }

    private static func videoEncoder(_ preset: OutputPreset, globalHeader: Bool, threads: Int, path: String) throws -> EncoderContext {
        let encoder = try EncoderContext(named: preset.video.codec, path: path)
        let c = encoder.pointer
        c.pointee.width = Int32(preset.width)
        c.pointee.height = Int32(preset.height)
        c.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        c.pointee.time_base = AVRational(num: Int32(preset.fps.denominator), den: Int32(preset.fps.numerator))
        c.pointee.framerate = AVRational(num: Int32(preset.fps.numerator), den: Int32(preset.fps.denominator))
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        c.pointee.gop_size = Int32(preset.video.gop)
        c.pointee.max_b_frames = Int32(preset.video.bFrames)
        c.pointee.color_range = AVCOL_RANGE_MPEG
        c.pointee.color_primaries = AVCOL_PRI_BT709
        c.pointee.color_trc = AVCOL_TRC_BT709
        c.pointee.colorspace = AVCOL_SPC_BT709
        c.pointee.thread_count = Int32(max(0, threads))
        if globalHeader { c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        if preset.video.codec == "libx264" {
            try encoder.setOption("preset", preset.video.preset)
            try encoder.setOption("crf", String(preset.video.crf))
            try encoder.setOption("profile", preset.video.profile)
        }
        try encoder.open()
        return encoder
    }

    private static func audioEncoder(_ preset: OutputPreset, globalHeader: Bool, path: String) throws -> EncoderContext {
        let encoder = try EncoderContext(named: preset.audio.codec, path: path)
        let c = encoder.pointer
        c.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        c.pointee.sample_rate = Int32(preset.audio.sampleRate)
        c.pointee.bit_rate = Int64(preset.audio.bitrate)
        av_channel_layout_default(&c.pointee.ch_layout, Int32(preset.audio.channels))
        c.pointee.time_base = AVRational(num: 1, den: Int32(preset.audio.sampleRate))
        if globalHeader { c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        try encoder.open()
        return encoder
    }
}
