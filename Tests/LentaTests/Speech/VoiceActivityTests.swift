import Foundation
import LentaCore
import LentaMedia
import LentaTestSupport
import Testing

/// Which voice activity detector tells speech from a trip's noise better — WebRTC's or speexdsp's
/// preprocessor VAD — measured on espeak-ng's sentences over synthetic wind and traffic at several
/// signal-to-noise ratios, against which 30 ms frames of the clean speech are voiced.
@Suite(.enabled(if: SyntheticSpeech.espeak != nil, "espeak-ng is not installed"))
struct VoiceActivityTests {
    static let texts = [
        "Look at the harbour, the boats are coming in.",
        "We walked up the hill to the old castle this morning.",
        "The view from here is wonderful, isn't it?",
    ]
    static let starts = [1.0, 5.5, 10.5]

    struct Figures {
        /// Share of frames judged as the clean speech says, over speech mixed with noise.
        var accuracy: Double
        /// Share of speech frames found.
        var hit: Double
        /// Share of frames of the noise alone taken for speech.
        var falseSpeech: Double
    }

    static func measure<D: VoiceFrameDetector>(_ make: () throws -> D, speech: [Float], background: [Float], snr: Double) throws -> Figures {
        let truth = SyntheticSpeech.voiced(speech)
        let (mixed, noise) = SyntheticSpeech.mix(speech: speech, noise: background, snr: snr)
        let finder = SpeechFinder(detector: try make())
        finder.feed(stereo: SyntheticSpeech.stereo(mixed))
        let decided = finder.decisions
        let n = min(truth.count, decided.count)
        let right = (0..<n).filter { truth[$0] == decided[$0] }.count
        let voiced = (0..<n).filter { truth[$0] }
        let hit = voiced.filter { decided[$0] }.count
        let alone = SpeechFinder(detector: try make())
        alone.feed(stereo: SyntheticSpeech.stereo(noise))
        let falseSpeech = Double(alone.decisions.filter { $0 }.count) / Double(max(1, alone.decisions.count))
        return Figures(accuracy: Double(right) / Double(max(1, n)), hit: Double(hit) / Double(max(1, voiced.count)), falseSpeech: falseSpeech)
    }

    @Test func webrtcTellsSpeechFromWindAndTrafficBetterThanSpeex() throws {
        let (speech, _) = try SyntheticSpeech.sentences(Self.texts, at: Self.starts, seconds: 14)
        var webrtcScore = 0.0, speexScore = 0.0
        var lines = ["noise    SNR  | WebRTC acc  hit  false | speex acc  hit  false"]
        for kind in SyntheticSpeech.Background.allCases {
            let noise = SyntheticSpeech.background(kind, seconds: 14, seed: 7)
            for snr in [20.0, 10, 5, 0] {
                let w = try Self.measure({ try VoiceActivityDetector() }, speech: speech, background: noise, snr: snr)
                let s = try Self.measure({ try SpeexVoiceDetector(frameMilliseconds: 30) }, speech: speech, background: noise, snr: snr)
                lines.append(String(format: "%-8@ %4.0f | %.3f  %.3f  %.3f | %.3f  %.3f  %.3f", kind.rawValue as NSString, snr,
                                    w.accuracy, w.hit, w.falseSpeech, s.accuracy, s.hit, s.falseSpeech))
                if snr >= 10 {
                    // Usable where a trip's clip is: speech found, noise alone mostly left alone.
                    #expect(w.accuracy >= 0.8 && w.hit >= 0.9 && w.falseSpeech <= 0.25, "\(kind) at \(snr) dB: \(w)")
                }
                // Accuracy, less what it takes for speech in noise alone.
                webrtcScore += w.accuracy - w.falseSpeech
                speexScore += s.accuracy - s.falseSpeech
            }
        }
        print(lines.joined(separator: "\n"))
        #expect(webrtcScore > speexScore)
    }
}
