import Dispatch
import Foundation
import LentaCore
@testable import LentaLibrary
@testable import LentaMedia
import LentaStories
import LentaTestSupport
import Synchronization
import Testing

/// Documents and private pictures photographed as a phone does (perspective, shadow, blur,
/// noise, a real photo behind), and travel photos with text in a small part of them: how many
/// are told apart, through the pipeline a library goes through (scan's gate, then reading).
@Suite(.serialized) struct DocumentRecognitionTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    struct Outcome: Sendable {
        var name: String
        var expected: PhotographedDocument.Expected
        var quality: ItemQuality
    }

    /// The library the rules were tried on: the hand-drawn pictures, a generated library
    /// (`GeneratedDocuments.tuningSeed`), and the real sample photos as they are.
    static let tuning: Result<[Outcome], Error> = Result {
        let pictures = try Self.made(PhotographedDocuments.documents + PhotographedDocuments.travelScenes
                            + GeneratedDocuments.documents(seed: GeneratedDocuments.tuningSeed, count: 22)
                            + GeneratedDocuments.travelScenes(seed: GeneratedDocuments.tuningSeed, count: 12))
        return outcomes(pictures + PhotographedDocument.backgrounds(repository: repository).map { ($0, .photo) })
    }

    /// A library drawn from another seed, never tuned on.
    static let heldOut: Result<[Outcome], Error> = Result {
        outcomes(try Self.made(GeneratedDocuments.documents(seed: GeneratedDocuments.heldOutSeed, count: 22)
                          + GeneratedDocuments.travelScenes(seed: GeneratedDocuments.heldOutSeed, count: 16)))
    }

    /// The pictures, made once into the build folder and kept (named by what they are made of):
    /// to look at, for bench/scan's library, and so a rerun reads them without drawing them again.
    static func made(_ pictures: [PhotographedDocument]) throws -> [(String, PhotographedDocument.Expected)] {
        // "seeded": pictures drawn since ImageMagick's noise was seeded (earlier ones differ run to run).
        let recipe = CRC32.checksum(Array(("seeded" + String(describing: pictures.map {
            ($0.name, $0.lines.map(\.text), $0.angle, $0.fill, $0.size.width, $0.wood, $0.hand, $0.blur, $0.squeeze, $0.code?.contents)
        })).utf8))
        let folder = repository.appendingPathComponent(".build/document-pictures/\(String(recipe, radix: 16))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let backgrounds = PhotographedDocument.backgrounds(repository: repository)
        let next = Atomic(0)
        let failure = Mutex<Error?>(nil)
        // Drawn two at a time (ImageMagick's perspective and blur take a second or two each).
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < pictures.count else { return }
                let path = folder.appendingPathComponent("\(pictures[i].name).jpg").path
                if FileManager.default.fileExists(atPath: path) { continue }
                do { _ = try pictures[i].write(to: folder, backgrounds: backgrounds) } catch { failure.withLock { $0 = error } }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return pictures.map { (folder.appendingPathComponent("\($0.name).jpg").path, $0.expected) }
    }

    /// Each picture analysed as the scan does and, when the gate opens, read as `lenta project` does.
    static func outcomes(_ made: [(String, PhotographedDocument.Expected)]) -> [Outcome] {
        let results = Mutex([Outcome?](repeating: nil, count: made.count))
        let next = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let engine = Result { try DocumentReader.Engine() }
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < made.count else { return }
                let (path, expected) = made[i]
                guard let metadata = try? MotionPhotoTests.probe(path),
                      let quality = try? QualityAnalyser.analyse(path: path, metadata: metadata, contentHash: path) else { continue }
                var read = quality
                if quality.awaitsReading, let verdict = ItemReading.verdict(
                    MediaItem(id: Int64(i), path: path, size: 0, modified: 0, fingerprint: "", metadata: metadata, quality: quality), engine: engine) {
                    read = verdict
                }
                let outcome = Outcome(name: URL(fileURLWithPath: path).lastPathComponent, expected: expected, quality: read)
                results.withLock { $0[i] = outcome }
            }
        }
        return results.withLock { $0 }.compactMap { $0 }
    }

    static var outcomes: Result<[Outcome], Error> { tuning }

    static func describe(_ o: Outcome) -> String {
        let r = o.quality.reading
        return "\(o.name): expected \(o.expected.rawValue), gate \(o.quality.textGate.map(String.init) ?? "-"), "
            + "\(o.quality.content.rawValue) \(o.quality.contentReasons) lines \(r?.lines ?? 0) share \(r?.textShare ?? 0) "
            + "codes \(r?.codes ?? []) \(Int(r?.milliseconds ?? 0)) ms"
    }

    static func library(_ name: String) throws -> [Outcome] { try (name == "held-out" ? heldOut : tuning).get() }

    @Test(arguments: ["tuning", "held-out"])
    func atLeastNineInTenDocumentsAreRecognised(library name: String) throws {
        let outcomes = try Self.library(name)
        for o in outcomes { print(Self.describe(o)) }
        let papers = outcomes.filter { $0.expected != .photo }
        let recognised = papers.filter { $0.quality.content.isSensitive }
        let share = Double(recognised.count) / Double(max(1, papers.count))
        print("\(name): documents and private pictures recognised: \(recognised.count) of \(papers.count)")
        #expect(papers.count >= 22, "every document made and analysed")
        let privates = papers.filter { $0.expected == .private }
        let privateFound = privates.filter { $0.quality.content == .private }
        print("\(name): private pictures recognised as private: \(privateFound.count) of \(privates.count)")
        // Issue 26's goal, 9 in 10. Measured: tuning 38 of 41, held out 21 of 22 (private: 9 of
        // 15, 6 of 8); one picture fewer on the held-out library still passes, two do not.
        #expect(share >= 0.9, "\(name): \(recognised.count) of \(papers.count)")
        #expect(Double(privateFound.count) >= 0.5 * Double(privates.count), "\(name): \(privateFound.count) of \(privates.count)")
    }

    @Test(arguments: ["tuning", "held-out"])
    func atMostOneTravelPhotoInSixteenIsTakenForADocument(library name: String) throws {
        let photos = try Self.library(name).filter { $0.expected == .photo }
        #expect(photos.count >= 16)
        // Read as likely paper: a photo still, but left out of stories; counted as taken.
        let taken = photos.filter { $0.quality.content.isSensitive || $0.quality.reading?.unconfirmedPaper != nil }
        print("\(name): travel photos taken for documents: \(taken.count) of \(photos.count): \(taken.map(\.name))")
        #expect(taken.count * 16 <= photos.count, "\(taken.map(Self.describe))")
        let gated = photos.filter { $0.quality.textGate == true }
        print("\(name): travel photos read (gate open): \(gated.count) of \(photos.count): \(gated.map(\.name))")
        #expect(gated.count * 3 <= photos.count, "\(gated.map(Self.describe))")
    }

    @Test func theReasonsNameWhatWasFound() throws {
        let outcomes = try Self.outcomes.get()
        let passport = try #require(outcomes.first { $0.name == "passport-page.jpg" })
        #expect(passport.quality.content != .private || passport.quality.contentReasons.contains("a passport's machine-readable zone"))
        let pass = try #require(outcomes.first { $0.name == "boarding-pass-pdf417.jpg" })
        #expect(pass.quality.contentReasons.contains { $0.contains("boarding pass's PDF417 code (IATA BCBP, LIS→OPO)") })
        // A boarding pass lying on a tiled floor, its Aztec code off the picture's middle (the
        // pass and the tiles one region): read by the code's bullseye.
        let tiled = try #require(outcomes.first { $0.name == "IMG_5eed0001_02.jpg" })
        #expect(tiled.quality.content == .private && tiled.quality.contentReasons.contains { $0.contains("boarding pass's Aztec code") },
                "\(Self.describe(tiled))")
        let card = try #require(outcomes.first { $0.name == "bank-card.jpg" })
        #expect(card.quality.content != .private || card.quality.contentReasons.contains { $0.contains("bank card number") })
    }

    /// The held-out passport page lying on tiles (page and tiles one region): read alone, its
    /// tiles painted out, its zone levelled by its own rows, it is told by its check digits.
    @Test func thePassportOnTilesIsReadByItsZone() throws {
        let page = try #require(try Self.library("held-out").first { $0.name == "IMG_dd5eed2_14.jpg" })
        #expect(page.quality.content == .private && page.quality.contentReasons.contains("a passport's machine-readable zone"),
                "\(Self.describe(page))")
    }

    @Test func noDocumentIsChosenIntoAStory() throws {
        let outcomes = try Self.outcomes.get()
        let candidates = outcomes.enumerated().map { i, o in
            SelectionCandidate(id: Int64(i), name: o.name, kind: .photo, instant: Double(i) * 3600, day: nil, place: nil, quality: o.quality)
        }
        var options = SelectionOptions(length: 600)
        options.stretchToLength = false
        let plan = StorySelection(options: options).choose(candidates)
        let chosen = Set(plan.chosen.map(\.id))
        for (i, o) in outcomes.enumerated() where o.quality.content.isSensitive { #expect(!chosen.contains(Int64(i)), "\(o.name)") }
        let privates = outcomes.indices.filter { outcomes[$0].quality.content == .private }
        for i in privates { #expect(plan.alternates.contains { $0.id == Int64(i) && $0.reason == .private }) }
    }
}
