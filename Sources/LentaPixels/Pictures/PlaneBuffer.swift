import LentaCore
/// One plane of 8-bit samples as the resamplers see it inside a `withUnsafe…` call: the pointer
/// never leaves the call that made it. Sendable through `SliceShared`: the slices only read the
/// plane, and the call that lent the pointer outlives every slice.
package struct SourcePlane: Sendable {
    private let lent: SliceShared<UnsafePointer<UInt8>>
    package let width: Int
    package let height: Int

    package init(base: UnsafePointer<UInt8>, width: Int, height: Int) {
        (self.lent, self.width, self.height) = (SliceShared(base), width, height)
    }

    package var base: UnsafePointer<UInt8> { @inline(__always) get { lent.value } }
}

/// A `TransposedPlane` inside a `withSource` call: sample (x, y) at `base[x · height + y]`.
/// Sendable through `SliceShared`, as `SourcePlane`: only read, and the call that lent the
/// pointer outlives every slice.
package struct TransposedSource: Sendable {
    private let lent: SliceShared<UnsafePointer<UInt8>>
    package let width: Int
    package let height: Int

    package init(base: UnsafePointer<UInt8>, width: Int, height: Int) {
        (self.lent, self.width, self.height) = (SliceShared(base), width, height)
    }

    package var base: UnsafePointer<UInt8> { @inline(__always) get { lent.value } }
}

/// A plane being written, inside a `withUnsafeMutable…` call. Sendable through `SliceShared`:
/// slices running in parallel write disjoint rows, and the call that lent the pointer outlives
/// every slice.
package struct TargetPlane: Sendable {
    private let lent: SliceShared<UnsafeMutablePointer<UInt8>>
    package let width: Int
    package let height: Int

    package init(base: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        (self.lent, self.width, self.height) = (SliceShared(base), width, height)
    }

    package var base: UnsafeMutablePointer<UInt8> { @inline(__always) get { lent.value } }
}

/// Splits work into slices run on `threads` threads (`DispatchQueue.concurrentPerform`). Each
/// slice computes its own pixels with the same arithmetic whatever the split, and nothing is
/// accumulated across slices, so the result is bit-identical for any thread count.
package struct ParallelSlices: Sendable {
    package let threads: Int

    package init(threads: Int) { self.threads = max(1, threads) }

    package func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
        if threads == 1 || count <= 1 {
            for i in 0..<count { body(i) }
        } else {
            DispatchQueue.concurrentPerform(iterations: count, execute: body)
        }
    }
}

import Dispatch
