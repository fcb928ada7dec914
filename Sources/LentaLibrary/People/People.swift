import Foundation
import LentaCatalog
import LentaCore
import LentaMedia

/// A person as `lenta people` shows them. No face vector: those never leave the catalog.
public struct PersonSummary: Codable, Sendable, Equatable {
    public var id: Int64
    public var name: String?
    public var photos: Int
    public var clips: Int
    /// The local days of their first and last dated item.
    public var firstSeen: LocalDate?
    public var lastSeen: LocalDate?
}

/// A face of a person, for `lenta people faces` and the sheet.
public struct PersonFace: Codable, Sendable, Equatable {
    public var id: Int64
    public var personId: Int64?
    public var path: String
    public var box: ProjectRect
    public var byHand: Bool
    /// A clip's face: the time of its keyframe, seconds from the clip's start.
    public var time: Double?
}

/// The people in a catalog's pictures: learning them (`FaceLearning`), listing, naming,
/// merging, moving a face, forgetting them all, and the items of a person.
public struct People {
    let catalog: Catalog

    public init(catalog: Catalog) { self.catalog = catalog }

    public typealias Failure = Lentas.Failure

    /// Looks for faces in the items of `ids` (all items when nil) never looked at, on every
    /// core, and groups them into people. - Returns: how many items were looked at.
    @discardableResult
    public func learn(among ids: [Int64]? = nil, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) throws -> Int {
        // Nothing new: the models (31 MB, a second to load) are not read.
        guard try !catalog.itemsAwaitingFaces(model: FaceModels.version, among: ids).isEmpty else {
            try FaceLearning.group(in: catalog)
            return 0
        }
        let embedder: FaceEmbedder
        do {
            embedder = try FaceEmbedder.standard()
        } catch {
            throw Failure("cannot look for faces: \(error.operation): \(error.reason)")
        }
        return try FaceLearning.learn(in: catalog, among: ids, embedder: embedder, progress: progress)
    }

    /// As `learn` when the face models and library are there; otherwise nothing (a story is
    /// still made, without people). - Returns: why faces could not be learned, if they could not.
    @discardableResult
    public func learnIfPossible(among ids: [Int64]? = nil, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) throws -> String? {
        guard try !catalog.itemsAwaitingFaces(model: FaceModels.version, among: ids).isEmpty else { return nil }
        let embedder: FaceEmbedder
        do {
            embedder = try FaceEmbedder.standard()
        } catch {
            return "\(error.operation): \(error.reason)"
        }
        try FaceLearning.learn(in: catalog, among: ids, embedder: embedder, progress: progress)
        return nil
    }

    /// What learning a library's faces did in one bounded run (`lenta auto`).
    public struct LibraryLearning: Codable, Sendable, Equatable {
        /// Files looked at for faces in this run.
        public var lookedAt: Int
        /// Files under the folders still never looked at (a later run's).
        public var waiting: Int
        /// Why none could be looked at (no face models or library).
        public var problem: String?
        public init(lookedAt: Int, waiting: Int, problem: String? = nil) {
            (self.lookedAt, self.waiting, self.problem) = (lookedAt, waiting, problem)
        }
    }

    /// Learns the faces of the files under `roots` never looked at, at most `limit` of them (the
    /// most recently catalogued first), so that a nightly job's first run on a large library costs
    /// a bounded time and the next runs go on where it stopped; never again for an unchanged file.
    public func learnLibrary(under roots: [String], limit: Int,
                             progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) throws -> LibraryLearning {
        let awaiting = try catalog.itemIdsAwaitingFaces(model: FaceModels.version, under: roots)
        let chosen = Array(awaiting.prefix(max(0, limit)))
        guard !chosen.isEmpty else { return LibraryLearning(lookedAt: 0, waiting: awaiting.count) }
        if let problem = try learnIfPossible(among: chosen, progress: progress) {
            return LibraryLearning(lookedAt: 0, waiting: awaiting.count, problem: problem)
        }
        return LibraryLearning(lookedAt: chosen.count, waiting: awaiting.count - chosen.count)
    }

    /// Everyone, by id.
    public func list() throws -> [PersonSummary] {
        let people = try catalog.people()
        let briefs = Dictionary(uniqueKeysWithValues: try catalog.briefs(ids: Array(Set(people.flatMap(\.itemIds)))).map { ($0.id, $0) })
        return people.map { summary($0, briefs: briefs) }
    }

