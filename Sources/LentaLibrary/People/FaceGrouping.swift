import LentaCore

/// Groups faces into people, incrementally and deterministically: faces already with a person
/// stay there; each new face, in id order, joins the person of the nearest face (already placed,
/// or placed before it in this run) within `threshold`, unless that person already has another
/// face in the same picture (one person is never twice in a photo, nor on one keyframe of a
/// clip: on two keyframes of a clip they may well be); otherwise it starts a new person. Faces put with a person by hand count like any other, so corrections steer what
/// comes after them.
public enum FaceGrouping {
    /// Tighter than the 0.6 dlib's model is made for: strangers chained through look-alikes
    /// cost more (one person's film showing others) than a person split in two (one merge).
    public static let threshold = 0.55

    public struct Face: Sendable {
        public var id: Int64
        public var itemId: Int64
        public var personId: Int64?
        public var vector: FaceVector
        /// A clip's face: its keyframe's time (nil for a photo's).
        public var time: Double?
        public init(id: Int64, itemId: Int64, personId: Int64?, vector: FaceVector, time: Double? = nil) {
            self.id = id
            self.itemId = itemId
            self.personId = personId
            self.vector = vector
            self.time = time
        }

        /// The picture the face is in: a photo, or one keyframe of a clip.
        var picture: Picture { Picture(itemId: itemId, time: time) }
    }

    struct Picture: Hashable {
        var itemId: Int64
        var time: Double?
    }

    /// Where a new face goes: an existing person, or the new person numbered `newPerson`.
    public struct Assignment: Sendable, Equatable {
        public var faceId: Int64
        public var personId: Int64?
        public var newPerson: Int
        public init(faceId: Int64, personId: Int64?, newPerson: Int) {
            self.faceId = faceId
            self.personId = personId
            self.newPerson = newPerson
        }
    }

    private enum Person: Hashable {
        case existing(Int64)
        case new(Int)
    }

    public static func group(_ faces: [Face], threshold: Double = threshold) -> [Assignment] {
        let ordered = faces.sorted { $0.id < $1.id }
        var placed: [(vector: FaceVector, picture: Picture, person: Person)] = ordered.compactMap { face in
            face.personId.map { (face.vector, face.picture, .existing($0)) }
        }
        var inPicture: [Picture: Set<Person>] = [:]
        for p in placed { inPicture[p.picture, default: []].insert(p.person) }
        var assignments: [Assignment] = []
        var newPeople = 0
        for face in ordered where face.personId == nil {
            let taken = inPicture[face.picture] ?? []
            var best: (distance: Double, person: Person)?
            for p in placed where !taken.contains(p.person) {
                let d = p.vector.distance(to: face.vector)
                if d <= threshold, d < (best?.distance ?? .infinity) { best = (d, p.person) }
            }
            let person: Person
            if let best { person = best.person } else { person = .new(newPeople); newPeople += 1 }
            placed.append((face.vector, face.picture, person))
            inPicture[face.picture, default: []].insert(person)
            switch person {
            case .existing(let id): assignments.append(Assignment(faceId: face.id, personId: id, newPerson: -1))
            case .new(let k): assignments.append(Assignment(faceId: face.id, personId: nil, newPerson: k))
            }
        }
        return assignments
    }
}
