import LentaCore
import LentaStories
import Testing

/// `StorySelection`'s people step on hand-made candidates: who is in each item is given.
@Suite struct StorySelectionPeopleTests {
    static let day = LocalDate(year: 2024, month: 5, day: 3)

    static func photo(_ id: Int64, sharpness: Double = 0.8, people: [Int64] = []) -> SelectionCandidate {
        SelectionCandidate(id: id, name: "p\(id).jpg", kind: .photo, instant: 1_714_730_000 + Double(id) * 3600, day: day, place: "Lisbon",
                           quality: ItemQuality(signature: PerceptualSignature(bits: UInt64(id) &* 0x0F0F_0F0F_0F0F), contentHash: "h\(id)",
                                                sharpness: sharpness, clipped: 0, crushed: 0, brightness: 0.45, content: .photo, source: "test"),
                           people: people)
    }

    /// 40 photos an hour apart; person 1 (Anna) is in 15 of them, person 2 (Ben) in two, both a
    /// little less sharp than their neighbours, so that without the people rule neither would win a run.
    static func trip() -> [SelectionCandidate] {
        (1...40).map { id -> SelectionCandidate in
            if id == 17 || id == 18 { return photo(Int64(id), sharpness: 0.7, people: [2]) }
            if id % 3 == 0 && id <= 45 { return photo(Int64(id), sharpness: 0.78, people: [1]) }
            return photo(Int64(id))
        }
    }

    @Test func someoneInTwoItemsIsInTheStory() {
        let candidates = Self.trip()
        var options = SelectionOptions(length: 20)
        options.titleCard = nil
        let plan = StorySelection(options: options).choose(candidates)
        let chosen = Set(plan.chosen.map(\.id))
        #expect(chosen.contains(17) || chosen.contains(18), "\(chosen.sorted())")
        #expect(abs(plan.length - 20) < 0.01)
        // Without people the same trip leaves Ben out: the rule is what brings him in.
        let anonymous = candidates.map { c -> SelectionCandidate in var c = c; c.people = []; return c }
        let without = Set(StorySelection(options: options).choose(anonymous).chosen.map(\.id))
        #expect(!without.contains(17) && !without.contains(18), "\(without.sorted())")
    }

    @Test func noOneIsShownFarMoreThanTheTripShowedThem() {
        // Anna in 6 of 40 items, each much sharper than the rest: sharpness alone would fill the story with her.
        let candidates = (1...40).map { id -> SelectionCandidate in
            id % 7 == 0 ? Self.photo(Int64(id), sharpness: 1.5, people: [1]) : Self.photo(Int64(id), sharpness: 0.8)
        }
        var options = SelectionOptions(length: 12)
        options.titleCard = nil
        let plan = StorySelection(options: options).choose(candidates)
        let withAnna = plan.chosen.filter { $0.id % 7 == 0 }.count
        let share = 6.0 / 40
        #expect(withAnna >= 1)
        #expect(Double(withAnna) <= max(2 * share * Double(plan.chosen.count), share * Double(plan.chosen.count) + 1) + 0.5,
                "\(withAnna) of \(plan.chosen.count)")
    }

    @Test func betweenNearEqualShotsTheOneWithTheTripsPeopleWins() {
        // A burst of two: the empty frame a hair sharper, the other with Anna (in the trip twice).
        var burst = [Self.photo(1, sharpness: 0.81), Self.photo(2, sharpness: 0.8, people: [1])]
        burst[1].instant = burst[0].instant.map { $0 + 1 }
        let candidates = burst + [Self.photo(10, people: [1]), Self.photo(11), Self.photo(12)]
        let plan = StorySelection(options: SelectionOptions(length: 60)).choose(candidates)
        #expect(plan.chosen.map(\.id).contains(2))
        #expect(plan.alternates.contains { $0.id == 1 && $0.reason == .burst })
    }
}
