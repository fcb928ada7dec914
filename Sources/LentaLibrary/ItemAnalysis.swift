import Foundation
import LentaCatalog
import LentaCore
import LentaMedia

/// Learns what catalogued items are worth for a story (`QualityAnalyser`) and stores it, on every
/// core, a batch at a time, so an interruption keeps what was done.
///
/// Photos are learned by the scan. Clips are learned the first time a story of their lenta is
/// made (`Lentas.project`): a clip's worth needs keyframes decoded along its length (some 45 ms
/// each at 4K HEVC), a hundred times what reading its header costs, so a scan that decoded them
/// was no faster than `exiftool` on a phone's folder. What is learned is kept in the catalog, so
/// each clip is analysed once.
enum ItemAnalysis {
    /// What measuring a file's content gave (the same for byte-identical files).
    typealias Measured = Result<QualityAnalyser.Measurement, QualityProblem>
    struct QualityProblem: Error, Sendable {
        var reason: String
        /// The error underneath, kept matchable.
        var underlying: any Error
    }

    /// Whether the scan measures an item of this kind (otherwise it waits for a story).
    static func measuredByScan(_ kind: MediaKind) -> Bool { kind == .photo }

    /// Decodes the file small and measures it (a clip's faces too, with `faces`), or says why it could not.
    static func measure(path: String, metadata: MediaMetadata, faces: FaceEmbedder? = nil) -> Measured {
        do {
            return .success(try QualityAnalyser.measure(path: path, metadata: metadata, faces: faces))
        } catch let error as MediaError {
            return .failure(QualityProblem(reason: "\(error.operation): \(error.reason)", underlying: error))
        } catch {
            return .failure(QualityProblem(reason: "\(error)", underlying: error))
        }
    }

    /// Analyses `items` on every core, costliest first, storing each batch as it is done. Exact
    /// copies (by content hash) are measured once; what their paths say is judged per file.
    /// - Parameter faces: when faces are being learned, the clips' faces are found on their
    ///   keyframes in the same pass and stored with their worth (`FaceLearning`).
    /// - Returns: how many were analysed.
    @discardableResult
    static func analyse(_ items: [MediaItem], in catalog: Catalog, faces embedder: FaceEmbedder? = nil, batchSize: Int = 256,
                        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) throws -> Int {
        let ordered = items.sorted { (cost($0.metadata), $1.path) > (cost($1.metadata), $0.path) }
        var measured: [String: Measured] = [:]
        var finished = 0
        for start in stride(from: 0, to: ordered.count, by: max(1, batchSize)) {
            let chunk = Array(ordered[start..<min(start + batchSize, ordered.count)])
            let contentHashes = WorkerPool().map(chunk.count) { i in
                let item = chunk[i]
                return Fingerprint.content(path: item.path, size: item.size, kind: item.metadata.kind, fingerprint: item.fingerprint)
            }
            // The first item of each content not measured yet, in cost order (the cores hand
            // out work in this order, so a 4K clip met last would leave one core alone at the end).
            var leaders: [Int] = [], seen: Set<String> = []
            for (i, hash) in contentHashes.enumerated() {
                if let hash, measured[hash] == nil, seen.insert(hash).inserted { leaders.append(i) }
            }
            let before = finished
            let results = WorkerPool().map(leaders.count, finished: { progress?(before + $0, ordered.count) }) { [leaders] k in
                let item = chunk[leaders[k]]
                return measure(path: item.path, metadata: item.metadata, faces: embedder)
            }
            finished += leaders.count
            for (k, result) in results.enumerated() {
                if let hash = contentHashes[leaders[k]] { measured[hash] = result }
            }
            // Copies of contents measured before count as done too.
            let copies = chunk.count - leaders.count
            if copies > 0 { finished += copies; progress?(finished, ordered.count) }
            let verdicts = chunk.indices.map { i in
                let item = chunk[i]
                guard let hash = contentHashes[i] else { return (item.id, ItemQuality?.none, String?("the file could not be read to the end")) }
                let (quality, problem) = verdict(measured[hash], path: item.path, metadata: item.metadata, contentHash: hash)
                return (item.id, quality, problem)
            }
            stabiliseShaky(zip(chunk, verdicts).compactMap { $1.1?.clip?.isShaky == true ? $0 : nil }, catalog: catalog)
            try catalog.storeQuality(verdicts)
            if embedder != nil {
                try catalog.storeFaces(chunk.indices.filter { chunk[$0].metadata.kind == .video }.map { i in
                    switch contentHashes[i].flatMap({ measured[$0] }) {
                    case .success(let measurement)?:
                        return (chunk[i], ClipFaceTracks.distinct(measurement.faces ?? []), measurement.faceProblem)
                    case .failure(let problem)?:
                        return (chunk[i], [], problem.reason)
                    case nil:
                        return (chunk[i], [], "the file could not be read to the end")
                    }
                }, model: FaceModels.version)
            }
        }
        return items.count
    }

    /// Runs vid.stab's motion detection over the clips the analysis found shaky, on every core,
    /// keeping the transforms in the cache folder beside the catalog for their renders (see
    /// `StabilisationCache`). A clip whose detection fails is rendered as shot. None are made for
    /// a catalog's copy in memory (a dry run writes nothing).
    static func stabiliseShaky(_ clips: [MediaItem], catalog: Catalog) {
        guard !clips.isEmpty, !catalog.isScratchCopy, StabilisationCache.hasVidStab,
              FileManager.default.fileExists(atPath: catalog.path) else { return }
        let cache = StabilisationCache(besideCatalog: catalog.path)
        _ = WorkerPool().map(clips.count) { k in
            guard cache.transforms(for: clips[k].path) == nil else { return }
            _ = try? cache.detect(source: MediaSource(path: clips[k].path))
        }
    }

    /// The quality of a file from its content's measurement and what its path says, or why
    /// there is none.
    static func verdict(_ measured: Measured?, path: String, metadata: MediaMetadata, contentHash: String) -> (ItemQuality?, String?) {
        switch measured {
        case .success(let measurement):
            return (QualityAnalyser.quality(of: measurement, path: path, metadata: metadata, contentHash: contentHash), nil)
        case .failure(let problem):
            return (nil, problem.reason)
        case nil:
            return (nil, "not measured")
        }
    }

    /// The relative cost of measuring an item: any clip before any photo, then by pixels decoded.
    static func cost(_ metadata: MediaMetadata) -> Double {
        let pixels = Double(max(1, (metadata.width ?? 1) * (metadata.height ?? 1)))
        return metadata.kind == .video ? 1e12 + pixels * max(1, metadata.duration ?? 1) : pixels
    }
}
