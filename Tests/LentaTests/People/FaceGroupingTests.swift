import LentaCore
import LentaLibrary
import Testing

/// `FaceGrouping` on hand-made vectors: no faces, no models.
@Suite struct FaceGroupingTests {
    /// A deterministic point of the unit sphere's neighbourhood for `seed`.
    static func centre(_ seed: UInt64) -> [Float] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        return (0..<FaceVector.count).map { _ in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Float(Double(state % 10_000) / 10_000 - 0.5) * 0.18
        }
    }

    /// `centre` moved by `spread` in a direction of its own for `k`.
    static func near(_ centre: [Float], _ k: UInt64, spread: Float) -> FaceVector {
        let noise = Self.centre(k &+ 1_000_003)
        let norm = noise.map { $0 * $0 }.reduce(0, +).squareRoot()
        return FaceVector(zip(centre, noise).map { $0 + $1 / norm * spread })!
    }

    static let anna = centre(1), ben = centre(2)

    @Test func twoPeopleAndStrangersAreKeptApart() {
        #expect(FaceVector(Self.anna)!.distance(to: FaceVector(Self.ben)!) > 0.75)
        var faces: [FaceGrouping.Face] = []
        for k in 0..<6 { faces.append(.init(id: Int64(2 * k + 1), itemId: Int64(100 + k), personId: nil, vector: Self.near(Self.anna, UInt64(k), spread: 0.2))) }
        for k in 0..<5 { faces.append(.init(id: Int64(2 * k + 2), itemId: Int64(200 + k), personId: nil, vector: Self.near(Self.ben, UInt64(50 + k), spread: 0.2))) }
        for k in 0..<4 { faces.append(.init(id: Int64(40 + k), itemId: Int64(300 + k), personId: nil, vector: FaceVector(Self.centre(UInt64(10 + k)))!)) }
        let assignments = FaceGrouping.group(faces)
        #expect(assignments.count == faces.count)
        #expect(assignments.allSatisfy { $0.personId == nil })
        let person = Dictionary(uniqueKeysWithValues: assignments.map { ($0.faceId, $0.newPerson) })
        let annas = Set(faces.filter { $0.itemId < 200 }.map { person[$0.id]! })
        let bens = Set(faces.filter { (200..<300).contains($0.itemId) }.map { person[$0.id]! })
        let strangers = faces.filter { $0.itemId >= 300 }.map { person[$0.id]! }
        #expect(annas.count == 1 && bens.count == 1 && annas != bens)
        #expect(Set(strangers).count == 4 && Set(strangers).isDisjoint(with: annas.union(bens)))
        // Deterministic: the order faces come in does not matter, only their ids.
        #expect(FaceGrouping.group(faces.reversed()) == assignments)
    }

    @Test func newFacesJoinPeopleAlreadyKnownAndCorrectionsStay() {
        // Faces 1–3 are person 7 (3 moved there by hand although it looks like Ben).
        let faces: [FaceGrouping.Face] = [
            .init(id: 1, itemId: 1, personId: 7, vector: Self.near(Self.anna, 1, spread: 0.2)),
            .init(id: 2, itemId: 2, personId: 7, vector: Self.near(Self.anna, 2, spread: 0.2)),
            .init(id: 3, itemId: 3, personId: 9, vector: Self.near(Self.ben, 3, spread: 0.2)),
            .init(id: 4, itemId: 4, personId: nil, vector: Self.near(Self.anna, 4, spread: 0.2)),
            .init(id: 5, itemId: 5, personId: nil, vector: Self.near(Self.ben, 5, spread: 0.2)),
        ]
        let assignments = FaceGrouping.group(faces)
        #expect(assignments == [.init(faceId: 4, personId: 7, newPerson: -1), .init(faceId: 5, personId: 9, newPerson: -1)])
    }

    @Test func onePersonIsNeverTwiceInOnePicture() {
        // Twins in one photo: the second face starts a person of its own.
        let faces: [FaceGrouping.Face] = [
            .init(id: 1, itemId: 1, personId: nil, vector: Self.near(Self.anna, 1, spread: 0.1)),
            .init(id: 2, itemId: 1, personId: nil, vector: Self.near(Self.anna, 2, spread: 0.1)),
        ]
        let assignments = FaceGrouping.group(faces)
        #expect(assignments.map(\.newPerson) == [0, 1])
    }

    @Test func vectorsRoundTripThroughTheirBytes() {
        let vector = Self.near(Self.anna, 3, spread: 0.3)
        #expect(vector.bytes.count == 512)
        #expect(FaceVector(bytes: vector.bytes) == vector)
        #expect(FaceVector(bytes: vector.bytes.dropLast()) == nil)
        #expect(FaceVector([Float](repeating: .nan, count: 128)) == nil)
    }

    /// A face on a clip's keyframe at `time`, `side` wide.
    static func clipFace(_ vector: FaceVector, time: Double, side: Double = 0.2) -> DetectedFace {
        DetectedFace(box: ProjectRect(x: 0.3, y: 0.2, width: side, height: side), score: 1, vector: vector, time: time)
    }

    @Test func aClipKeepsOneFaceForEachPersonOnItsKeyframes() {
        // Anna on all four keyframes (largest on the third), Ben on two, a stranger on one.
        let faces = [
            Self.clipFace(Self.near(Self.anna, 1, spread: 0.2), time: 0),
            Self.clipFace(Self.near(Self.ben, 2, spread: 0.2), time: 0, side: 0.1),
            Self.clipFace(Self.near(Self.anna, 3, spread: 0.2), time: 2),
            Self.clipFace(Self.near(Self.anna, 4, spread: 0.2), time: 4, side: 0.4),
            Self.clipFace(Self.near(Self.ben, 5, spread: 0.2), time: 4, side: 0.15),
            Self.clipFace(Self.near(Self.anna, 6, spread: 0.2), time: 6),
            Self.clipFace(FaceVector(Self.centre(77))!, time: 6),
        ]
        let kept = ClipFaceTracks.distinct(faces)
        #expect(kept.count == 3)
        #expect(kept.contains(faces[3]) && kept.contains(faces[4]) && kept.contains(faces[6]))
        // Deterministic whatever order the keyframes' faces come in.
        #expect(Set(ClipFaceTracks.distinct(faces.reversed()).map(\.time)) == Set(kept.map(\.time)))
        // Twins on one keyframe stay two; a photo's faces are left as they are.
        let twins = [Self.clipFace(Self.near(Self.anna, 8, spread: 0.05), time: 2), Self.clipFace(Self.near(Self.anna, 9, spread: 0.05), time: 2)]
        #expect(ClipFaceTracks.distinct(twins).count == 2)
        var photo = twins[0]
        photo.time = nil
        #expect(ClipFaceTracks.distinct([photo, photo]).count == 2)
    }

    @Test func onePersonMayBeOnTwoKeyframesOfAClipButNotTwiceOnOne() {
        // Anna's clip faces on keyframes 0 s and 8 s (her look changed: two tracks) both join
        // her; a look-alike on the same keyframe as her does not.
        let faces: [FaceGrouping.Face] = [
            .init(id: 1, itemId: 1, personId: nil, vector: Self.near(Self.anna, 1, spread: 0.2)),
            .init(id: 2, itemId: 2, personId: nil, vector: Self.near(Self.anna, 2, spread: 0.2), time: 0),
            .init(id: 3, itemId: 2, personId: nil, vector: Self.near(Self.anna, 3, spread: 0.2), time: 8),
            .init(id: 4, itemId: 2, personId: nil, vector: Self.near(Self.anna, 4, spread: 0.1), time: 8),
        ]
        let person = Dictionary(uniqueKeysWithValues: FaceGrouping.group(faces).map { ($0.faceId, $0.newPerson) })
        #expect(person[1] == person[2] && person[2] == person[3])
        #expect(person[4] != person[1])
    }
}
