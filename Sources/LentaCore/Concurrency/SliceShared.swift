/// The one `@unchecked Sendable` for memory shared by a parallel loop: a value holding raw
/// pointers (a plane's base address, a table's storage, a C kernel's plan, the halves of a
/// buffer) handed to the slices of one `ParallelSlices.run` (LentaPixels) or `bothAtOnce`
/// (LentaPlaces). Every plane view and every pointer a parallel loop captures is held in one of
/// these, so the compiler checks all the rest.
///
/// Unchecked because a raw pointer is not `Sendable`. It is safe on two conditions, which every
/// use keeps and says beside itself:
/// - the memory outlives the run: it is lent by a `withUnsafe…` call (or owned storage) that
///   encloses the parallel loop, which returns only when every slice is done;
/// - slices only read what they share, or each writes its own disjoint part (rows, nodes,
///   stripes), so no two slices touch the same byte while one writes it.
package struct SliceShared<Value>: @unchecked Sendable {
    package let value: Value

    @inline(__always)
    package init(_ value: Value) { self.value = value }
}
