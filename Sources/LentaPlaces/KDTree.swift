import Dispatch
import Foundation
import LentaCore

/// A k-d tree over points on the unit sphere, stored as 3-D unit vectors.
///
/// Working in 3-D rather than latitude/longitude means there is no antimeridian and no pole to
/// special-case: the straight-line (chord) distance between two unit vectors grows with the
/// great-circle distance everywhere, so the nearest point by chord is the nearest on the globe.
///
/// The tree is implicit: for a node range `lo..<hi` the node is at `mid = (lo + hi) / 2`, its left
/// subtree is `lo..<mid` and its right subtree `mid + 1..<hi`. It is built once and read-only after,
/// so any number of threads may search it at once.
struct KDTree: Sendable {
    struct Node: Sendable {
        var x: Double
        var y: Double
        var z: Double
        var item: Int32
        var axis: UInt8
    }

    /// A tree worked out beforehand (the gazetteer file carries one): the item at each node and
    /// the axis it splits along.
    struct Layout: Sendable, Equatable {
        var places: [Int32]
        var axes: [UInt8]
    }

    private(set) var nodes: [Node]
    /// Whether the tree is the layout it was given (false: it was built here).
    let usesGivenLayout: Bool

    /// Builds the tree; `item` is the index each point is reported by. Deterministic: ties on a
    /// coordinate are broken by item index, so the same input always gives the same tree.
    /// A `layout` that holds for these points (every node between its two subtrees on its axis,
    /// checked in one pass) is taken as it is, which saves building: some 40 ms of CPU for the
    /// gazetteer. One that does not hold (made where `sin` rounds otherwise) is built anew.
    init(x: [Double], y: [Double], z: [Double], layout: Layout? = nil) {
        precondition(x.count == y.count && y.count == z.count)
        self.init(count: x.count, layout: layout) { i in (x[i], y[i], z[i]) }
    }

    /// The tree of the points `vector(0)…vector(count - 1)`, each worked out once: straight into
    /// its node when a `layout` is given (on two threads, each its half of the nodes), so the
    /// points need no arrays of their own in item order (the gazetteer's quarter of a million
    /// were written there, then gathered again into the nodes).
    init(count: Int, layout: Layout?, vector: @Sendable (Int) -> (Double, Double, Double)) {
        if let layout, layout.places.count == count, layout.axes.count == count,
           let given = Self.nodesInLayoutOrder(layout, vector: vector),
           given.withUnsafeBufferPointer({ KDTree.holds($0, 0, $0.count, parallelDepth: 1) != nil }) {
            nodes = given
            usesGivenLayout = true
            return
        }
        var nodes = (0..<count).map { i in
            let (x, y, z) = vector(i)
            return Node(x: x, y: y, z: z, item: Int32(i), axis: 0)
        }
        nodes.withUnsafeMutableBufferPointer { buffer in
            KDTree.build(buffer, 0, buffer.count, parallelDepth: 2)
        }
        self.nodes = nodes
        usesGivenLayout = false
    }

    /// A layout's nodes with their points (nil when a node names no point), worked out on two
    /// threads, each its half of the nodes.
    private static func nodesInLayoutOrder(_ layout: Layout, vector: @Sendable (Int) -> (Double, Double, Double)) -> [Node]? {
        let count = layout.places.count
        guard layout.places.allSatisfy({ $0 >= 0 && Int($0) < count }) else { return nil }
        return [Node](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            layout.places.withUnsafeBufferPointer { places in
                layout.axes.withUnsafeBufferPointer { axes in
                    // Each half writes its own nodes, and only reads the layout.
                    let shared = SliceShared((base, places, axes))
                    @Sendable func fill(_ range: Range<Int>) {
                        let (base, places, axes) = shared.value
                        for k in range {
                            let i = Int(places[k])
                            let (x, y, z) = vector(i)
                            (base + k).initialize(to: Node(x: x, y: y, z: z, item: Int32(i), axis: axes[k]))
                        }
                    }
                    _ = bothAtOnce({ fill(0..<count / 2) }, { fill(count / 2..<count) })
                }
            }
            initialized = count
        }
    }

