import Dispatch

/// Runs `first` and `second` at once, each on a thread of its own, and returns when both are
/// done. The callers hand them disjoint parts of one buffer (two halves of a tree or an array),
/// which is what makes sharing it safe.
func bothAtOnce(_ first: () -> Void, _ second: () -> Void) {
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            nonisolated(unsafe) let (first, second) = (first, second)
            DispatchQueue.concurrentPerform(iterations: 2) { $0 == 0 ? first() : second() }
        }
    }
}
