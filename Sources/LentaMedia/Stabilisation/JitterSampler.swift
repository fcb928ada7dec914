import CFFmpeg
import LentaCore

/// Measures a clip's camera jitter (`CameraJitter`) during its analysis, within a budget: a few
/// short windows of consecutive frames (`windows` of `windowSeconds`, spread over the clip),
/// each decoded from the keyframe before it and reduced to a grey picture `side` pixels wide.
/// Shake is steady through a hand-held shot, so windows tell it as well as the whole clip would,
/// at a fraction of a full decode.
enum JitterSampler {
    static let windows = 2
    static let windowSeconds = 1.5
    /// The grey picture's longer side (projections at this size still find shifts to a tenth of
    /// a pixel: a twentieth of one at 1080p).
    static let side = 320

    /// The clip's jitter (fraction of its longer side), or nil when no window could be read.
    static func measure(path: String, duration: Double, frameRate: Double?) -> Double? {
        guard let container = try? FormatContext(path: path),
              let stream = try? container.streams().first(where: { $0.type == AVMEDIA_TYPE_VIDEO && !$0.isCoverArt }),
              let frames = try? StreamFrames(container: container, stream: stream.index, threads: 1, slicesOnly: true),
              let frame = try? CodecFrame() else { return nil }
        let timeBase = av_q2d(stream.timeBase)
        guard timeBase > 0 else { return nil }
        let start = stream.startTime ?? 0
        var jitter = CameraJitter(frameRate: frameRate ?? 30)
        var scaler: ScaleContext?
        let count = duration >= 2 * windowSeconds * Double(windows) ? windows : 1
        for k in 0..<count {
            // Windows centred at (k + 1) / (count + 1) of the clip; a short clip is one window from its start.
            let from = count == 1 && duration < 3 * windowSeconds
                ? 0 : duration * Double(k + 1) / Double(count + 1) - windowSeconds / 2
            let to = from + windowSeconds
            guard (try? frames.seek(to: start + Int64(from / timeBase))) != nil else { continue }
            while (try? frames.next(into: frame)) == true {
                defer { frame.unreference() }
                let stamp = frame.pointer.pointee.best_effort_timestamp
                guard stamp != lenta_av_nopts_value() else { continue }
                let time = Double(stamp - start) * timeBase
                if time < from - 1e-6 { continue }
                if time > to { break }
                let w = frame.width, h = Int(frame.pointer.pointee.height)
                let scale = min(1, Double(side) / Double(max(w, h)))
                let gw = max(2, Int((Double(w) * scale).rounded())), gh = max(2, Int((Double(h) * scale).rounded()))
                if scaler == nil || scaler?.sourceWidth != w || scaler?.sourceHeight != h || scaler?.sourceFormat != frame.format {
                    scaler = try? ScaleContext(from: (w, h, frame.format), to: (gw, gh, AV_PIX_FMT_GRAY8),
                                               flags: Int32(SWS_AREA) | Int32(SWS_BITEXACT), path: path)
                }
                guard let grey = try? scaler?.convert(frame), let base = grey.pointer.pointee.data.0 else { continue }
                let stride = Int(grey.pointer.pointee.linesize.0)
                jitter.add(luma: UnsafeBufferPointer(start: base, count: stride * (gh - 1) + gw), width: gw, height: gh, stride: stride)
            }
            jitter.endRun()
        }
        return jitter.value
    }
}