    /// The smallest and largest coordinates of a subtree.
    private struct Bounds: Sendable {
        var low: (x: Double, y: Double, z: Double) = (.infinity, .infinity, .infinity)
        var high: (x: Double, y: Double, z: Double) = (-.infinity, -.infinity, -.infinity)
    }

    /// The bounds of the subtree `lo..<hi` when each of its nodes lies between its left subtree
    /// and its right one along its axis (what searching needs: equal coordinates may lie on
    /// either side, as the search looks at both then); nil when one does not.
    private static func holds(_ n: UnsafeBufferPointer<Node>, _ lo: Int, _ hi: Int, parallelDepth: Int = 0) -> Bounds? {
        guard hi > lo else { return Bounds() }
        let mid = (lo + hi) >> 1
        let p = n[mid]
        var left: Bounds?, right: Bounds?
        if parallelDepth > 0, hi - lo > 10_000 {
            // Both halves only read the nodes.
            let shared = SliceShared(n)
            (left, right) = bothAtOnce({ KDTree.holds(shared.value, lo, mid, parallelDepth: parallelDepth - 1) },
                                       { KDTree.holds(shared.value, mid + 1, hi, parallelDepth: parallelDepth - 1) })
        } else {
            (left, right) = (holds(n, lo, mid), holds(n, mid + 1, hi))
        }
        guard let left, let right else { return nil }
        let fits = switch p.axis {
        case 0: left.high.x <= p.x && right.low.x >= p.x
        case 1: left.high.y <= p.y && right.low.y >= p.y
        default: left.high.z <= p.z && right.low.z >= p.z
        }
        guard fits else { return nil }
        return Bounds(low: (min(p.x, left.low.x, right.low.x), min(p.y, left.low.y, right.low.y), min(p.z, left.low.z, right.low.z)),
                      high: (max(p.x, left.high.x, right.high.x), max(p.y, left.high.y, right.high.y),
                             max(p.z, left.high.z, right.high.z)))
    }

    /// Builds the subtree of `lo..<hi`. The first `parallelDepth` levels build their two halves at
    /// once (a scan's tail waits for the whole gazetteer on one thread): the halves are disjoint,
    /// so the tree is the same however the work is split.
    private static func build(_ n: UnsafeMutableBufferPointer<Node>, _ lo: Int, _ hi: Int, parallelDepth: Int = 0) {
        guard hi - lo > 1 else { return }
        // Split along the axis where the points spread widest.
        var minX = Double.infinity, maxX = -Double.infinity
        var minY = Double.infinity, maxY = -Double.infinity
        var minZ = Double.infinity, maxZ = -Double.infinity
        for i in lo..<hi {
            let p = n[i]
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
            minZ = min(minZ, p.z); maxZ = max(maxZ, p.z)
        }
        let sx = maxX - minX, sy = maxY - minY, sz = maxZ - minZ
        let axis: UInt8 = sx >= sy && sx >= sz ? 0 : (sy >= sz ? 1 : 2)
        let mid = (lo + hi) / 2
        switch axis {
        case 0: select(n, lo, hi, mid) { $0.x }
        case 1: select(n, lo, hi, mid) { $0.y }
        default: select(n, lo, hi, mid) { $0.z }
        }
        n[mid].axis = axis
        if parallelDepth > 0, hi - lo > 10_000 {
            // The halves are disjoint parts of the buffer.
            let shared = SliceShared(n)
            _ = bothAtOnce({ KDTree.build(shared.value, lo, mid, parallelDepth: parallelDepth - 1) },
                           { KDTree.build(shared.value, mid + 1, hi, parallelDepth: parallelDepth - 1) })
        } else {
            build(n, lo, mid)
            build(n, mid + 1, hi)
        }
    }

