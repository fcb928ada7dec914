import Foundation
import LentaCore
import LentaStories
import Testing

/// `lenta project --explain`: every item in and out of a story names the measures that decided
/// it, and the `why` lists are accepted by validation and kept through a round trip.
@Suite struct StoryExplanationTests {
    @Test func everyItemInAndOutSaysWhy() throws {
        var candidates = StorySelectionTests.photos(6)
        // A burst frame 2 s after the first, softer; a receipt; a passport page.
        var burst = candidates[0]
        burst.id = 50
        burst.name = "burst.jpg"
        burst.instant = (candidates[0].instant ?? 0) + 2
        burst.quality = StorySelectionTests.quality(0x0F0F_0F0F &* 1 &+ (1 << 40), sharpness: 0.3, hash: "burst")
        candidates.insert(burst, at: 1)
        var receipt = StorySelectionTests.photos(1, from: 1_714_760_000, firstID: 60)[0]
        receipt.quality?.content = .document
        receipt.quality?.contentReasons = ["receipt", "9 lines of text cover 14% of the picture"]
        receipt.quality?.reading = DocumentReading(lines: 9, textShare: 0.14, pageShare: 0.4, codes: [], milliseconds: 800)
        var passport = StorySelectionTests.photos(1, from: 1_714_770_000, firstID: 70)[0]
        passport.quality?.content = .private
        passport.quality?.contentReasons = ["a passport's machine-readable zone"]
        candidates += [receipt, passport]
        let options = SelectionOptions(length: 60)
        let plan = StorySelection(options: options).choose(candidates)
        let why = StoryExplanation.why(plan, candidates: candidates, options: options)
        #expect(Set(why.keys) == Set(candidates.map(\.id)), "every candidate, chosen or left out")
        for choice in plan.chosen {
            let reasons = try #require(why[choice.id])
            #expect(reasons.first == "chosen")
            #expect(reasons.contains { $0.hasPrefix("sharpness ") && $0.hasSuffix("× the lenta's median") }, "\(reasons)")
            #expect(reasons.contains { $0.hasPrefix("brightness 0.45") }, "\(reasons)")
            #expect(reasons.contains { $0.hasPrefix("shown ") && $0.hasSuffix(" s") }, "\(reasons)")
        }
        #expect(why[50]?.first == "burst: a better frame of the same seconds (p1.jpg kept)", "\(why[50] ?? [])")
        #expect(why[60]?.first == "document: not a moment of the trip")
        #expect(why[60]?.contains("content document: receipt; 9 lines of text cover 14% of the picture") == true, "\(why[60] ?? [])")
        #expect(why[60]?.contains("read: 9 lines of text over 14% of the picture") == true, "\(why[60] ?? [])")
        #expect(why[70]?.first == "private: personal data, never chosen")
        #expect(why[70]?.contains("content private: a passport's machine-readable zone") == true)
    }

    /// A photo read as likely paper whose kind was not confirmed (a pass on tiles whose code was
    /// not read: its words name paper) is left out as a document, even on a day with nothing
    /// else, and says why; a photo read with a few lines of a sign stays.
    @Test func aPhotoReadAsLikelyPaperIsLeftOutAndSaysWhy() throws {
        var candidates = StorySelectionTests.photos(4)
        let paper = "likely a document, its kind not confirmed: words that name paper (BOARDING)"
        candidates[1].quality?.reading = DocumentReading(lines: 4, textShare: 0.016, pageShare: nil, codes: [], milliseconds: 900,
                                                         unconfirmedPaper: paper)
        candidates[1].quality?.contentReasons = [paper]
        candidates[2].quality?.reading = DocumentReading(lines: 3, textShare: 0.04, pageShare: nil, codes: [], milliseconds: 900)
        // Alone on its day: not restored to fill it.
        var alone = StorySelectionTests.photos(1, day: StorySelectionTests.day2, from: 1_714_900_000, firstID: 80)[0]
        alone.quality?.reading = candidates[1].quality?.reading
        candidates.append(alone)
        let options = SelectionOptions(length: 60)
        let plan = StorySelection(options: options).choose(candidates)
        let chosen = Set(plan.chosen.map(\.id))
        #expect(!chosen.contains(candidates[1].id) && !chosen.contains(80))
        #expect(chosen.contains(candidates[2].id))
        #expect(plan.alternates.contains { $0.id == candidates[1].id && $0.reason == .document })
        let why = StoryExplanation.why(plan, candidates: candidates, options: options)
        #expect(why[candidates[1].id]?.first == "likely a document (its kind not confirmed): not a moment of the trip", "\(why[candidates[1].id] ?? [])")
        #expect(why[candidates[1].id]?.contains("content photo: " + paper) == true, "\(why[candidates[1].id] ?? [])")
    }

    @Test func whyIsAcceptedByValidationAndKept() throws {
        let folder = try ProjectFixtures.Folder()
        try folder.touch("2024-05/IMG_0002.HEIC")
        let json = #"{"lenta": 1, "items": [{"path": "2024-05/IMG_0001.HEIC", "why": ["chosen", "sharpness 1.2× the lenta's median"]}], "alternates": [{"path": "2024-05/IMG_0002.HEIC", "reason": "document", "why": ["document: not a moment of the trip"]}]}"#
        let project = try ProjectFile.decode(Data(json.utf8))
        #expect(project.items[0].why == ["chosen", "sharpness 1.2× the lenta's median"])
        #expect(project.alternates[0].why == ["document: not a moment of the trip"])
        #expect(try ProjectFile.decode(project.encodedJSON()) == project)
        #expect(try folder.problems(json).isEmpty)
        let wrong = #"{"lenta": 1, "items": [{"path": "2024-05/IMG_0001.HEIC", "why": "because"}]}"#
        #expect(try folder.problems(wrong).contains { $0.hasPrefix("items[0].why:") })
    }
}
