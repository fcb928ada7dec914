import CFFmpeg
import Foundation
import LentaCore
import LentaPixels

/// Encodes a story to MP4: video by the first of the preset's encoders that opens (H.264, HEVC
/// tagged `hvc1`, AV1; software, or hardware with software fallbacks — `VideoEncoderChoice`;
/// yuv420p, BT.709) and, when the story has sound, AAC stereo; with the story's metadata,
/// chapters and, when asked, a `mov_text` subtitle track (`StoryMetadata`). The file is written
/// under a temporary name beside the target and renamed into place by `finish()`; a writer
/// dropped before `finish()` removes its temporary file, so no half-written MP4 is ever left
/// under the target's name.
public final class StoryWriter {
    public let path: String
    /// The file being written until `finish()` renames it to `path`.
    public let temporaryPath: String
    private let claim: TemporaryFileClaim?
    public let preset: OutputPreset
    public private(set) var framesWritten = 0
    /// Samples of sound encoded by its own encoder (none when the sound is encoded elsewhere).
    public var samplesWritten: Int { audio.map { $0.shared ? 0 : $0.encoder.samplesWritten } ?? 0 }

    private let muxer: MuxerContext
    private let video: EncoderContext
    private let hardware: HardwareFrames?
    /// One line when the preset's first encoder could not open and a fallback is used.
    public let encoderNotice: String?
    /// The encoder that writes the video (`libx264`, `hevc_nvenc`…).
    public let videoEncoderName: String
    private let videoStream: Int
    /// The frame each picture is copied into for the encoder, made on first use: a story whose
    /// frames are lent (`lendsFrames`) never needs it.
    private var picture: CodecFrame?
    /// Whether frames are lent to the encoder rather than copied into `picture`: libx264 copies
    /// what it is sent into its own padded frames, reading each row only up to its width. (Tests
    /// turn it off to compare the two.)
    package var lendsFrames: Bool
    /// The sound's encoder and its stream; `shared` when the encoder is another's (a render of
    /// several shapes), which encodes and hands each packet to `writeAudio`.
    private var audio: (encoder: StoryAudioEncoder, stream: Int, shared: Bool)?
    private var finished = false

