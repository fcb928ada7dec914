import Foundation

/// Where a story's captions and place names go: a SubRip or WebVTT file beside the MP4, or a
/// `mov_text` track inside it.
public enum SubtitleFormat: String, CaseIterable, Sendable {
    case srt
    case vtt
    case movText = "mov_text"

    /// The sidecar's extension; nil for the track inside the MP4.
    public var fileExtension: String? {
        switch self {
        case .srt: return "srt"
        case .vtt: return "vtt"
        case .movText: return nil
        }
    }
}

/// Subtitle files as text: SubRip (`.srt`: numbered cues, `00:00:03,500 --> 00:00:07,000`) and
/// WebVTT (`.vtt`: a `WEBVTT` header, `00:00:03.500 --> 00:00:07.000`), UTF-8, cues in time order.
public enum SubtitleFile {
    public static func text(_ cues: [SubtitleCue], format: SubtitleFormat) -> String {
        let ordered = cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        switch format {
        case .srt, .movText:
            return ordered.enumerated().map { k, cue in
                let ms = cue.milliseconds
                return "\(k + 1)\n\(timestamp(ms.start, separator: ",")) --> \(timestamp(ms.end, separator: ","))\n\(lines(cue.text))\n"
            }.joined(separator: "\n")
        case .vtt:
            return "WEBVTT\n\n" + ordered.map { cue in
                let ms = cue.milliseconds
                // "-->" may not appear in a WebVTT cue's text.
                let text = lines(cue.text).replacingOccurrences(of: "-->", with: "→")
                return "\(timestamp(ms.start, separator: ".")) --> \(timestamp(ms.end, separator: "."))\n\(text)\n"
            }.joined(separator: "\n")
        }
    }

    /// `HH:MM:SS,mmm` (SubRip) or `HH:MM:SS.mmm` (WebVTT).
    static func timestamp(_ milliseconds: Int64, separator: String) -> String {
        let ms = max(0, milliseconds)
        func pad(_ v: Int64, _ n: Int) -> String { String(repeating: "0", count: max(0, n - String(v).count)) + String(v) }
        return "\(pad(ms / 3_600_000, 2)):\(pad(ms / 60_000 % 60, 2)):\(pad(ms / 1000 % 60, 2))\(separator)\(pad(ms % 1000, 3))"
    }

    /// A cue's text without blank lines, which would end the cue early.
    static func lines(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
