import CFFmpeg
import Foundation

/// Encodes and muxes a `SyntheticVideo`, after FFmpeg's doc/examples/mux.c: one encoder per
/// stream, frames generated in timestamp order across streams, encoders drained at the end.
enum VideoWriter {
    static let sampleRate: Int32 = 48_000
    static let toneHertz = 440.0

    static func write(_ spec: SyntheticVideo, to path: String) throws {
        try validate(spec, path: path)
        try AtomicFile.produce(at: path) { temporary in
            try write(spec, temporary: temporary, reportedPath: path)
        }
    }

    static func validate(_ spec: SyntheticVideo, path: String) throws {
        func fail(_ reason: String) -> SyntheticMediaError { SyntheticMediaError("describe video", path: path, reason: reason) }
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
        let output = try OutputContainer(format: spec.container.rawValue, path: temporary)
        let timing = spec.frameTicks

        // Video stream.
        let video = try videoEncoder(spec, globalHeader: output.needsGlobalHeader, path: path)
        let videoStream = try output.addStream(for: video)
        if !spec.variableFrameRate {
            videoStream.pointee.avg_frame_rate = AVRational(num: Int32(spec.frameRate), den: 1)
        }
        if spec.codec == .hevc {
            videoStream.pointee.codecpar.pointee.codec_tag = fourCC("hvc1")
        }
        if let rotation = spec.rotation {
            guard let data = av_stream_new_side_data(videoStream, AV_PKT_DATA_DISPLAYMATRIX, 9 * 4) else {
                throw SyntheticMediaError("add display matrix", path: path, reason: "out of memory")
            }
            // av_display_rotation_set turns clockwise, av_display_rotation_get (what ffprobe shows)
            // reads counter-clockwise: the spec's angle is the latter.
            data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_set($0, Double(-rotation)) }
        }

        // Audio stream.
        var audio: (encoder: EncoderContext, stream: UnsafeMutablePointer<AVStream>)? = nil
        if spec.withAudio {
            let encoder = try audioEncoder(globalHeader: output.needsGlobalHeader, path: path)
            audio = (encoder, try output.addStream(for: encoder))
        }

        for (key, value) in spec.containerTags { try output.setTag(key, value) }
        let options = try AVDictionaryBox()
        if spec.writesQuickTimeKeys { try options.set("movflags", "use_metadata_tags") }
        try output.writeHeader(options: options)

        // Durations by pts, for the packets the encoder hands back (possibly reordered).
        var durationByPTS: [Int64: Int64] = [:]
        for frame in timing { durationByPTS[Int64(frame.start)] = Int64(frame.duration) }
        let writeVideo: (UnsafeMutablePointer<AVPacket>) throws -> Void = { packet in
            if let d = durationByPTS[packet.pointee.pts] { packet.pointee.duration = d }
            try output.write(packet, from: video, to: videoStream)
        }

        let picture = try AVFrameBox.video(width: spec.width, height: spec.height, format: video.pointer.pointee.pix_fmt)
        let videoTimeBase = video.pointer.pointee.time_base
        let totalSamples = Int64((spec.duration * Double(sampleRate)).rounded())
        var nextFrame = 0
        var nextSample: Int64 = 0
        var tone = ToneGenerator(sampleRate: Double(sampleRate), hertz: toneHertz)

