import Foundation
import GRDB
import LentaCatalog
import LentaCore
@testable import LentaLibrary
import LentaMedia
import LentaTestSupport
import Testing

/// People in a real catalog, with face vectors given by hand (no face models): grouping,
/// naming, merging, moving a face, rescans, a person's lenta, and forgetting.
@Suite(.serialized) struct PeopleCatalogTests {
    /// The synthetic library scanned, with Anna's face in four photos, Ben's in three, a
    /// stranger's in one; every other photo and every clip looked at and empty.
    static func library() throws -> (ScannedLibrary, Catalog, anna: [MediaItem], ben: [MediaItem], vectors: [FaceVector]) {
        let library = try #require(ScannedLibrary.make())
        let catalog = try Catalog(path: library.catalog)
        let awaiting = try catalog.itemsAwaitingFaces(model: FaceModels.version)
        let photos = awaiting.filter { $0.metadata.kind == .photo }
        try #require(photos.count >= 10)
        var vectors: [FaceVector] = []
        // The clips looked at and empty too.
        var entries: [(item: MediaItem, faces: [DetectedFace], problem: String?)] = awaiting.filter { $0.metadata.kind == .video }.map { ($0, [], nil) }
        for (k, item) in photos.enumerated() {
            let centre: [Float]? = k < 4 ? FaceGroupingTests.anna : k < 7 ? FaceGroupingTests.ben : k == 7 ? FaceGroupingTests.centre(99) : nil
            guard let centre else { entries.append((item, [], nil)); continue }
            let vector = FaceGroupingTests.near(centre, UInt64(k), spread: 0.2)
            vectors.append(vector)
            entries.append((item, [DetectedFace(box: ProjectRect(x: 0.4, y: 0.2, width: 0.2, height: 0.25), score: 1, vector: vector)], nil))
        }
        try catalog.storeFaces(entries, model: FaceModels.version)
        try FaceLearning.group(in: catalog)
        return (library, catalog, Array(photos[0..<4]), Array(photos[4..<7]), vectors)
    }

    static func people(_ library: ScannedLibrary) throws -> [PersonSummary] {
        let result = try library.run(["people", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("embedding") && !result.stdout.contains("vector"))
        let decoder = JSONDecoder()
        return try decoder.decode([PersonSummary].self, from: Data(result.stdout.utf8))
    }

    @Test func facesBecomePeopleAndCorrectionsSurviveARescan() throws {
        let (library, catalog, anna, ben, _) = try Self.library()
        var people = try Self.people(library)
        #expect(people.map(\.photos) == [4, 3, 1])
        let annaID = people[0].id, benID = people[1].id, strangerID = people[2].id
        let store = People(catalog: catalog)
        #expect(Set(try store.items(of: String(annaID)).map(\.id)) == Set(anna.map(\.id)))
        #expect(Set(try store.items(of: String(benID)).map(\.id)) == Set(ben.map(\.id)))

        // Name, move one of Anna's faces to Ben, merge the stranger into Ben.
        #expect(try library.run(["people", "name", String(annaID), "Anna"]).status == 0)
        #expect(try library.run(["people", "name", String(benID), "Ben"]).status == 0)
        let moved = try #require(try store.faces(of: "Anna").last)
        #expect(try library.run(["people", "move", String(moved.id), "--to", "Ben"]).status == 0)
        #expect(try library.run(["people", "merge", String(strangerID), "Ben"]).status == 0)
        #expect(try library.run(["people", "merge", "Ben", "Ben"]).status == 1)
        #expect(try library.run(["people", "name", "404", "Nobody"]).status == 1)

        // A rescan (and a story's learning) keeps ids, names and corrections.
        #expect(try library.run(["scan", library.photos]).status == 0)
        people = try Self.people(library)
        #expect(people.map(\.id) == [annaID, benID])
        #expect(people.map(\.name) == ["Anna", "Ben"])
        #expect(people.map(\.photos) == [3, 5])
        #expect(try store.faces(of: "Ben").contains { $0.id == moved.id && $0.byHand })

        // A face moved to no one is a person of its own (a split).
        let split = try library.run(["people", "move", String(moved.id)])
        #expect(split.status == 0, "\(split.stderr)")
        #expect(try Self.people(library).count == 3)
    }

    @Test func aPersonsLentaAndTheTripsTheyWereOn() throws {
        let (library, _, anna, _, _) = try Self.library()
        let annaID = try #require(try Self.people(library).first).id
        #expect(try library.run(["people", "name", String(annaID), "Anna"]).status == 0)
        let made = try library.run(["new", "--person", "anna", "--json"])
        #expect(made.status == 0, "\(made.stderr)")
        let detail = try JSONDecoder().decode(LentaDetail.self, from: Data(made.stdout.utf8))
        #expect(Set(detail.items.map(\.id)) == Set(anna.map(\.id)))
        #expect(detail.lenta.title.hasPrefix("Anna: "))
        // A memory made by the person rule (issue 29), by id: made again, after a rename too, it is the same lenta.
        #expect(detail.lenta.memory == .person(annaID, from: nil, to: nil))
        #expect(try library.run(["people", "name", String(annaID), "Anna Karenina"]).status == 0)
        let again = try library.run(["new", "--person", String(annaID), "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        let remade = try JSONDecoder().decode(LentaDetail.self, from: Data(again.stdout.utf8))
        #expect(remade.lenta.id == detail.lenta.id)
        #expect(remade.lenta.title.hasPrefix("Anna Karenina: "))
        #expect(Set(remade.items.map(\.id)) == Set(anna.map(\.id)))
        #expect(try library.run(["people", "name", String(annaID), "Anna"]).status == 0)

        let trips = try JSONDecoder().decode([LentaSummary].self, from: Data(try library.run(["list", "--person", "Anna", "--json"]).stdout.utf8))
        let all = try library.lentas()
        #expect(trips.contains { $0.id == detail.lenta.id })
        #expect(trips.count < all.count)
        #expect(try library.run(["list", "--person", "Zed"]).status == 1)
        // A date range with nothing of hers in it.
        #expect(try library.run(["new", "--person", "Anna", "--from", "1990-01-01", "--to", "1990-12-31"]).status == 1)
    }

    @Test func forgetLeavesNoVectorInTheFile() throws {
        let (library, catalog, _, _, vectors) = try Self.library()
        func stored(_ vector: FaceVector) -> Bool {
            ["", "-wal"].contains { FileManager.default.contents(atPath: library.catalog + $0)?.range(of: vector.bytes.prefix(32)) != nil }
        }
        #expect(vectors.allSatisfy(stored))  // so that their absence below means something
        #expect(try library.run(["people", "forget"]).status == 1)  // no terminal, no --yes
        let forget = try library.run(["people", "forget", "--yes"])
        #expect(forget.status == 0, "\(forget.stderr)")
        _ = catalog
        let queue = try DatabaseQueue(path: library.catalog)
        let counts = try queue.read { db in
            try ["face", "faceScan", "person"].map { try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? -1 }
        }
        #expect(counts == [0, 0, 0])
        // No vector's bytes anywhere in the database, its log or shared memory.
        #expect(!vectors.contains(where: stored))
        #expect(!vectors.contains { FileManager.default.contents(atPath: library.catalog + "-shm")?.range(of: $0.bytes.prefix(32)) != nil })
    }
}
