import Foundation
import LentaMedia

/// Encodes and muxes a `SyntheticVideo`, after FFmpeg's doc/examples/mux.c: one encoder per
/// stream, frames generated in timestamp order across streams, encoders drained at the end.
enum VideoWriter {
    static let sampleRate: Int32 = 48_000
    static let toneHertz = 440.0

    static func write(_ spec: SyntheticVideo, to path: String) throws {
        try validate(spec, path: path)
        try AtomicWrite.produce(at: path) { temporary in
            try write(spec, temporary: temporary, reportedPath: path)
        }
    }

    static func validate(_ spec: SyntheticVideo, path: String) throws {
        func fail(_ reason: String) -> MediaError { MediaError("describe video", path: path, reason: reason) }
        guard spec.width > 0, spec.height > 0, spec.width <= 8192, spec.height <= 8192 else {
            throw fail("size \(spec.width)×\(spec.height) is out of range")
        }
        guard spec.width % 2 == 0, spec.height % 2 == 0 else { throw fail("4:2:0 video needs an even width and height") }
        guard (1...240).contains(spec.frameRate) else { throw fail("frame rate \(spec.frameRate) is not in 1...240") }
        guard spec.seconds.isFinite, spec.seconds > 0, spec.seconds <= 3600 else {
            throw fail("length \(spec.seconds) s is not in (0, 3600]")
        }
    }

    private static func write(_ spec: SyntheticVideo, temporary: String, reportedPath path: String) throws {
        let output = try MuxerContext(format: spec.container.rawValue, path: temporary, reportedPath: path)
        let timing = spec.frameTicks

        // Video stream.
        let video = try videoEncoder(spec, globalHeader: output.needsGlobalHeader, path: path)
        let videoStream = try output.addStream(for: video, constantFrameRate: !spec.variableFrameRate)
        if spec.codec == .hevc { try output.setCodecTag("hvc1", stream: videoStream) }
        // The spec's angle is counter-clockwise, as av_display_rotation_get (and ffprobe) read it.
        if let rotation = spec.rotation { try output.setDisplayRotation(Double(rotation), stream: videoStream) }

        // Audio stream.
        var audio: (encoder: EncoderContext, stream: Int)? = nil
        if spec.withAudio {
            let encoder = try audioEncoder(globalHeader: output.needsGlobalHeader, path: path)
            audio = (encoder, try output.addStream(for: encoder))
        }

        for (key, value) in spec.containerTags { try output.setTag(key, value) }
        try output.writeHeader(options: spec.writesQuickTimeKeys ? [("movflags", "use_metadata_tags")] : [])

        // Durations by pts, for the packets the encoder hands back (possibly reordered).
        var durationByPTS: [Int64: Int64] = [:]
        for frame in timing { durationByPTS[Int64(frame.start)] = Int64(frame.duration) }
        let writeVideo: (CodecPacket) throws -> Void = { packet in
            if let d = durationByPTS[packet.presentationTime] { packet.duration = d }
            try output.write(packet, from: video, stream: videoStream)
        }

        let picture = try CodecFrame.video(width: spec.width, height: spec.height, pixelFormat: .yuv420p, path: path)
        let totalSamples = Int64((spec.duration * Double(sampleRate)).rounded())
        var nextFrame = 0
        var nextSample: Int64 = 0
        let moves = spec.camera?.offsets(frames: timing.count)
        let scene = moves.map { SyntheticScene(width: spec.width + 2 * $0.margin, height: spec.height + 2 * $0.margin) }
        var tone = ToneGenerator(sampleRate: Double(sampleRate), hertz: toneHertz)

        while nextFrame < timing.count || (audio != nil && nextSample < totalSamples) {
            let videoFirst: Bool
            if let audio, nextSample < totalSamples {
                videoFirst = nextFrame < timing.count
                    && video.timestamp(Int64(timing[nextFrame].start), isNotAfter: nextSample, in: audio.encoder)
            } else {
                videoFirst = true
            }
            if videoFirst {
                if let scene, let moves {
                    let o = moves.offsets[nextFrame]
                    try picture.draw(scene, x: moves.margin + o.x, y: moves.margin + o.y, path: path)
                } else {
                    try picture.drawPattern(frame: nextFrame, path: path)
                }
                picture.presentationTime = Int64(timing[nextFrame].start)
                try video.encode(picture, writeVideo)
                nextFrame += 1
            } else if let audio {
                let frame = try audioFrame(audio.encoder, start: nextSample, total: totalSamples, tone: &tone, path: path)
                try audio.encoder.encode(frame) { try output.write($0, from: audio.encoder, stream: audio.stream) }
                nextSample += Int64(frame.sampleCount)
            }
        }
        try video.drain(writeVideo)
        if let audio { try audio.encoder.drain { try output.write($0, from: audio.encoder, stream: audio.stream) } }
        try output.finish()
    }