    /// Opens the encoders and writes the header.
    /// - Parameters:
    ///   - audio: whether the story has a sound track.
    ///   - threads: encoder threads (0: the encoder chooses).
    ///   - metadata: container tags, chapters and subtitle cues for a `mov_text` track.
    ///   - sharedAudio: the sound is encoded elsewhere, once for several writers (`audio` true):
    ///     its packets are then written by `writeAudio`, and `appendAudio` is not used. The
    ///     writer's own encoder, of the same settings, is opened only to describe the stream.
    ///   - frames: the story's length in frames, when known: with `+faststart` the index is then
    ///     written into room kept for it in front of the media (`IndexRoom`) rather than moved
    ///     there by a second pass over the whole file (which remains the fallback).
    public init(path: String, preset: OutputPreset, audio: Bool, threads: Int = 0, metadata: StoryMetadata = StoryMetadata(),
                sharedAudio: Bool = false, frames: Int? = nil) throws {
        self.path = path
        self.preset = preset
        temporaryPath = AtomicWrite.temporaryPath(for: path)
        muxer = try MuxerContext(format: "mp4", path: temporaryPath, reportedPath: path)
        PartialOutput.began(temporaryPath)
        // Made now and claimed while written (the muxer opens it again, the same file), so the
        // next render of this output removes it only once we are gone.
        _ = FileManager.default.createFile(atPath: temporaryPath, contents: nil)
        claim = TemporaryFileClaim(path: temporaryPath)
        do {
            let choice = try VideoEncoderChoice(preset: preset, globalHeader: muxer.needsGlobalHeader, threads: threads, path: path)
            video = choice.encoder
            hardware = choice.hardware
            encoderNotice = choice.notice
            videoEncoderName = choice.encoder.name
            videoStream = try muxer.addStream(for: video)
            // Apple's players take HEVC in MP4 only as `hvc1` (parameter sets in the sample entry).
            if VideoEncoderKind.codecFamily(of: videoEncoderName) == "hevc" { try muxer.setCodecTag("hvc1", stream: videoStream) }
            if preset.colour.isHDR { try muxer.addHDRMetadata(stream: videoStream) }
            var audioFrameSize: Int?
            if audio {
                let encoder = try StoryAudioEncoder(preset: preset, globalHeader: muxer.needsGlobalHeader, path: path)
                audioFrameSize = encoder.frameSize
                let stream = try muxer.addStream(for: encoder.encoder)
                self.audio = (encoder, stream, sharedAudio)
            }
            let subtitles = metadata.subtitleTrack.isEmpty ? nil : try MovTextTrack(muxer: muxer, path: path)
            let tags = metadata.tags
            for (key, value) in tags { try muxer.setTag(key, value) }
            try muxer.setChapters(metadata.chapters.map { chapter in
                let thousand = Rational(1000)
                return ((chapter.start * thousand).rounded, (chapter.end * thousand).rounded, chapter.title)
            }, timeBase: AVRational(num: 1, den: 1000))
            var movflags = preset.container.movflags
            // Tags as `mdta` keys, as iPhones write them (`com.apple.quicktime.location.ISO6709`).
            if tags.contains(where: { $0.key.hasPrefix("com.apple.") }) { movflags += "+use_metadata_tags" }
            var options: [(String, String)] = []
            if !movflags.isEmpty { options.append(("movflags", movflags)) }
            var indexRoom = 0
            if let frames {
                // The samples foreseen in each stream, in the order the streams were added.
                var samples = [frames]
                if let audioFrameSize {
                    let seconds = Double(frames) / preset.fps.value
                    samples.append(Int((seconds * Double(preset.audio.sampleRate) / Double(audioFrameSize)).rounded(.up)) + 2)
                }
                if subtitles != nil { samples.append(metadata.subtitleTrack.count) }
                indexRoom = muxer.indexBound(samples: samples.map(IndexRoom.withMargin))
            }
            try muxer.writeHeader(options: options, indexRoom: indexRoom)
            try subtitles?.write(metadata.subtitleTrack, to: muxer)
            lendsFrames = hardware == nil && videoEncoderName == "libx264" && VideoEncoderChoice.pixelFormat(preset) == AV_PIX_FMT_YUV420P
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
    /// - Parameter pool: where the frame goes once the encoder is done with it, to be drawn over.
    public func appendVideo(_ frame: PlanarFrame, recycling pool: PlanarFramePool? = nil) throws {
        guard !finished else { throw MediaError("encode video", path: path, reason: "the file is already finished") }
        guard frame.width == preset.width, frame.height == preset.height else {
            throw MediaError("encode video", path: path,
                                  reason: "frame is \(frame.width)×\(frame.height), the story \(preset.width)×\(preset.height)")
        }
        if let hardware {
            let surface = try hardware.upload(frame, pts: Int64(framesWritten))
            try video.encode(surface) { try muxer.write($0, from: video, stream: videoStream) }
            pool?.give(frame)
        } else if lendsFrames {
            let lent = try CodecFrame.lending(frame, to: pool, path: path)
            lent.pointer.pointee.pts = Int64(framesWritten)
            try video.encode(lent) { try muxer.write($0, from: video, stream: videoStream) }
        } else {
            let picture = try picture ?? CodecFrame.video(width: preset.width, height: preset.height,
                                                           format: VideoEncoderChoice.pixelFormat(preset), path: path)
            self.picture = picture
            try picture.fill(from: frame, path: path)
            picture.pointer.pointee.pts = Int64(framesWritten)
            try video.encode(picture) { try muxer.write($0, from: video, stream: videoStream) }
            pool?.give(frame)
        }
        framesWritten += 1
    }

    /// Adds interleaved samples (any count; whole encoder frames are sent as they fill).
    public func appendAudio(_ interleaved: [Float]) throws {
        guard !finished else { throw MediaError("encode audio", path: path, reason: "the file is already finished") }
        guard let audio else { throw MediaError("encode audio", path: path, reason: "the writer was made without sound") }
        guard !audio.shared else { throw MediaError("encode audio", path: path, reason: "the sound is encoded by the shared encoder") }
        try audio.encoder.append(interleaved) { try muxer.write($0, from: audio.encoder.encoder, stream: audio.stream) }
    }

    /// Writes a packet of the shared sound encoder's (made with this writer's preset's sound
    /// settings, so in the time base of the writer's own).
    public func writeAudio(_ packet: EncodedPacket) throws {
        guard !finished else { throw MediaError("write audio", path: path, reason: "the file is already finished") }
        guard let audio, audio.shared else { throw MediaError("write audio", path: path, reason: "the writer has no shared sound encoder") }
        try muxer.write(try packet.packet(path: path), from: audio.encoder.encoder, stream: audio.stream)
    }

    /// Where `finish()` put the index (nil before).
    package var indexPlacement: MuxerContext.IndexPlacement? { muxer.indexPlacement }

    /// Sends what is buffered, drains the encoders, writes the index and renames the file into place.
    public func finish() throws {
        guard !finished else { return }
        try video.drain { try muxer.write($0, from: video, stream: videoStream) }
        // A shared sound encoder is finished by its owner, before the writers it feeds.
        if let audio, !audio.shared {
            try audio.encoder.finish { try muxer.write($0, from: audio.encoder.encoder, stream: audio.stream) }
        }
        try muxer.finish()
        try AtomicWrite.moveIntoPlace(temporaryPath, path)
        PartialOutput.ended(temporaryPath)
        finished = true
    }
}
