import Dispatch
import Synchronization

/// Runs `first` and `second` at once, each on a thread of its own, and returns both results when
/// both are done. The callers hand them disjoint parts of one buffer (two halves of a tree or an
/// array, in a `SliceShared`), which is what makes sharing it safe.
func bothAtOnce<A: Sendable, B: Sendable>(_ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
    let results = Mutex<(A?, B?)>((nil, nil))
    DispatchQueue.concurrentPerform(iterations: 2) { k in
        if k == 0 {
            let a = first()
            results.withLock { $0.0 = a }
        } else {
            let b = second()
            results.withLock { $0.1 = b }
        }
    }
    return results.withLock { results in
        guard let a = results.0, let b = results.1 else { preconditionFailure("concurrentPerform ran both iterations") }
        return (a, b)
    }
}
