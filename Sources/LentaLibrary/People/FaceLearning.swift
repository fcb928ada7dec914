import LentaCatalog
import LentaCore
import LentaMedia

/// Learns the faces of catalogued photos and clips (`FaceFinder`) and stores them, on every core,
/// a batch at a time (an interruption keeps what was done), then groups the new faces into
/// people (`FaceGrouping`). As a clip's worth: learned the first time something needs it (`lenta
/// people`, a story's first making, `scan --faces`, `auto`), never again for an unchanged file.
/// A clip whose worth is not known yet has both learned from one decode of its keyframes
/// (`ItemAnalysis` with faces); a clip's faces are one per person (`ClipFaceTracks`).
enum FaceLearning {
    /// Looks for faces in every item of `ids` (every item when nil) not looked at yet, and groups
    /// them. - Returns: how many items were looked at.
    @discardableResult
    static func learn(in catalog: Catalog, among ids: [Int64]? = nil, embedder: FaceEmbedder, batchSize: Int = 64,
                      progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) throws -> Int {
        let items = try catalog.itemsAwaitingFaces(model: FaceModels.version, among: ids)
        let clipIds = items.filter { $0.metadata.kind == .video }.map(\.id)
        let unmeasured = clipIds.isEmpty ? [] : Set(try catalog.itemsAwaitingQuality(among: clipIds).map(\.id))
        if !unmeasured.isEmpty {
            let total = items.count
            try ItemAnalysis.analyse(items.filter { unmeasured.contains($0.id) }, in: catalog, faces: embedder) { done, _ in
                progress?(done, total)
            }
        }
        let rest = items.filter { !unmeasured.contains($0.id) }
        for start in stride(from: 0, to: rest.count, by: max(1, batchSize)) {
            let chunk = Array(rest[start..<min(start + batchSize, rest.count)])
            let found = WorkerPool().results(chunk.count, finished: { progress?(unmeasured.count + start + $0, items.count) }) { i in
                ClipFaceTracks.distinct(try FaceFinder.faces(path: chunk[i].path, metadata: chunk[i].metadata, embedder: embedder))
            }
            try catalog.storeFaces(chunk.indices.map { i in
                switch found[i] {
                case .success(let faces): (chunk[i], faces, nil)
                case .failure(let error as MediaError): (chunk[i], [], "\(error.operation): \(error.reason)")
                case .failure(let error): (chunk[i], [], String(describing: error))
                }
            }, model: FaceModels.version)
        }
        try group(in: catalog)
        return items.count
    }

    /// Puts every face without a person with one (`FaceGrouping`), and forgets people left with
    /// neither faces nor a name.
    static func group(in catalog: Catalog, threshold: Double = FaceGrouping.threshold) throws {
        let faces = try catalog.faceVectors().map {
            FaceGrouping.Face(id: $0.face.id, itemId: $0.face.itemId, personId: $0.face.personId, vector: $0.vector, time: $0.face.time)
        }
        try catalog.assignFaces(FaceGrouping.group(faces, threshold: threshold).map { ($0.faceId, $0.personId, $0.newPerson) })
        try catalog.removeEmptyPeople()
    }
}
