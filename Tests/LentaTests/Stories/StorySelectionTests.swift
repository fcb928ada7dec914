import LentaCore
import LentaStories
import Testing

/// `StorySelection` on hand-made candidates: the rules one at a time, without media.
@Suite struct StorySelectionTests {
    static let day1 = LocalDate(year: 2024, month: 5, day: 3), day2 = LocalDate(year: 2024, month: 5, day: 4)

    static func quality(_ signature: UInt64, sharpness: Double = 0.8, brightness: Double = 0.45, crushed: Double = 0,
                        content: ContentKind = .photo, hash: String? = nil) -> ItemQuality {
        ItemQuality(signature: PerceptualSignature(bits: signature), contentHash: hash ?? "h\(signature)", sharpness: sharpness,
                    clipped: 0, crushed: crushed, brightness: brightness, content: content, source: "test")
    }

    /// Photos an hour apart, each looking different.
    static func photos(_ count: Int, day: LocalDate = day1, place: String = "Lisbon", from start: Double = 1_714_730_000,
                       firstID: Int64 = 1) -> [SelectionCandidate] {
        (0..<count).map { k in
            SelectionCandidate(id: firstID + Int64(k), name: "p\(firstID + Int64(k)).jpg", kind: .photo, instant: start + Double(k) * 3600,
                               day: day, place: place, quality: quality(UInt64(0x0F0F_0F0F) &* UInt64(k + 1) &+ UInt64(firstID) << 40))
        }
    }

    static func options(_ length: Double) -> SelectionOptions { SelectionOptions(length: length) }

    @Test func lengthIsMetExactly() {
        let plan = StorySelection(options: Self.options(30)).choose(Self.photos(40))
        #expect(abs(plan.length - 30) < 0.01, "\(plan.length)")
        #expect(plan.photoDuration >= 2 && plan.photoDuration <= 5)
        #expect(plan.chosen.count + plan.alternates.count == 40)
        #expect(plan.alternates.allSatisfy { $0.reason == .length })
        // Chosen are spread across the day, in order.
        #expect(plan.chosen.map(\.id) == plan.chosen.map(\.id).sorted())
        #expect(plan.chosen.first!.id <= 4 && plan.chosen.last!.id >= 37)
    }

    @Test func daysAndPlacesKeepTheirShare() {
        // 30 photos in Lisbon on day 1, 10 in Sintra on day 2, 2 in Cascais on day 2.
        let candidates = Self.photos(30) + Self.photos(10, day: Self.day2, place: "Sintra", from: 1_714_830_000, firstID: 100)
            + Self.photos(2, day: Self.day2, place: "Cascais", from: 1_714_870_000, firstID: 200)
        let plan = StorySelection(options: Self.options(40)).choose(candidates)
        let ids = plan.chosen.map(\.id)
        let lisbon = ids.filter { $0 < 100 }.count, sintra = ids.filter { (100..<200).contains($0) }.count
        let cascais = ids.filter { $0 >= 200 }.count
        #expect(cascais >= 1 && sintra >= 2 && lisbon >= 2 * sintra, "\(lisbon) \(sintra) \(cascais)")
        #expect(abs(plan.length - 40) < 0.01)
    }

    @Test func burstCollapsesToItsSharpestFrame() {
        var candidates = Self.photos(3)
        for f in 0..<4 {
            candidates.insert(SelectionCandidate(id: 50 + Int64(f), kind: .photo, instant: 1_714_731_000 + Double(f), day: Self.day1,
                                                 place: "Lisbon", quality: Self.quality(0xABCD_0000 + UInt64(f), sharpness: f == 1 ? 0.9 : 0.5)),
                              at: 1 + f)
        }
        let plan = StorySelection(options: Self.options(60)).choose(candidates)
        #expect(plan.chosen.map(\.id).filter { $0 >= 50 } == [51])
        #expect(plan.alternates.filter { $0.reason == .burst }.map(\.id) == [50, 52, 53])
    }

