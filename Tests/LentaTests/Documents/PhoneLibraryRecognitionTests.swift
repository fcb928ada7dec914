import Dispatch
import Foundation
import LentaCatalog
import LentaCore
import LentaLibrary
import LentaMedia
import LentaTestSupport
import Synchronization
import Testing

/// Issue 26's bar on libraries written the way phones write them: the recognition libraries'
/// pictures (`DocumentRecognitionTests`) stored as a Pixel stores a 12 MP JPEG (a 160×120 EXIF
/// thumbnail, on which the scan measures it) and as an iPhone stores a HEIC (a 320×240 thumbnail),
/// then scanned, a story made of their lenta (`lenta project`, whose first story judges gates
/// again and reads), and the catalog's content kinds counted. The tuning library here is the
/// generated part of `DocumentRecognitionTests`' (22 papers, 12 drawn travel scenes, the 6 real
/// sample photos; its hand-drawn pictures are left out for the test's cost); the held-out
/// library is whole (22 papers, 16 scenes) and is not tuned on.
@Suite(.serialized, .enabled(if: PhoneWrittenPhoto.canWrite, "SKIPPED: needs exiftool and heif-enc (make deps) to write phone photos"))
struct PhoneLibraryRecognitionTests {
    struct Written: Sendable {
        var path: String
        var drawn: String
        var expected: PhotographedDocument.Expected
    }

    struct Outcome: Sendable {
        var written: Written
        /// The gate as the scan decided it, and on what side.
        var scanGate: Bool?
        var scanSide: Int?
        /// The quality after the first story.
        var quality: ItemQuality
        var chosen: Bool
    }

    /// The pictures of a library as the recognition tests draw them (1600×1200, no thumbnail).
    static func pictures(_ library: String) throws -> [(String, PhotographedDocument.Expected)] {
        if library == "held-out" {
            return try DocumentRecognitionTests.made(GeneratedDocuments.documents(seed: GeneratedDocuments.heldOutSeed, count: 22)
                                                     + GeneratedDocuments.travelScenes(seed: GeneratedDocuments.heldOutSeed, count: 16))
        }
        // The tuning library's drawing, as `DocumentRecognitionTests.tuning` makes it (so it is
        // drawn once for both); its generated part taken.
        let generated = GeneratedDocuments.documents(seed: GeneratedDocuments.tuningSeed, count: 22)
            + GeneratedDocuments.travelScenes(seed: GeneratedDocuments.tuningSeed, count: 12)
        let made = try DocumentRecognitionTests.made(PhotographedDocuments.documents + PhotographedDocuments.travelScenes + generated)
        return made.suffix(generated.count)
            + PhotographedDocument.backgrounds(repository: DocumentRecognitionTests.repository).map { ($0, .photo) }
    }

