/// Room for an MP4's index (`moov`) in front of its media, so the index comes first without
/// `+faststart`'s second pass (which, after encoding, rereads the whole file and writes it again
/// further on: 750 MB for a 30 s story at 2160p). The mov muxer writes the index into the room
/// (its `moov_size` option) and fills what is left with a `free` box; an index larger than the
/// room would overrun the media, so the room is an upper bound on the index's size.
package enum IndexRoom {
    /// Bytes no sample's entries in an index exceed: stts, ctts, stsz, stss, stps, sdtp
    /// (8 + 8 + 4 + 4 + 4 + 1) and, for a chunk of one sample, stsc and co64 (12 + 8); 49, rounded up.
    package static let bytesPerSample = 64
    /// A track's boxes besides its sample entries and its codec's extradata (tkhd, edts, mdia's
    /// headers, the sample description with colour, bit rate, HDR and rotation boxes): about 700.
    static let bytesPerTrack = 4096
    /// The movie's own boxes (mvhd, iods, udta's meta, hdlr and the tool's name tag): about 300.
    static let bytesPerMovie = 8192
    /// Each metadata tag or chapter title besides its text (its box headers, and with
    /// `use_metadata_tags` its key again in `keys`).
    static let bytesPerText = 64

    /// What a track holds, for the bound.
    package struct Track: Equatable {
        package var samples: Int
        package var extradataBytes: Int
        /// A `mov_text` track: the muxer adds an empty sample in each gap between cues.
        package var isSubtitle: Bool
        package init(samples: Int, extradataBytes: Int = 0, isSubtitle: Bool = false) {
            self.samples = samples
            self.extradataBytes = extradataBytes
            self.isSubtitle = isSubtitle
        }
    }

    /// An upper bound on the size of the index of `tracks` with tags `tags` and chapters titled
    /// `chapters` (a chapter is written twice: as a sample of the chapter track the muxer adds,
    /// and in Nero's `chpl` box).
    package static func bound(tracks: [Track], tags: [(key: String, value: String)], chapters: [String]) -> Int {
        var bytes = bytesPerMovie
        for track in tracks {
            let samples = track.isSubtitle ? 2 * track.samples + 2 : track.samples
            bytes += bytesPerTrack + track.extradataBytes + samples * bytesPerSample
        }
        for tag in tags { bytes += bytesPerText + 2 * tag.key.utf8.count + tag.value.utf8.count }
        if !chapters.isEmpty {
            bytes += bytesPerTrack + (2 * chapters.count + 2) * bytesPerSample
            for title in chapters { bytes += 2 * (bytesPerText + title.utf8.count) }
        }
        return bytes
    }

    /// The samples to make room for when `expected` are foreseen: an eighth more and 16, for
    /// the packets an encoder adds (priming, the last short frame) and rounding.
    package static func withMargin(_ expected: Int) -> Int { expected + expected / 8 + 16 }

    /// Whether a `movflags` value turns `faststart` on ("+faststart", "faststart+…").
    package static func asksFaststart(_ movflags: String) -> Bool {
        flagTokens(movflags).contains { $0 == "+faststart" }
    }

    /// A `movflags` value without `faststart` (empty when nothing else is left). Flags are
    /// added to the muxer's defaults (none), so a first flag without a sign becomes `+flag`.
    package static func withoutFaststart(_ movflags: String) -> String {
        flagTokens(movflags).filter { $0 != "+faststart" && $0 != "-faststart" }.joined()
    }

    /// "a+b-c" → ["+a", "+b", "-c"].
    private static func flagTokens(_ movflags: String) -> [String] {
        var tokens: [String] = [], current = ""
        for ch in movflags {
            if ch == "+" || ch == "-" {
                if !current.isEmpty { tokens.append(current) }
                current = String(ch)
            } else {
                if current.isEmpty { current = "+" }
                current.append(ch)
            }
        }
        if current.count > 1 { tokens.append(current) }
        return tokens
    }
}
