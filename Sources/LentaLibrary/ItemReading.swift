import Foundation
import LentaCatalog
import LentaCore
import LentaMedia

/// Reads catalogued photos for text and codes (`DocumentReader`) and stores what they are: the
/// first time a story of their lenta is made, before any story may show them (as clips are
/// measured), only photos the scan's cheap signals flagged (`ItemQuality.textGate`). A reading
/// is a few hundred milliseconds of Tesseract: a scan that read every flagged photo would no
/// longer be five times faster than exiftool. What is read is kept, so each photo is read once.
enum ItemReading {
    /// Reads the photos of `ids` that await reading, on every core (one Tesseract engine a
    /// worker), storing each batch as it is done.
    /// - Parameter unread: told, on the calling thread, of each photo that could not be read and
    ///   why (changed since the scan, its picture damaged or larger than its header said): it is
    ///   stored as read with nothing found, so it is told once.
    /// - Returns: how many were read.
    @discardableResult
    static func read(among ids: [Int64], in catalog: Catalog, batchSize: Int = 64,
                     progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
                     unread: ((_ path: String, _ error: any Error) -> Void)? = nil) throws -> Int {
        try judgeGatesAgain(among: ids, in: catalog)
        var awaiting = try catalog.itemsAwaitingReading(among: ids)
        guard !awaiting.isEmpty else { return 0 }
        // Their quality, to which reading adds (the item rows do not carry it).
        let qualities = try catalog.quality(ids: awaiting.map(\.id))
        for i in awaiting.indices where awaiting[i].quality == nil { awaiting[i].quality = qualities[awaiting[i].id]?.quality }
        let items = awaiting
        for start in stride(from: 0, to: items.count, by: batchSize) {
            let chunk = Array(items[start..<min(start + batchSize, items.count)])
            let read = WorkerPool().map(chunk.count, state: { Result { try DocumentReader.Engine() } },
                                        finished: { done in progress?(start + done, items.count) }) { engine, i in
                reading(chunk[i], engine: engine)
            }
            try catalog.storeQuality(chunk.indices.compactMap { i in read[i].map { (chunk[i].id, $0.quality, nil) } })
            for i in chunk.indices { if let error = read[i]?.unread { unread?(chunk[i].path, error) } }
        }
        return items.count
    }

    /// Judges again, on a larger decode (`DocumentGate`), the gate of the photos of `ids` the scan
    /// gated on a small thumbnail, on every core, and stores it with the side it was judged on, so
    /// each is judged once; those it opens for then await reading. A photo that cannot be decoded
    /// has its gate opened: reading then tells why it cannot be read.
    /// - Returns: how many were judged again.
    @discardableResult
    static func judgeGatesAgain(among ids: [Int64], in catalog: Catalog) throws -> Int {
        let items = try catalog.itemsAwaitingLargerGate(among: ids)
        guard !items.isEmpty else { return 0 }
        let qualities = WorkerPool().map(items.count) { i -> ItemQuality? in
            guard let quality = items[i].quality else { return nil }
            return judgedAgain(quality, path: items[i].path, metadata: items[i].metadata)
        }
        try catalog.storeQuality(items.indices.compactMap { i in qualities[i].map { (items[i].id, $0, nil) } })
        return items.count
    }

    /// `quality` with its gate judged again on a larger decode when it awaits that
    /// (`ItemQuality.awaitsLargerGate`); opened when the photo cannot be decoded, so that reading
    /// tells why.
    static func judgedAgain(_ quality: ItemQuality, path: String, metadata: MediaMetadata) -> ItemQuality {
        guard quality.awaitsLargerGate else { return quality }
        var quality = quality
        let gate = try? DocumentGate.judge(path: path, metadata: metadata)
        quality.textGate = gate?.mayHoldText ?? true
        quality.gateSide = gate?.side ?? ItemQuality.analysisSide
        return quality
    }

    /// The item's quality with what reading it found. A photo that cannot be read (its file gone,
    /// Tesseract missing) keeps its quality and is marked read with nothing found, so a story is
    /// not blocked; the scan's own verdict (a page's look, a scan's name) stands.
    static func verdict(_ item: MediaItem, engine: Result<DocumentReader.Engine, Error>) -> ItemQuality? {
        reading(item, engine: engine)?.quality
    }

    /// `verdict`, and why the photo could not be read when it could not.
    static func reading(_ item: MediaItem, engine: Result<DocumentReader.Engine, Error>) -> (quality: ItemQuality, unread: (any Error)?)? {
        guard var quality = item.quality else { return nil }
        do {
            let verdict = try DocumentReader.read(path: item.path, metadata: item.metadata, with: try engine.get())
            quality.reading = verdict.reading
            if let content = verdict.content, quality.content == .photo || content == .private || quality.content == .document {
                quality.content = content
                quality.contentReasons = verdict.reasons
            } else if verdict.content == nil, quality.content == .photo, let paper = verdict.reading.unconfirmedPaper {
                quality.contentReasons = [paper]
            }
            return (quality, nil)
        } catch {
            quality.reading = DocumentReading(lines: 0, textShare: 0, pageShare: nil, codes: [], milliseconds: 0)
            quality.contentReasons.append("not read: \(error)")
            return (quality, error)
        }
    }
}