    /// Quickselect: afterwards `n[k]` is the element that sorting `lo..<hi` by (`key`, item) would
    /// put there, with smaller elements before it and larger after. `key` is one coordinate, so
    /// each axis gets its own loop with plain comparisons.
    @inline(__always)
    private static func select(_ n: UnsafeMutableBufferPointer<Node>, _ lo0: Int, _ hi0: Int, _ k: Int,
                               _ key: (Node) -> Double) {
        @inline(__always) func less(_ a: Node, _ b: Node) -> Bool {
            let ca = key(a), cb = key(b)
            return ca < cb || (ca == cb && a.item < b.item)
        }
        var lo = lo0, hi = hi0 - 1
        while hi > lo {
            // Median of three as pivot, moved to `hi`.
            let m = (lo + hi) / 2
            if less(n[m], n[lo]) { n.swapAt(m, lo) }
            if less(n[hi], n[lo]) { n.swapAt(hi, lo) }
            if less(n[m], n[hi]) { n.swapAt(m, hi) }
            let pivot = n[hi]
            var store = lo
            for i in lo..<hi where less(n[i], pivot) {
                n.swapAt(i, store)
                store += 1
            }
            n.swapAt(store, hi)
            if store == k { return }
            if store < k { lo = store + 1 } else { hi = store - 1 }
        }
    }

    /// The item nearest to the unit vector (qx, qy, qz) and its squared chord distance.
    /// Equal distances go to the lower item index.
    func nearest(_ qx: Double, _ qy: Double, _ qz: Double) -> (item: Int, chord2: Double)? {
        guard !nodes.isEmpty else { return nil }
        return nodes.withUnsafeBufferPointer { n in
            var best = Int32.max
            var bestD = Double.infinity
            KDTree.nearest(n, 0, n.count, qx, qy, qz, &best, &bestD)
            return (Int(best), bestD)
        }
    }

    private static func nearest(_ n: UnsafeBufferPointer<Node>, _ lo: Int, _ hi: Int,
                                _ qx: Double, _ qy: Double, _ qz: Double,
                                _ best: inout Int32, _ bestD: inout Double) {
        var lo = lo, hi = hi
        while lo < hi {
            let mid = (lo + hi) >> 1
            let p = n[mid]
            let dx = qx - p.x, dy = qy - p.y, dz = qz - p.z
            let d = dx * dx + dy * dy + dz * dz
            if d < bestD || (d == bestD && p.item < best) {
                bestD = d
                best = p.item
            }
            let diff = p.axis == 0 ? dx : (p.axis == 1 ? dy : dz)
            // Search the side the query is on first, then the other side only if the splitting
            // plane is closer than the best so far (loop on the far side to save a call).
            if diff < 0 {
                nearest(n, lo, mid, qx, qy, qz, &best, &bestD)
                guard diff * diff <= bestD else { return }
                lo = mid + 1
            } else {
                nearest(n, mid + 1, hi, qx, qy, qz, &best, &bestD)
                guard diff * diff <= bestD else { return }
                hi = mid
            }
        }
    }

    /// Calls `body` with every item within squared chord distance `radius2` of the query.
    func forEach(within radius2: Double, of qx: Double, _ qy: Double, _ qz: Double,
                 _ body: (_ item: Int, _ chord2: Double) -> Void) {
        nodes.withUnsafeBufferPointer { n in
            KDTree.within(n, 0, n.count, qx, qy, qz, radius2, body)
        }
    }

    private static func within(_ n: UnsafeBufferPointer<Node>, _ lo: Int, _ hi: Int,
                               _ qx: Double, _ qy: Double, _ qz: Double, _ r2: Double,
                               _ body: (Int, Double) -> Void) {
        var lo = lo, hi = hi
        while lo < hi {
            let mid = (lo + hi) >> 1
            let p = n[mid]
            let dx = qx - p.x, dy = qy - p.y, dz = qz - p.z
            let d = dx * dx + dy * dy + dz * dz
            if d <= r2 { body(Int(p.item), d) }
            let diff = p.axis == 0 ? dx : (p.axis == 1 ? dy : dz)
            if diff < 0 {
                within(n, lo, mid, qx, qy, qz, r2, body)
                guard diff * diff <= r2 else { return }
                lo = mid + 1
            } else {
                within(n, mid + 1, hi, qx, qy, qz, r2, body)
                guard diff * diff <= r2 else { return }
                hi = mid
            }
        }
    }
}
