import Foundation
import GRDB
import GRDBSQLite
import LentaCore
import Synchronization

/// `scan --json`'s items written ahead, on a thread of their own, while the scan walks the
/// folders on another core: on an unchanged library writing them cost a fifth of the rescan, all
/// after it (issue 31). The text is used only if it is what `forEachItemJSON` would write after
/// the scan: nothing was committed to the catalog, by this process or another, between the data
/// version read before the read began and the one read after the scan (`SQLITE_FCNTL_DATA_VERSION`
/// on the writer's connection: it moves with every commit, its own and other connections'), and
/// the roots are the scan's. The read is one transaction, so the items are one snapshot of the
/// catalog, the one a read after the scan would see. At most `capacity` chunks are held: past
/// them the thread waits for the output, and the text still streams.
public final class CatalogItemJSONPrefetch: Sendable {
    /// The roots the items were read under.
    public let roots: [String]
    /// The catalog's data version before the read began.
    private let version: UInt32
    private let chunks: TextChunkQueue
    private let finished = DispatchSemaphore(value: 0)
    private let database: any DatabaseWriter

    init(database: any DatabaseWriter, roots: [String], memberIndent: Int, chunkSize: Int, capacity: Int) throws {
        self.roots = roots
        self.database = database
        let chunks = TextChunkQueue(capacity: capacity)
        self.chunks = chunks
        self.version = try database.writeWithoutTransaction(Self.dataVersion)
        let finished = self.finished
        let thread = Thread {
            defer { finished.signal() }
            var elements = PrettyJSONElements(memberIndent: memberIndent)
            do {
                try Catalog.forEachItemJSON(in: database, under: roots) { item in
                    try elements.append(item)
                    if elements.pending >= chunkSize {
                        // Nothing more is wanted once the output went another way.
                        guard chunks.put(.success(elements.take())) else { throw CancellationError() }
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
    }

    /// The data version of the catalog's file as `connection` sees it, in a read transaction of
    /// its own: a connection learns of other connections' commits when a read begins.
    static func dataVersion(_ db: Database) throws -> UInt32 {
        var version: UInt32 = 0
        try db.inTransaction(.deferred) {
            _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_schema")
            let status = sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_DATA_VERSION, &version)
            guard status == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: status), message: "the catalog's data version") }
            return .commit
        }
        return version
    }

    /// Whether the items' text is still what a read now would write for `roots`: the same
    /// roots, and nothing committed since. When not, the thread is stopped and what it wrote dropped.
    public func isCurrent(under roots: [String]) -> Bool {
        if roots == self.roots, (try? database.writeWithoutTransaction(Self.dataVersion)) == version { return true }
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
    /// Nil for a catalog held in one connection (a copy in memory: a long read there would hold
    /// up the scan's writes), or whose data version cannot be read (the items are then read after).
    public func prefetchItemJSON(under roots: [String], memberIndent: Int, chunkSize: Int = 1 << 16,
                                 capacity: Int = 512) -> CatalogItemJSONPrefetch? {
        guard database is DatabasePool else { return nil }
        return try? CatalogItemJSONPrefetch(database: database, roots: roots, memberIndent: memberIndent, chunkSize: chunkSize, capacity: capacity)
    }
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
