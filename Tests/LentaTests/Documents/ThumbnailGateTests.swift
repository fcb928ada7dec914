import Foundation
import LentaCatalog
import LentaCore
import LentaLibrary
import LentaTestSupport
import Testing


/// A phone's 12 MP JPEG is gated at scan on its 160×120 EXIF thumbnail, where paper's print is a
/// blur: the first story of its lenta judges the gate again on the photo's own pixels (DCT 1/8),
/// once, so papers written the way a phone writes them are read and left out, and travel photos
/// written the same way stay in; `lenta validate` judges it again the same way.
@Suite(.enabled(if: PhoneWrittenPhoto.exiftool != nil, "SKIPPED: needs exiftool (make deps) to store EXIF thumbnails"))
struct ThumbnailGateTests {
    /// Writes the 1600×1200 picture at `source` as a phone's photo: 4032×3024 with make, model,
    /// date and a 160×120 EXIF thumbnail (as bench/scan writes its phone library's documents).
    static func phonePhoto(from source: String, to path: String, minute: Int, thumbnails: URL) throws {
        try PhoneWrittenPhoto.jpeg(from: source, to: path, date: "2024:05:05 10:\(String(format: "%02d", minute)):00",
                                   make: "Google", model: "Pixel 7", work: thumbnails)
    }

    @Test func userPhonesPapersAreReadAtTheFirstStoryAndTravelPhotosStay() throws {
        let folder = try TemporaryFolder()
        let media = folder.url.appendingPathComponent("media"), drawn = folder.url.appendingPathComponent("drawn")
        for made in [media, drawn] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        let backgrounds = PhotographedDocument.backgrounds(repository: DocumentRecognitionTests.repository)
        // Papers of each kind, some of which the thumbnail's gate closes for (most, at 160×120).
        let names = ["passport-page", "receipt-cafe", "boarding-pass-pdf417", "bank-card", "hotel-bill", "ticket-museum"]
        var papers: [(path: String, expected: PhotographedDocument.Expected)] = []
        for (k, name) in names.enumerated() {
            let paper = try #require(PhotographedDocuments.documents.first { $0.name == name })
            let path = media.appendingPathComponent("PXL_20240505_1001\(k)0.jpg").path
            try Self.phonePhoto(from: try paper.write(to: drawn, backgrounds: backgrounds), to: path, minute: 1 + k, thumbnails: drawn)
            papers.append((path, paper.expected))
        }
        let travel = (0..<3).map { media.appendingPathComponent("PXL_20240505_1002\($0)0.jpg").path }
        for (k, path) in travel.enumerated() { try Self.phonePhoto(from: backgrounds[k], to: path, minute: 10 + k, thumbnails: drawn) }

        let catalog = folder.path("catalog.sqlite")
        let lenta = LentaCLI.Runner(catalog: catalog, in: folder.url)
        _ = try lenta(["scan", media.path])
        let store = try Catalog(path: catalog)
        let paperIDs = try papers.map { try #require(try store.item(path: $0.path)).id }
        let travelIDs = try travel.map { try #require(try store.item(path: $0)).id }
        // The scan gated them on their thumbnails; without judging again, those it closed for would never be read.
        let scanned = try store.quality(ids: paperIDs)
        let closed = paperIDs.filter { scanned[$0]?.quality?.textGate == false }
        #expect(paperIDs.allSatisfy { scanned[$0]?.quality?.source == "exif-thumbnail" && scanned[$0]?.quality?.gateSide == 160 })
        try #require(!closed.isEmpty, "the thumbnail's gate opened for every paper: this test would not test judging again")

        let lentaID = try #require(try JSONDecoder().decode([LentaSummary].self, from: Data(try lenta(["list", "--json"]).stdout.utf8)).first?.id)
        let story = folder.path("story.json")
        _ = try lenta(["project", "\(lentaID)", "-o", story, "--explain"])
        let project = try ProjectFile.decode(Data(contentsOf: URL(fileURLWithPath: story)))
        for paper in papers {
            let name = URL(fileURLWithPath: paper.path).lastPathComponent
            #expect(!project.items.contains { $0.path.hasSuffix(name) }, "\(name) (\(paper.expected)) chosen")
            let left = project.alternates.first { $0.path.hasSuffix(name) }
            #expect(left?.reason == (paper.expected == .private ? .private : .document), "\(name): \(left?.why ?? [])")
        }
        // The travel photos written the same way stay photos, and in the story.
        let qualities = try store.quality(ids: paperIDs + travelIDs)
        for id in travelIDs {
            let quality = try #require(qualities[id]?.quality)
            #expect(quality.content == .photo, "\(quality.contentReasons)")
            #expect(quality.gateSide == ItemQuality.analysisSide && !quality.awaitsLargerGate)
        }
        #expect(project.items.filter { item in travel.contains { $0.hasSuffix(item.path) } }.count == travel.count,
                "\(project.items.map(\.path)) \(project.alternates.map { ($0.path, $0.reason) })")
        // Judged once: each closed gate was decided again on the larger decode, kept, and opened for reading.
        for id in closed {
            let judged = try #require(qualities[id]?.quality)
            #expect(judged.textGate == true && judged.gateSide == ItemQuality.analysisSide && judged.reading != nil)
        }
        #expect(try store.itemsAwaitingLargerGate(among: paperIDs + travelIDs).isEmpty)

        // `lenta validate` of a hand-written project with no catalog analyses each photo there and
        // then, on its thumbnail, and judges the gate again the same way: each paper is named.
        let handWritten = ProjectFile(items: (papers.map(\.path) + travel).map { ProjectItem(path: $0) })
        let findings = try SensitiveItems.find(in: handWritten, folder: media, catalog: nil)
        #expect(findings.map(\.path) == papers.map(\.path), "\(findings.map { ($0.path, $0.content) })")
    }
}