        while nextFrame < timing.count || (audio != nil && nextSample < totalSamples) {
            let videoFirst: Bool
            if let audio, nextSample < totalSamples {
                videoFirst = nextFrame < timing.count
                    && av_compare_ts(Int64(timing[nextFrame].start), videoTimeBase,
                                     nextSample, audio.encoder.pointer.pointee.time_base) <= 0
            } else {
                videoFirst = true
            }
            if videoFirst {
                try picture.drawPattern(frame: nextFrame)
                picture.pointer.pointee.pts = Int64(timing[nextFrame].start)
                try video.encode(picture, writeVideo)
                nextFrame += 1
            } else if let audio {
                let frame = try audioFrame(audio.encoder, start: nextSample, total: totalSamples, tone: &tone, path: path)
                try audio.encoder.encode(frame) { try output.write($0, from: audio.encoder, to: audio.stream) }
                nextSample += Int64(frame.pointer.pointee.nb_samples)
            }
        }
        try video.finish(writeVideo)
        if let audio { try audio.encoder.finish { try output.write($0, from: audio.encoder, to: audio.stream) } }
        try output.finish()
    }

    private static func videoEncoder(_ spec: SyntheticVideo, globalHeader: Bool, path: String) throws -> EncoderContext {
        let encoder: EncoderContext
        switch spec.codec {
        case .automatic:
            encoder = avcodec_find_encoder_by_name("libx264") != nil
                ? try EncoderContext(named: "libx264") : try EncoderContext(named: "mpeg4")
        case .h264: encoder = try EncoderContext(named: "libx264")
        case .hevc: encoder = try EncoderContext(named: "libx265")
        case .mpeg4: encoder = try EncoderContext(named: "mpeg4")
        }
        let c = encoder.pointer
        c.pointee.width = Int32(spec.width)
        c.pointee.height = Int32(spec.height)
        c.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        // What PlaneFill writes: BT.601 limited range, said in the stream so readers need not guess.
        c.pointee.colorspace = AVCOL_SPC_SMPTE170M
        c.pointee.color_primaries = AVCOL_PRI_SMPTE170M
        c.pointee.color_trc = AVCOL_TRC_BT709
        c.pointee.color_range = AVCOL_RANGE_MPEG
        c.pointee.time_base = AVRational(num: 1, den: Int32(spec.timeScale))
        c.pointee.framerate = AVRational(num: Int32(spec.frameRate), den: 1)
        c.pointee.gop_size = Int32(spec.frameRate)
        c.pointee.thread_count = 1  // same bytes every run, and gentle on shared machines
        if globalHeader { c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        switch encoder.name {
        case "libx264":
            try encoder.setPrivateOption("preset", "veryfast")
            // With macroblock-tree rate control, x264 0.164's SIMD lookahead made tiny pictures
            // (64×48, 64×64) encode differently from one call to the next in the same process;
            // without it every size tried gives the same bytes every time.
            try encoder.setPrivateOption("x264-params", "mbtree=0")
        case "libx265":
            try encoder.setPrivateOption("preset", "ultrafast")
            try encoder.setPrivateOption("x265-params", "log-level=error")
        default:
            c.pointee.bit_rate = Int64(spec.width * spec.height * spec.frameRate / 4)
        }
        try encoder.open()
        return encoder
    }

    private static func audioEncoder(globalHeader: Bool, path: String) throws -> EncoderContext {
        let encoder = try EncoderContext(named: "aac")
        let c = encoder.pointer
        c.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        c.pointee.sample_rate = sampleRate
        c.pointee.bit_rate = 96_000
        av_channel_layout_default(&c.pointee.ch_layout, 2)
        c.pointee.time_base = AVRational(num: 1, den: sampleRate)
        if globalHeader { c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        try encoder.open()
        return encoder
    }

    /// The next block of the tone, planar float stereo. The last block is short when the encoder
    /// accepts that, else padded with silence.
    private static func audioFrame(_ encoder: EncoderContext, start: Int64, total: Int64,
                                   tone: inout ToneGenerator, path: String) throws -> AVFrameBox {
        let c = encoder.pointer.pointee
        let frameSize = c.frame_size > 0 ? Int64(c.frame_size) : 1024
        let wanted = min(frameSize, total - start)
        let smallLastFrame = encoder.codec.pointee.capabilities & AV_CODEC_CAP_SMALL_LAST_FRAME != 0
            || encoder.codec.pointee.capabilities & AV_CODEC_CAP_VARIABLE_FRAME_SIZE != 0
        let count = smallLastFrame ? wanted : frameSize

        let frame = try AVFrameBox()
        let f = frame.pointer
        f.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        f.pointee.sample_rate = c.sample_rate
        f.pointee.nb_samples = Int32(count)
        var status = av_channel_layout_copy(&f.pointee.ch_layout, &encoder.pointer.pointee.ch_layout)
        if status < 0 { throw SyntheticMediaError("set audio channel layout", path: path, averror: status) }
        status = av_frame_get_buffer(f, 0)
        if status < 0 { throw SyntheticMediaError("allocate audio frame", path: path, averror: status) }

        let channels = Int(f.pointee.ch_layout.nb_channels)
        var samples = [Float](repeating: 0, count: Int(count))
        for i in 0..<Int(wanted) { samples[i] = tone.next() }
        guard let planes = f.pointee.extended_data else {
            throw SyntheticMediaError("allocate audio frame", path: path, reason: "frame has no planes")
        }
        for ch in 0..<channels {
            guard let plane = planes[ch] else { continue }
            plane.withMemoryRebound(to: Float.self, capacity: Int(count)) { out in
                for i in 0..<Int(count) { out[i] = samples[i] }
            }
        }
        f.pointee.pts = start
        return frame
    }

    static func fourCC(_ text: String) -> UInt32 {
        let b = Array(text.utf8)
        guard b.count == 4 else { return 0 }
        return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
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
