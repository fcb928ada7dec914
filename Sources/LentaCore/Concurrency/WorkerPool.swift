import Dispatch
import Foundation
import Synchronization

/// The one parallel map of the batch work (reading photos for text, measuring items, learning
/// faces, a scan's probes): `workers` threads take the next index in turn (so work handed out
/// costliest first is done in that order), each with a state of its own made when it takes its
/// first index (an OCR engine, a decoder: what is costly to make or may not be shared). Results
/// come back in input order. A body that can fail is mapped with `results`: each item's error
/// is kept as a value and the others go on.
package struct WorkerPool: Sendable {
    package let workers: Int

    /// One worker a core by default.
    package init(workers: Int = ProcessInfo.processInfo.activeProcessorCount) { self.workers = max(1, workers) }

    /// `body(&state, i)` for each `i` in `0..<count`, in input order.
    /// - Parameters:
    ///   - state: makes a worker's own state, once a worker, on the worker's thread.
    ///   - finished: told how many items are done after each one (in order: one call at a time).
    package func map<State, Output: Sendable>(_ count: Int, state makeState: @Sendable () -> State,
                                             finished: @Sendable (_ done: Int) -> Void = { _ in },
                                             _ body: @Sendable (inout State, Int) -> Output) -> [Output] {
        guard count > 0 else { return [] }
        let next = Atomic(0)
        let done = Mutex(0)
        let parts = Mutex([[(index: Int, output: Output)]]())
        DispatchQueue.concurrentPerform(iterations: min(workers, count)) { _ in
            var i = next.add(1, ordering: .relaxed).oldValue
            guard i < count else { return }
            var state = makeState()
            var mine: [(index: Int, output: Output)] = []
            repeat {
                mine.append((i, body(&state, i)))
                done.withLock { $0 += 1; finished($0) }
                i = next.add(1, ordering: .relaxed).oldValue
            } while i < count
            parts.withLock { $0.append(mine) }
        }
        // Every index was taken by exactly one worker, each of which is done.
        var ordered = [Output?](repeating: nil, count: count)
        for part in parts.withLock({ $0 }) { for (i, output) in part { ordered[i] = output } }
        return ordered.compactMap { $0 }
    }

    /// `map` without a state of the workers' own.
    package func map<Output: Sendable>(_ count: Int, finished: @Sendable (_ done: Int) -> Void = { _ in },
                                      _ body: @Sendable (Int) -> Output) -> [Output] {
        map(count, state: {}, finished: finished) { _, i in body(i) }
    }

    /// `map` of a body that can fail: each item's result or its error.
    package func results<State, Output: Sendable>(_ count: Int, state makeState: @Sendable () -> State,
                                                 finished: @Sendable (_ done: Int) -> Void = { _ in },
                                                 _ body: @Sendable (inout State, Int) throws -> Output) -> [Result<Output, any Error>] {
        map(count, state: makeState, finished: finished) { state, i in Result { try body(&state, i) } }
    }

    /// `results` without a state of the workers' own.
    package func results<Output: Sendable>(_ count: Int, finished: @Sendable (_ done: Int) -> Void = { _ in },
                                          _ body: @Sendable (Int) throws -> Output) -> [Result<Output, any Error>] {
        results(count, state: {}, finished: finished) { _, i in try body(i) }
    }
}
