import Foundation
import LentaCore
@testable import LentaMedia
import LentaTestSupport
import Testing

/// The scan's cheap gate (`TextSignals`, a page-like region on the 256-pixel analysis picture):
/// open for photographed paper, shut for travel photos — the drawn scenes with signs, plaques
/// and menu boards, the real sample photos, and the real camera files of the shared corpus —
/// so that they pay nothing more than the scan's own analysis.
@Suite(.serialized) struct DocumentGateTests {
    struct Gated: Sendable {
        var name: String
        var expected: PhotographedDocument.Expected
        var signals: TextSignals
    }

    static func gate(_ made: [(String, PhotographedDocument.Expected)]) -> [Gated] {
        made.compactMap { path, expected in
            guard let metadata = try? MotionPhotoTests.probe(path), metadata.kind == .photo,
                  let picture = try? ReducedPhoto.decode(path: path, metadata: metadata).picture else { return nil }
            return Gated(name: URL(fileURLWithPath: path).lastPathComponent, expected: expected, signals: TextSignals(picture))
        }
    }

    static func describe(_ g: Gated) -> String {
        guard let r = g.signals.region else { return "\(g.name): no region" }
        return "\(g.name): \(g.signals.mayHoldText ? "OPEN" : "shut") region \(Int(r.share * 100))% marks \(String(format: "%.4f", r.marks)) fill \(String(format: "%.2f", r.fill))"
    }

    /// The corpus's photos (at least 600 pixels wide: smaller ones are test fixtures, not photos).
    static var corpusPhotos: [(String, PhotographedDocument.Expected)] {
        guard LentaCLI.hasCorpus, let rows = try? Manifest.rows(at: LentaCLI.corpus.appendingPathComponent("MANIFEST.tsv")) else { return [] }
        return rows.compactMap { row in
            guard ["jpeg", "heic", "heif", "png", "webp", "avif"].contains(row["kind"]), Int(row["width"]) ?? 0 >= 600 else { return nil }
            return (LentaCLI.corpus.appendingPathComponent(row.path).path, .photo)
        }
    }

    @Test(arguments: ["tuning", "held-out"])
    func theGateOpensForPaperAndStaysShutForTravelPhotos(library name: String) throws {
        let documents = GeneratedDocuments.documents(seed: name == "tuning" ? GeneratedDocuments.tuningSeed : GeneratedDocuments.heldOutSeed, count: 22)
        let scenes = GeneratedDocuments.travelScenes(seed: name == "tuning" ? GeneratedDocuments.tuningSeed : GeneratedDocuments.heldOutSeed, count: 16)
        var made = try DocumentRecognitionTests.made(documents + scenes)
        if name == "tuning" {
            made += try DocumentRecognitionTests.made(PhotographedDocuments.documents + PhotographedDocuments.travelScenes)
            made += PhotographedDocument.backgrounds(repository: DocumentRecognitionTests.repository).map { ($0, .photo) }
            made += Self.corpusPhotos
        }
        let gated = Self.gate(made)
        for g in gated { print(Self.describe(g)) }
        let papers = gated.filter { $0.expected != .photo }, photos = gated.filter { $0.expected == .photo }
        let open = papers.filter(\.signals.mayHoldText), photosOpen = photos.filter(\.signals.mayHoldText)
        print("\(name): gate open for \(open.count) of \(papers.count) documents, \(photosOpen.count) of \(photos.count) travel photos")
        // Measured: 41 of 41 tuning, 22 of 22 held out (a small card or ticket opens it by its
        // region's dense marks); one held-out picture shut still passes, two do not.
        #expect(open.count * 20 >= papers.count * 19, "\(papers.filter { !$0.signals.mayHoldText }.map(Self.describe))")
        // A few in 16. Measured: 18 of 78 tuning photos (6 of the corpus's 45 real ones), 5 of 16
        // held out; the repository's drawn samples — a wall of tiles, a forest of stripes — open
        // it most, and every scene drawn on them: patterns of marks on an even ground.
        #expect(photosOpen.count * 3 <= photos.count, "\(photosOpen.map(Self.describe))")
    }
}