    private static func videoEncoder(_ spec: SyntheticVideo, globalHeader: Bool, path: String) throws -> EncoderContext {
        let encoder: EncoderContext
        switch spec.codec {
        case .automatic:
            encoder = EncoderContext.exists(named: "libx264")
                ? try EncoderContext(named: "libx264", path: path) : try EncoderContext(named: "mpeg4", path: path)
        case .h264: encoder = try EncoderContext(named: "libx264", path: path)
        case .hevc: encoder = try EncoderContext(named: "libx265", path: path)
        case .mpeg4: encoder = try EncoderContext(named: "mpeg4", path: path)
        }
        var settings = VideoEncoderSettings(width: spec.width, height: spec.height, pixelFormat: .yuv420p)
        // What PlaneFill writes: BT.601 limited range, said in the stream so readers need not guess.
        settings.describesBT601 = true
        settings.timeBase = (1, spec.timeScale)
        settings.frameRate = spec.frameRate
        settings.keyFrameInterval = spec.frameRate
        settings.threads = 1  // same bytes every run, and gentle on shared machines
        settings.globalHeader = globalHeader
        switch encoder.name {
        case "libx264":
            try encoder.setOption("preset", "veryfast")
            // With macroblock-tree rate control, x264 0.164's SIMD lookahead made tiny pictures
            // (64×48, 64×64) encode differently from one call to the next in the same process;
            // without it every size tried gives the same bytes every time.
            try encoder.setOption("x264-params", "mbtree=0")
        case "libx265":
            try encoder.setOption("preset", "ultrafast")
            try encoder.setOption("x265-params", "log-level=error")
        default:
            settings.bitRate = spec.width * spec.height * spec.frameRate / 4
        }
        encoder.configure(settings)
        try encoder.open()
        return encoder
    }

    private static func audioEncoder(globalHeader: Bool, path: String) throws -> EncoderContext {
        let encoder = try EncoderContext(named: "aac", path: path)
        encoder.configureStereoAudio(sampleRate: Int(sampleRate), bitRate: 96_000, globalHeader: globalHeader)
        try encoder.open()
        return encoder
    }

    /// The next block of the tone, planar float stereo. The last block is short when the encoder
    /// accepts that, else padded with silence.
    private static func audioFrame(_ encoder: EncoderContext, start: Int64, total: Int64,
                                   tone: inout ToneGenerator, path: String) throws -> CodecFrame {
        let frameSize = Int64(encoder.frameSize ?? 1024)
        let wanted = min(frameSize, total - start)
        let count = encoder.acceptsShortLastFrame ? wanted : frameSize

        let frame = try CodecFrame.audio(samples: Int(count), for: encoder, path: path)
        var samples = [Float](repeating: 0, count: Int(count))
        for i in 0..<Int(wanted) { samples[i] = tone.next() }
        try frame.fillPlanarFloat({ i, _ in samples[i] }, path: path)
        frame.presentationTime = start
        return frame
    }
}

/// A sine tone, sample by sample, from an integer sample counter (no drift, same every run).
struct ToneGenerator {
    let sampleRate: Double
    let hertz: Double
    var index: Int64 = 0

    mutating func next() -> Float {
        let phase = 2 * Double.pi * hertz * Double(index % Int64(sampleRate)) / sampleRate
        index += 1
        return Float(0.25 * sin(phase))
    }
}