    @Test func rejectsAreLeftOutWhenBetterOnesExist() {
        var candidates = Self.photos(6)
        candidates[1].quality = Self.quality(1, sharpness: 0.1)
        candidates[2].quality = Self.quality(2, brightness: 0.03, crushed: 0.9)
        candidates[3].quality = Self.quality(3, content: .screenshot)
        candidates[4].quality = Self.quality(4, content: .document)
        candidates[5].quality = Self.quality(5, hash: candidates[0].quality?.contentHash)
        candidates[5].name = "p1 copy.jpg"
        let plan = StorySelection(options: Self.options(60)).choose(candidates)
        #expect(plan.chosen.map(\.id) == [1])
        #expect(plan.alternates.map(\.reason) == [.blurred, .dark, .screenshot, .document, .duplicate])
    }

    @Test func aDayOfOnlyDarkShotsKeepsItsBest() {
        var candidates = Self.photos(4) + Self.photos(2, day: Self.day2, from: 1_714_830_000, firstID: 100)
        candidates[4].quality = Self.quality(7, brightness: 0.05, crushed: 0.7)
        candidates[5].quality = Self.quality(8, brightness: 0.02, crushed: 0.95)
        let plan = StorySelection(options: Self.options(60)).choose(candidates)
        #expect(plan.chosen.map(\.id).contains(100))
        #expect(plan.alternates.map(\.id) == [101])
    }

    @Test func byHandIsAlwaysIn() {
        var candidates = Self.photos(30)
        candidates[7].byHand = true
        candidates[7].quality = Self.quality(9, sharpness: 0.05)
        candidates[8].byHand = true
        candidates[8].quality = Self.quality(10, content: .screenshot)
        let plan = StorySelection(options: Self.options(15)).choose(candidates)
        #expect(plan.chosen.contains { $0.id == 8 && $0.byHand } && plan.chosen.contains { $0.id == 9 })
        #expect(abs(plan.length - 15) < 0.01)
    }

    @Test func withoutStretchingASmallLentaKeepsItsPace() {
        var options = Self.options(60)
        options.stretchToLength = false
        let plan = StorySelection(options: options).choose(Self.photos(5))
        #expect(plan.chosen.count == 5 && plan.photoDuration == 3)
        #expect(StoryLengthRule.seconds(days: 2) == 60 && StoryLengthRule.seconds(days: 14) == 115 && StoryLengthRule.seconds(days: 60) == 180)
    }

    @Test func clipsBestPartIsWhereItIsLoud() {
        // A 20 s clip with even motion and even pictures; voices from 8 s to 13 s.
        let samples = stride(from: 0.0, to: 20, by: 2).map { ClipActivity.Sample(time: $0, change: 0.01, sharpness: 0.8, brightness: 0.5, crushed: 0) }
        let quiet = ClipActivity(samples: samples, bitsPerBucket: Array(repeating: 1e6, count: 20), bucketSeconds: 1)
        var loud = quiet
        loud.loudness = (0..<20).map { $0 >= 8 && $0 < 13 ? 0.3 : 0.01 }
        let trim = ClipMoment.best(duration: 20, length: 5, activity: loud)
        #expect(trim.start >= 7.5 && trim.start <= 8.5, "\(trim)")
        #expect(ClipMoment.best(duration: 20, length: 5, activity: quiet).start < 7.5, "without sound the loud part is not known")
    }

    @Test func clipsBestPartIsWhereThingsHappen() {
        // A 20 s clip: a dark, still opening; motion and a scene change from 12 s.
        let samples = stride(from: 0.0, to: 20, by: 2).map { t in
            ClipActivity.Sample(time: t, change: t == 12 ? 0.3 : 0.01, sharpness: 0.8, brightness: t < 4 ? 0.03 : 0.5, crushed: t < 4 ? 0.9 : 0)
        }
        let bits = (0..<20).map { $0 >= 12 && $0 < 17 ? 4e6 : 5e5 }
        let activity = ClipActivity(samples: samples, bitsPerBucket: bits, bucketSeconds: 1)
        let trim = ClipMoment.best(duration: 20, length: 5, activity: activity)
        #expect(trim.start >= 11 && trim.start <= 12.5 && abs(trim.length - 5) < 0.001, "\(trim)")
        // Without activity, the start; never past the end.
        #expect(ClipMoment.best(duration: 20, length: 5, activity: nil) == TrimRange(0, 5))
        #expect(ClipMoment.best(duration: 3, length: 5, activity: activity) == TrimRange(0, 3))
    }
}