    func summary(_ person: StoredPerson, briefs: [Int64: ItemBrief]) -> PersonSummary {
        let items = person.itemIds.compactMap { briefs[$0] }
        let days = items.filter { $0.captureTime?.source.isFallback == false }.compactMap(Lentas.localDay)
        return PersonSummary(id: person.id, name: person.name, photos: items.filter { $0.kind == .photo }.count,
                             clips: items.filter { $0.kind == .video }.count, firstSeen: days.min(), lastSeen: days.max())
    }

    /// The person a command names: their id, or their name (any case).
    public func person(_ reference: String) throws -> StoredPerson {
        let people = try catalog.people()
        if let id = Int64(reference), let person = people.first(where: { $0.id == id }) { return person }
        let named = people.filter { $0.name?.lowercased() == reference.lowercased() }
        if let person = named.first, named.count == 1 { return person }
        if named.count > 1 { throw Failure("\(named.count) people are named \(reference): use an id (\(named.map { String($0.id) }.joined(separator: ", ")))") }
        throw Failure("no person \(reference) (lenta people lists them)")
    }

    /// The items a person is in, in time order, taken between two local days when given
    /// (inclusive): a film of one person, the trips they were on, a memory of them.
    public func items(of reference: String, from: LocalDate? = nil, to: LocalDate? = nil) throws -> [ItemBrief] {
        let person = try person(reference)
        let items = try catalog.briefs(ids: person.itemIds).filter { item in
            guard from != nil || to != nil else { return true }
            guard item.captureTime?.source.isFallback == false, let day = Lentas.localDay(item) else { return false }
            return (from.map { $0 <= day } ?? true) && (to.map { day <= $0 } ?? true)
        }
        return Lentas.ordered(items)
    }

    /// Gives a person a name.
    public func name(_ reference: String, as name: String) throws -> PersonSummary {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw Failure("a name cannot be empty") }
        let person = try person(reference)
        _ = try catalog.namePerson(person.id, as: trimmed)
        return try list().first { $0.id == person.id } ?? PersonSummary(id: person.id, name: trimmed, photos: 0, clips: 0)
    }

    /// `from`'s faces become `into`'s: one person.
    public func merge(_ from: String, into: String) throws -> PersonSummary {
        let a = try person(from), b = try person(into)
        guard a.id != b.id else { throw Failure("\(from) and \(into) are the same person") }
        try catalog.mergePeople(a.id, into: b.id)
        return try list().first { $0.id == b.id } ?? PersonSummary(id: b.id, name: b.name, photos: 0, clips: 0)
    }

    /// Moves one face to a person (a new person when `to` is nil: a split). - Returns: the person.
    public func move(face faceId: Int64, to: String?) throws -> Int64 {
        guard try catalog.faces().contains(where: { $0.id == faceId }) else {
            throw Failure("no face \(faceId) (lenta people faces PERSON lists them)")
        }
        let target = try to.map { try self.person($0).id }
        let moved = try catalog.moveFace(faceId, to: target)
        try catalog.removeEmptyPeople()
        return moved
    }

    /// A person's faces (everyone's when nil), by id.
    public func faces(of reference: String?) throws -> [PersonFace] {
        let faces = try catalog.faces(ofPerson: try reference.map { try person($0).id })
        let paths = Dictionary(uniqueKeysWithValues: try catalog.briefs(ids: Array(Set(faces.map(\.itemId)))).map { ($0.id, $0.path) })
        return faces.compactMap { face in
            paths[face.itemId].map { PersonFace(id: face.id, personId: face.personId, path: $0, box: face.box, byHand: face.byHand, time: face.time) }
        }
    }

    /// Each person's clearest face (the largest box), by person id: the people sheet.
    public func portraits() throws -> [(person: PersonSummary, face: PersonFace)] {
        let faces = Dictionary(grouping: try faces(of: nil), by: \.personId)
        return try list().compactMap { person in
            let best = faces[person.id]?.max { ($0.box.width * $0.box.height, -$0.id) < ($1.box.width * $1.box.height, -$1.id) }
            return best.map { (person, $0) }
        }
    }

    /// Forgets every face, vector, person and name (`lenta people forget`).
    public func forget() throws {
        try catalog.forgetPeople()
    }
}
