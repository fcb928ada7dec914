import Dispatch

extension DispatchSemaphore {
    /// A semaphore of `count` permits, made empty and signalled: one made with `value: count`
    /// traps when it is let go of holding fewer (a render stopped halfway, an output not read to its end).
    package static func holding(_ count: Int) -> DispatchSemaphore {
        let semaphore = DispatchSemaphore(value: 0)
        for _ in 0..<count { semaphore.signal() }
        return semaphore
    }
}
