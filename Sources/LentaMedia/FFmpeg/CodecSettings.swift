import CFFmpeg

// What the test support (synthetic media) and the tests set and read on the wrappers, in Swift
// names: outside LentaMedia, LentaText and LentaPixels no file imports a C module.

/// The pixel layouts frames are made in and drawn into outside LentaMedia.
package enum FramePixelFormat: Sendable, CaseIterable {
    case yuv420p
    /// 4:2:0, full range (JPEG's).
    case yuvj420p
    /// 4:2:0, 10-bit codes in 16-bit little-endian samples.
    case yuv420p10
    case rgb24
    case nv12

    var av: AVPixelFormat {
        switch self {
        case .yuv420p: return AV_PIX_FMT_YUV420P
        case .yuvj420p: return AV_PIX_FMT_YUVJ420P
        case .yuv420p10: return AV_PIX_FMT_YUV420P10LE
        case .rgb24: return AV_PIX_FMT_RGB24
        case .nv12: return AV_PIX_FMT_NV12
        }
    }

    init?(_ format: AVPixelFormat) {
        guard let known = Self.allCases.first(where: { $0.av == format }) else { return nil }
        self = known
    }
}

extension CodecFrame {
    package static func video(width: Int, height: Int, pixelFormat: FramePixelFormat, path: String) throws -> CodecFrame {
        try video(width: width, height: height, format: pixelFormat.av, path: path)
    }

    /// The frame's layout, when it is one of `FramePixelFormat`'s.
    package var pixelFormat: FramePixelFormat? { FramePixelFormat(format) }

    /// Plane `index`'s first byte and the bytes between its rows, lent to `body`; nil when the
    /// frame has no such plane.
    package func withPlane<R>(_ index: Int, _ body: (UnsafeMutablePointer<UInt8>, Int) throws -> R) rethrows -> R? {
        let f = pointer.pointee
        let data = withUnsafeBytes(of: f.data) { $0.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)[index] }
        let stride = withUnsafeBytes(of: f.linesize) { Int($0.bindMemory(to: Int32.self)[index]) }
        guard index >= 0, index < 8, let data else { return nil }
        return try body(data, stride)
    }

    /// The frame's presentation time, in its stream's time base.
    package var presentationTime: Int64 {
        get { pointer.pointee.pts }
        set { pointer.pointee.pts = newValue }
    }

    /// Samples per channel (an audio frame).
    package var sampleCount: Int { Int(pointer.pointee.nb_samples) }

    /// The quality an image encoder with a fixed quantiser is to use: its own (`global_quality`).
    package func takeQuality(of encoder: EncoderContext) { pointer.pointee.quality = encoder.pointer.pointee.global_quality }
}

extension CodecPacket {
    package var presentationTime: Int64 { pointer.pointee.pts }

    package var duration: Int64 {
        get { pointer.pointee.duration }
        set { pointer.pointee.duration = newValue }
    }
}

/// How a video or image encoder is to code its pictures (set before `open`).
package struct VideoEncoderSettings: Sendable {
    package var width: Int
    package var height: Int
    package var pixelFormat: FramePixelFormat
    package var fullRange = false
    /// BT.601 (SMPTE 170M) matrix and primaries with the BT.709 transfer, said in the stream.
    package var describesBT601 = false
    package var timeBase: (num: Int, den: Int) = (1, 25)
    package var frameRate: Int?
    package var keyFrameInterval: Int?
    package var bitRate: Int?
    /// A fixed quantiser (2 = best), as an image encoder takes it.
    package var fixedQuantiser: Int?
    package var squarePixels = false
    /// No encoder version string in the output.
    package var bitExact = false
    package var globalHeader = false
    package var threads = 1

    package init(width: Int, height: Int, pixelFormat: FramePixelFormat) {
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
    }
}

extension EncoderContext {
    package func configure(_ settings: VideoEncoderSettings) {
        let c = pointer
        c.pointee.width = Int32(settings.width)
        c.pointee.height = Int32(settings.height)
        c.pointee.pix_fmt = settings.pixelFormat.av
        if settings.describesBT601 {
            c.pointee.colorspace = AVCOL_SPC_SMPTE170M
            c.pointee.color_primaries = AVCOL_PRI_SMPTE170M
            c.pointee.color_trc = AVCOL_TRC_BT709
        }
        if settings.fullRange || settings.describesBT601 { c.pointee.color_range = settings.fullRange ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG }
        if let quantiser = settings.fixedQuantiser {
            c.pointee.flags |= AV_CODEC_FLAG_QSCALE
            c.pointee.global_quality = Int32(quantiser) * FF_QP2LAMBDA
        }
        c.pointee.time_base = AVRational(num: Int32(settings.timeBase.num), den: Int32(settings.timeBase.den))
        if let rate = settings.frameRate { c.pointee.framerate = AVRational(num: Int32(rate), den: 1) }
        if let gop = settings.keyFrameInterval { c.pointee.gop_size = Int32(gop) }
        if let bitRate = settings.bitRate { c.pointee.bit_rate = Int64(bitRate) }
        if settings.squarePixels { c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1) }
        if settings.bitExact { c.pointee.flags |= AV_CODEC_FLAG_BITEXACT }
        if settings.globalHeader { c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        c.pointee.thread_count = Int32(settings.threads)
    }

    /// Float planar stereo at `sampleRate`, `bitRate` bits a second (set before `open`).
    package func configureStereoAudio(sampleRate: Int, bitRate: Int, globalHeader: Bool) {
        let c = pointer
        c.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        c.pointee.sample_rate = Int32(sampleRate)
        c.pointee.bit_rate = Int64(bitRate)
        av_channel_layout_default(&c.pointee.ch_layout, 2)
        c.pointee.time_base = AVRational(num: 1, den: Int32(sampleRate))
        if globalHeader { c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
    }

    /// Samples per frame the (opened) encoder takes; nil when any number will do.
    package var frameSize: Int? { pointer.pointee.frame_size > 0 ? Int(pointer.pointee.frame_size) : nil }

    /// Whether `a` (in this encoder's time base) comes no later than `b` in `other`'s.
    package func timestamp(_ a: Int64, isNotAfter b: Int64, in other: EncoderContext) -> Bool {
        av_compare_ts(a, pointer.pointee.time_base, b, other.pointer.pointee.time_base) <= 0
    }
}
