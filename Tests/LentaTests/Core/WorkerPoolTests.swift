import LentaCore
import Synchronization
import Testing

/// `WorkerPool`: the parallel map of the batch work (reading, measuring, learning faces, a scan's probes).
@Suite struct WorkerPoolTests {
    /// A worker's own state: which one it is, and how many items it has done.
    final class Worker {
        let id: Int
        var done = 0
        init(id: Int) { self.id = id }
    }

    @Test("results come back in input order, whatever the number of workers and items", arguments: [1, 2, 3, 8])
    func inputOrder(workers: Int) {
        for count in [0, 1, 2, 7, 100] {
            #expect(WorkerPool(workers: workers).map(count) { $0 * $0 } == (0..<count).map { $0 * $0 })
        }
    }

    @Test("each worker makes its state once, on its first item, and keeps it for the items it takes")
    func stateOfItsOwn() {
        let made = Mutex(0)
        let seen = WorkerPool(workers: 3).map(60, state: { Worker(id: made.withLock { $0 += 1; return $0 }) }) { worker, _ in
            worker.done += 1
            return (worker: worker.id, done: worker.done)
        }
        let workers = made.withLock { $0 }
        #expect((1...3).contains(workers))
        #expect(Set(seen.map(\.worker)) == Set(1...workers), "every state made did an item")
        for id in 1...workers {
            // Its items in input order (taken in turn) counted 1, 2, 3…: one state, never shared, never made again.
            #expect(seen.filter { $0.worker == id }.map(\.done) == Array(1...seen.filter { $0.worker == id }.count))
        }
        #expect(WorkerPool(workers: 4).map(0, state: { made.withLock { $0 += 1 } }) { _, i in i }.isEmpty)
        #expect(made.withLock { $0 } == workers, "no items, no state")
    }

    struct Odd: Error, Equatable { var index: Int }

    @Test("an item's error is its result; the other items go on")
    func errorsAsValues() {
        let results = WorkerPool(workers: 4).results(21) { i in
            if i % 2 == 1 { throw Odd(index: i) }
            return i
        }
        for (i, result) in results.enumerated() {
            switch result {
            case .success(let value): #expect(i % 2 == 0 && value == i)
            case .failure(let error): #expect(error as? Odd == Odd(index: i))
            }
        }
    }

    @Test("`finished` is told 1, 2, … count, one call at a time")
    func progress() {
        let told = Mutex([Int]())
        _ = WorkerPool(workers: 4).map(50, finished: { done in told.withLock { $0.append(done) } }) { $0 }
        #expect(told.withLock { $0 } == Array(1...50))
    }
}
