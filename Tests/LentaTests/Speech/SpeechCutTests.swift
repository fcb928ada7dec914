import LentaCore
import LentaStories
import Testing

/// Where a clip's part may be cut when people speak in it: never inside an utterance — extended to
/// the pause, shortened, or moved — and a beat that would end it mid-sentence is not taken.
@Suite("Speech cuts")
struct SpeechCutTests {
    static let speech = [Utterance(1, 3.4), Utterance(4.2, 7.8), Utterance(9, 11)]

    static func clean(_ part: TrimRange) -> Bool { SpeechCuts.isClean(part.start, part.end, speech) }

    @Test("an end inside an utterance is extended to the pause after it, within the limit")
    func extended() {
        let part = SpeechCuts.fitted(TrimRange(3.8, 7.0), duration: 12, speech: Self.speech)
        #expect(Self.clean(part))
        #expect(part.start == 3.8)
        #expect(abs(part.end - (7.8 + SpeechCuts.pad)) < 1e-9)
    }

    @Test("a start inside one moves back into the pause before it (its middle, when short)")
    func startMovedBack() {
        let part = SpeechCuts.fitted(TrimRange(5.0, 8.5), duration: 12, speech: Self.speech)
        #expect(Self.clean(part))
        #expect(abs(part.start - 4.05) < 1e-9)  // 0.15 s before 4.2, inside the 0.8 s pause
        #expect(part.end == 8.5)
    }

    @Test("an end too far from the next pause is shortened to end before the utterance")
    func shortened() {
        let long = [Utterance(1, 2), Utterance(3, 12)]
        let part = SpeechCuts.fitted(TrimRange(0.5, 5.0), duration: 14, speech: long)
        #expect(SpeechCuts.isClean(part.start, part.end, long))
        #expect(abs(part.end - (3 - SpeechCuts.pad)) < 1e-9)
        #expect(part.length >= 4.5 / 2)
    }

    @Test("no speech, or speech from end to end: the part as chosen")
    func nothingToDo() {
        #expect(SpeechCuts.fitted(TrimRange(2, 5), duration: 12, speech: []) == TrimRange(2, 5))
        #expect(SpeechCuts.fitted(TrimRange(2, 5), duration: 8, speech: [Utterance(0, 8)]) == TrimRange(2, 5))
    }

    @Test("pacing ends a speaking clip on a beat in a pause, never on the nearer one mid-sentence")
    func beatsInPauses() throws {
        // 120 bpm: a beat every 0.5 s from 0.25.
        let grid = BeatGrid(beats: (0..<80).map { 0.25 + Double($0) * 0.5 }, beatsPerBar: 4, barPhase: 0, duration: 41)
        // A 3 s photo, then a clip chosen as [2, 6.1): its end on the story's clock would be the
        // beat at 7.25 (source 6.25, inside the utterance to 7.8); the beats after it in a pause
        // are at 8.75 and on (source ≥ 7.9).
        let speech = Self.speech.map { Utterance($0.start, $0.end) }
        let pieces: [StoryPacing.Piece] = [.still(wanted: 3), .clip(trim: TrimRange(2, 6.1), sourceLength: 12, speech: speech),
                                           .still(wanted: 3)]
        let r = StoryPacing.pace(pieces, overlaps: [0, 0], grid: grid)
        let trim = try #require(r.trims[1])
        #expect(SpeechCuts.isClean(trim.start, trim.end, speech), "\(trim)")
        #expect(r.onBeat[1])
        // Without the speech, the nearer beat inside the sentence.
        let blind = StoryPacing.pace([pieces[0], .clip(trim: TrimRange(2, 6.1), sourceLength: 12), pieces[2]], overlaps: [0, 0], grid: grid)
        let cut = try #require(blind.trims[1])
        #expect(!SpeechCuts.isClean(cut.start, cut.end, speech), "\(cut)")
    }
}