    /// The library written in `format` into the build folder once (named by what it is made of),
    /// one photo a minute on one morning, named as a phone names them.
    static func written(_ library: String, _ format: PhoneWrittenPhoto.Format) throws -> [Written] {
        let pictures = try pictures(library)
        let recipe = CRC32.checksum(Array(("phone-v1" + format.rawValue + pictures.map(\.0).joined(separator: "|")).utf8))
        let base = DocumentRecognitionTests.repository.appendingPathComponent(".build/document-pictures/phone-\(String(recipe, radix: 16))")
        let folder = base.appendingPathComponent(format.rawValue)
        let work = base.appendingPathComponent(".work-\(UUID().uuidString)")
        for made in [folder, work] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(at: work) }
        let library = pictures.enumerated().map { i, picture in
            Written(path: folder.appendingPathComponent("IMG_\(1001 + i).\(format.fileExtension)").path, drawn: picture.0, expected: picture.1)
        }
        let next = Atomic(0)
        let failure = Mutex<Error?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            while true {
                let i = next.add(1, ordering: .relaxed).oldValue
                guard i < library.count else { return }
                if FileManager.default.fileExists(atPath: library[i].path) { continue }
                let date = String(format: "2024:05:05 %02d:%02d:00", 9 + i / 60, i % 60)
                do { try PhoneWrittenPhoto.write(format, from: library[i].drawn, to: library[i].path, date: date, work: work) } catch {
                    failure.withLock { $0 = error }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return library
    }

    /// Scan, then the first story of each lenta, through `lenta` as a user runs it.
    static func endToEnd(_ library: [Written]) throws -> [Outcome] {
        let folder = try TemporaryFolder()
        let catalog = folder.path("catalog.sqlite")
        let lenta = LentaCLI.Runner(catalog: catalog)
        _ = try lenta(["scan", URL(fileURLWithPath: library[0].path).deletingLastPathComponent().path])
        let store = try Catalog(path: catalog)
        let ids = try library.map { written in
            guard let item = try store.item(path: written.path) else {
                throw MediaError("scan", path: written.path, reason: "not in the catalog")
            }
            return item.id
        }
        let scanned = try store.quality(ids: ids)
        let lentas = try JSONDecoder().decode([LentaSummary].self, from: Data(try lenta(["list", "--json"]).stdout.utf8))
        var chosen: Set<String> = []
        for (k, summary) in lentas.enumerated() {
            let story = folder.path("story-\(k).json")
            _ = try lenta(["project", "\(summary.id)", "-o", story])
            let project = try ProjectFile.decode(Data(contentsOf: URL(fileURLWithPath: story)))
            for item in project.items { chosen.insert(URL(fileURLWithPath: item.path).lastPathComponent) }
        }
        let read = try store.quality(ids: ids)
        return try zip(library, ids).map { written, id in
            guard let quality = read[id]?.quality else {
                throw MediaError("analyse", path: written.path, reason: read[id]?.problem ?? "no quality")
            }
            return Outcome(written: written, scanGate: scanned[id]?.quality?.textGate, scanSide: scanned[id]?.quality?.gateSide,
                           quality: quality, chosen: chosen.contains(URL(fileURLWithPath: written.path).lastPathComponent))
        }
    }

    static let outcomes = Mutex<[String: Result<[Outcome], Error>]>([:])

    static func outcomes(_ name: String) throws -> [Outcome] {
        if let known = outcomes.withLock({ $0[name] }) { return try known.get() }
        let parts = name.split(separator: "/").map(String.init)
        let result = Result { try endToEnd(try written(parts[0], parts[1] == "heic" ? .heic : .jpeg)) }
        outcomes.withLock { $0[name] = result }
        return try result.get()
    }

    static func describe(_ o: Outcome) -> String {
        let r = o.quality.reading
        return "\(URL(fileURLWithPath: o.written.path).lastPathComponent) (\(URL(fileURLWithPath: o.written.drawn).lastPathComponent)): "
            + "expected \(o.written.expected.rawValue), scan gate \(o.scanGate.map(String.init) ?? "-") on \(o.scanSide ?? 0), "
            + "gate \(o.quality.textGate.map(String.init) ?? "-") on \(o.quality.gateSide ?? 0), \(o.quality.content.rawValue) "
            + "\(o.quality.contentReasons) lines \(r?.lines ?? 0) codes \(r?.codes ?? [])\(o.chosen ? " CHOSEN" : "")"
    }

    /// The tuning library as JPEGs; the held-out one as JPEGs and as HEICs (the tuning HEICs, 21
    /// of 22, 1 of 18 travel photos taken when measured, left out for the suite's time).
    @Test(arguments: ["tuning/jpeg", "held-out/jpeg", "held-out/heic"])
    func phoneWrittenDocumentsAreRecognisedAndLeftOutAndTravelPhotosStay(library name: String) throws {
        let outcomes = try Self.outcomes(name)
        for o in outcomes { print(Self.describe(o)) }
        let papers = outcomes.filter { $0.written.expected != .photo }, photos = outcomes.filter { $0.written.expected == .photo }
        let recognised = papers.filter { $0.quality.content.isSensitive }
        let privates = papers.filter { $0.written.expected == .private }, privateFound = privates.filter { $0.quality.content == .private }
        // A travel photo read as likely paper stays a photo but is left out of stories: counted as taken.
        let scanOpen = papers.filter { $0.scanGate == true }
        let taken = photos.filter { $0.quality.content.isSensitive || $0.quality.reading?.unconfirmedPaper != nil }
        print("\(name): documents and private pictures recognised \(recognised.count) of \(papers.count); private as private "
              + "\(privateFound.count) of \(privates.count); the scan's gate open for \(scanOpen.count) of \(papers.count) "
              + "(on \(Set(papers.compactMap(\.scanSide)).sorted()) pixels); travel photos taken for documents \(taken.count) of \(photos.count)")
        #expect(papers.count == 22 && photos.count >= 16, "every picture written, scanned and analysed")
        // Issue 26's bar: 9 in 10 recognised, none chosen into a story, at most 1 travel photo in 16 taken.
        #expect(recognised.count * 10 >= papers.count * 9, "\(papers.filter { !$0.quality.content.isSensitive }.map(Self.describe))")
        #expect(papers.filter(\.chosen).isEmpty, "\(papers.filter(\.chosen).map(Self.describe))")
        #expect(taken.count * 16 <= photos.count, "\(taken.map(Self.describe))")
        // Private as private (check digits read): measured 3 of 8 tuning JPEG, 5 of 8 held-out JPEG,
        // 4 of 8 held-out HEIC (4 and 6 of 8 on the thumbnail-less pictures); the others are documents.
        #expect(privateFound.count * 8 >= privates.count * 3, "\(privates.filter { $0.quality.content != .private }.map(Self.describe))")
        // No gate is left decided on a thumbnail under analysis size: each was judged again, once.
        #expect(outcomes.allSatisfy { !$0.quality.awaitsLargerGate })
    }
}
