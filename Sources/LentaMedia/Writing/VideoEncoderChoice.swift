import CFFmpeg
import Foundation
import LentaCore

/// The video encoder a story is written with: the first of the preset's encoders
/// (`video.codec`, then `video.fallback` in order) that opens. A hardware encoder on a machine
/// without its card or driver fails to open (NVENC: no CUDA; VA-API: no device), and the next is
/// tried; `notice` says so in one line.
struct VideoEncoderChoice {
    let encoder: EncoderContext
    /// The surfaces a VA-API encoder takes its pictures in; nil for the others.
    let hardware: HardwareFrames?
    /// "h264_nvenc cannot open (…); using libx264"; nil when the first encoder opened.
    let notice: String?

    init(preset: OutputPreset, globalHeader: Bool, threads: Int, path: String) throws {
        var failures: [String] = []
        for name in preset.video.encoders {
            do {
                let (encoder, hardware) = try Self.open(name, preset: preset, globalHeader: globalHeader, threads: threads, path: path)
                self.encoder = encoder
                self.hardware = hardware
                notice = failures.isEmpty ? nil : failures.joined(separator: "; ") + "; using \(name)"
                return
            } catch let error as MediaError {
                // "open hevc_vaapi encoder: …" says nothing the name does not; "open a VA-API device: …" does.
                let step = error.operation.hasPrefix("open \(name)") || error.operation == "find encoder" ? "" : "\(error.operation): "
                failures.append("\(name) cannot open (\(step)\(error.reason))")
            }
        }
        throw MediaError("open a video encoder", path: path, reason: failures.joined(separator: "; "))
    }

    /// Sets up and opens the encoder `name` with the preset's settings, in its own terms.
    /// The encoder's pixel format: yuv420p, or yuv420p10le (the preset's `pixelFormat`) for HDR.
    static func pixelFormat(_ preset: OutputPreset) -> AVPixelFormat {
        preset.video.pixelFormat == "yuv420p10le" ? AV_PIX_FMT_YUV420P10LE : AV_PIX_FMT_YUV420P
    }

    private static func open(_ name: String, preset: OutputPreset, globalHeader: Bool, threads: Int,
                             path: String) throws -> (EncoderContext, HardwareFrames?) {
        let kind = VideoEncoderKind(encoder: name)
        let encoder = try EncoderContext(named: name, path: path)
        let c = encoder.pointer
        let video = preset.video
        c.pointee.width = Int32(preset.width)
        c.pointee.height = Int32(preset.height)
        c.pointee.pix_fmt = pixelFormat(preset)
        c.pointee.time_base = AVRational(num: Int32(preset.fps.denominator), den: Int32(preset.fps.numerator))
        c.pointee.framerate = AVRational(num: Int32(preset.fps.numerator), den: Int32(preset.fps.denominator))
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        c.pointee.gop_size = Int32(video.gop)
        c.pointee.max_b_frames = Int32(video.bFrames)
        // The tags say what the compositor made: BT.709 SDR, or BT.2020 HLG/PQ for an HDR preset.
        let colour = preset.colour
        c.pointee.color_range = AVCOL_RANGE_MPEG
        c.pointee.color_primaries = colour.primaries == .bt2020 ? AVCOL_PRI_BT2020 : AVCOL_PRI_BT709
        c.pointee.color_trc = colour.transfer == .hlg ? AVCOL_TRC_ARIB_STD_B67 : colour.transfer == .pq ? AVCOL_TRC_SMPTE2084 : AVCOL_TRC_BT709
        c.pointee.colorspace = colour.matrix == .bt2020NCL ? AVCOL_SPC_BT2020_NCL : AVCOL_SPC_BT709
        c.pointee.thread_count = Int32(max(0, threads))
        if globalHeader { c.pointee.flags |= AV_CODEC_FLAG_GLOBAL_HEADER }
        var hardware: HardwareFrames?
        let speed = kind.speedSetting(video.preset)
        switch kind {
        case .x264:
            try encoder.setOption("preset", video.preset)
            try encoder.setOption("crf", String(video.crf))
            try encoder.setOption("profile", video.profile)
        case .x265:
            try encoder.setOption("preset", video.preset)
            try encoder.setOption("crf", String(video.crf))
            try encoder.setOption("profile", video.profile)
            // x265 prints its settings on stderr unless told not to.
            var params = "log-level=error"
            if colour.isHDR {
                // Mastering display (BT.2020, D65, 1000 cd/m²) and content light level as SEI.
                params += ":repeat-headers=1:master-display=\(HDRMetadata.x265MasteringDisplay):max-cll=\(HDRMetadata.maxCLL),\(HDRMetadata.maxFALL)"
                if colour.transfer == .pq { params += ":hdr10-opt=1" }
            }
            try encoder.setOption("x265-params", params)
        case .svtAV1:
            // SVT-AV1 prints its settings on stderr unless $SVT_LOG says otherwise (1: errors);
            // a user's own setting is kept.
            setenv("SVT_LOG", "1", 0)
            if let speed { try encoder.setOption("preset", speed) }
            try encoder.setOption("crf", String(video.crf))
        case .nvenc:
            if let speed { try encoder.setOption("preset", speed) }
            try encoder.setOption("profile", video.profile)
            // Constant quality: variable bit rate with no bit-rate target, `cq` playing CRF's part.
            try encoder.setOption("rc", "vbr")
            try encoder.setOption("cq", String(video.crf))
            c.pointee.bit_rate = 0
        case .vaapi:
            let frames = try HardwareFrames(width: preset.width, height: preset.height, path: path)
            try frames.attach(to: encoder)
            try encoder.setOption("profile", video.profile)
            try encoder.setOption("rc_mode", "CQP")
            c.pointee.global_quality = Int32(video.crf)
            hardware = frames
        case .other:
            break
        }
        try encoder.open()
        return (encoder, hardware)
    }
}
