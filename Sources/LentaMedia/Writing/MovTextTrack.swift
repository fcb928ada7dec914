import CFFmpeg
import Foundation
import LentaCore

/// A `mov_text` (3GPP Timed Text) subtitle track in an MP4: the encoder and its stream. Each cue
/// goes to the encoder as an ASS dialogue line (how libavcodec hands text subtitles around) and
/// comes out as one timed sample; the muxer fills the gaps between cues with empty samples.
final class MovTextTrack {
    private let encoder: EncoderContext
    private let stream: Int
    private let path: String

    /// Every text encoder reads its style from an ASS header: one style, white, bottom centre.
    static let assHeader = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 384
        PlayResY: 288

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,Sans,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,0

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """

    /// Opens the encoder and adds its stream (before the muxer's header).
    init(muxer: MuxerContext, path: String) throws {
        self.path = path
        encoder = try EncoderContext(named: "mov_text", path: path)
        let c = encoder.pointer
        c.pointee.time_base = AVRational(num: 1, den: 1000)
        let header = Array(Self.assHeader.utf8)
        // The codec context owns (and frees) its subtitle header, so it is copied with av_malloc.
        guard let copy = av_mallocz(header.count + 1)?.bindMemory(to: UInt8.self, capacity: header.count + 1) else {
            throw MediaError("set up the subtitle track", path: path, reason: "out of memory", code: .outOfMemory)
        }
        copy.update(from: header, count: header.count)
        c.pointee.subtitle_header = copy
        c.pointee.subtitle_header_size = Int32(header.count)
        try encoder.open()
        stream = try muxer.addStream(for: encoder)
    }

    /// Encodes every cue, in time order, into the track (after the muxer's header).
    func write(_ cues: [SubtitleCue], to muxer: MuxerContext) throws {
        let ordered = cues.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        for (k, cue) in ordered.enumerated() {
            let (start, end) = cue.milliseconds
            guard end > start else { continue }
            let size = try encode(cue.text, order: k, into: &buffer)
            let packet = try CodecPacket()
            try check(av_new_packet(packet.pointer, Int32(size)), "write a subtitle", path: path)
            buffer.withUnsafeBufferPointer { b in
                if let from = b.baseAddress { packet.pointer.pointee.data.update(from: from, count: size) }
            }
            packet.pointer.pointee.pts = start
            packet.pointer.pointee.dts = start
            packet.pointer.pointee.duration = end - start
            try muxer.write(packet, from: encoder, stream: stream)
        }
    }

    /// One cue through `avcodec_encode_subtitle`; returns the bytes written into `buffer`.
    private func encode(_ text: String, order: Int, into buffer: inout [UInt8]) throws -> Int {
        // ASS text: `\N` breaks a line; braces would open override tags, so they become brackets.
        let assText = text.split(whereSeparator: \.isNewline).joined(separator: "\\N")
            .replacingOccurrences(of: "{", with: "(").replacingOccurrences(of: "}", with: ")")
        var subtitle = AVSubtitle()
        defer { avsubtitle_free(&subtitle) }
        guard let rects = av_mallocz(MemoryLayout<UnsafeMutablePointer<AVSubtitleRect>?>.stride)?
                .bindMemory(to: UnsafeMutablePointer<AVSubtitleRect>?.self, capacity: 1),
              let rect = av_mallocz(MemoryLayout<AVSubtitleRect>.stride)?.bindMemory(to: AVSubtitleRect.self, capacity: 1) else {
            throw MediaError("write a subtitle", path: path, reason: "out of memory", code: .outOfMemory)
        }
        rects[0] = rect
        subtitle.rects = rects
        subtitle.num_rects = 1
        subtitle.format = 1  // text
        rect.pointee.type = SUBTITLE_ASS
        rect.pointee.ass = av_strdup("\(order),0,Default,,0,0,0,,\(assText)")
        let size = buffer.withUnsafeMutableBufferPointer { b in
            avcodec_encode_subtitle(encoder.pointer, b.baseAddress, Int32(b.count), &subtitle)
        }
        return Int(try check(size, "encode a subtitle", path: path))
    }
}
