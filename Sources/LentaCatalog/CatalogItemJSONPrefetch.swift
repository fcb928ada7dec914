import Foundation
import GRDB
import LentaCore
import Synchronization

/// `scan --json`'s items written ahead, on a thread of their own, while the scan walks the
/// folders on another core: on an unchanged library writing them cost a fifth of the rescan, all
/// after it (issue 31). The text is used only if it is what `forEachItemJSON` would write after
/// the scan: no row of `item` changed through this catalog since before the read began (a
/// transaction observer on `item`, added first), and the roots are the scan's. The read is one
/// transaction, so the items are one snapshot of the catalog, taken during the command, as the
/// read after the scan would be. At most `capacity` chunks are held: past them the thread waits
/// for the output, and the text still streams.
public final class CatalogItemJSONPrefetch: Sendable {
    /// The roots the items were read under.
    public let roots: [String]
    private let watch: ItemChangeWatch
    private let chunks: TextChunkQueue
    private let finished = DispatchSemaphore(value: 0)
    private let database: any DatabaseWriter

    init(database: any DatabaseWriter, roots: [String], memberIndent: Int, chunkSize: Int, capacity: Int) {
        self.roots = roots
        self.database = database
        let watch = ItemChangeWatch(), chunks = TextChunkQueue(capacity: capacity)
        (self.watch, self.chunks) = (watch, chunks)
        database.add(transactionObserver: watch, extent: .observerLifetime)
        let finished = self.finished
        let thread = Thread {
            defer { finished.signal() }
            var elements = PrettyJSONElements(memberIndent: memberIndent)
            do {
                try Catalog.forEachItemJSON(in: database, under: roots) { item in
                    try elements.append(item)
                    if elements.pending >= chunkSize {
                        // Nothing more is wanted once an item changed or the output went another way.
                        guard !watch.changed, chunks.put(.success(elements.take())) else { throw CancellationError() }
                    }
                }
                if elements.pending > 0, !chunks.put(.success(elements.take())) { return }
                _ = chunks.put(nil)
            } catch is CancellationError {
                return
            } catch {
                _ = chunks.put(.failure(error))
            }
        }
        thread.start()
    }

    deinit {
        chunks.cancel()
        finished.wait()
        database.remove(transactionObserver: watch)
    }

    /// Whether the items' text is still what a read now would write for `roots`: the same
    /// roots, and no item changed. When not, the thread is stopped and what it wrote dropped.
    public func isCurrent(under roots: [String]) -> Bool {
        if roots == self.roots, !watch.changed { return true }
        chunks.cancel()
        return false
    }

    /// Hands `body` the items' text, chunk by chunk, in order, as it is written; rethrows what
    /// stopped the reading (as `forEachItemJSON` throws it) after the text before it.
    public func drain(_ body: ([UInt8]) throws -> Void) throws {
        while let chunk = chunks.take() { try body(try chunk.get()) }
    }
}

extension Catalog {
    /// The JSON of the items under `roots`, as `PrettyJSONMembers.write(_:each:)` writes the
    /// elements of an array at `memberIndent`, written ahead on another thread (`CatalogItemJSONPrefetch`).
    /// Nil for a catalog held in one connection (a copy in memory): a long read there would hold
    /// up the scan's writes.
    public func prefetchItemJSON(under roots: [String], memberIndent: Int, chunkSize: Int = 1 << 16,
                                 capacity: Int = 512) -> CatalogItemJSONPrefetch? {
        guard database is DatabasePool else { return nil }
        return CatalogItemJSONPrefetch(database: database, roots: roots, memberIndent: memberIndent, chunkSize: chunkSize, capacity: capacity)
    }
}

/// Whether any row of `item` changed (inserted, updated, deleted) through the catalog's writer
/// since it was added.
final class ItemChangeWatch: TransactionObserver, Sendable {
    private let flag = Atomic(false)
    var changed: Bool { flag.load(ordering: .acquiring) }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { eventKind.tableName == "item" }
    func databaseDidChange(with event: DatabaseEvent) { flag.store(true, ordering: .releasing) }
    func databaseDidCommit(_ db: Database) {}
    func databaseDidRollback(_ db: Database) {}
}

/// Chunks of text from one thread to another, in order, at most `capacity` held; nil ends them.
final class TextChunkQueue: Sendable {
    private struct State {
        var chunks: [Result<[UInt8], any Error>?] = []
        var first = 0
        var cancelled = false
    }
    private let state = Mutex(State())
    private let room: DispatchSemaphore
    private let ready = DispatchSemaphore(value: 0)

    init(capacity: Int) { room = DispatchSemaphore.holding(max(1, capacity)) }

    /// False when the taker has gone (the chunk is dropped).
    func put(_ chunk: Result<[UInt8], any Error>?) -> Bool {
        room.wait()
        let kept = state.withLock { state in
            if state.cancelled { return false }
            state.chunks.append(chunk)
            return true
        }
        if kept { ready.signal() }
        return kept
    }

    /// The next chunk, waiting for it; nil at the end.
    func take() -> Result<[UInt8], any Error>? {
        ready.wait()
        let chunk = state.withLock { state -> Result<[UInt8], any Error>? in
            let chunk = state.chunks[state.first]
            state.chunks[state.first] = nil
            state.first += 1
            if state.first > 64, state.first * 2 > state.chunks.count {
                state.chunks.removeFirst(state.first)
                state.first = 0
            }
            return chunk
        }
        room.signal()
        return chunk
    }

    /// Drops what is held and wakes the putter (its next `put` is false).
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            state.chunks = []
            state.first = 0
        }
        room.signal()
    }
}
