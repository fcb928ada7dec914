import Foundation
import LentaCore

/// A k-d tree over points on the unit sphere, stored as 3-D unit vectors.
///
/// Working in 3-D rather than latitude/longitude means there is no antimeridian and no pole to
/// special-case: the straight-line (chord) distance between two unit vectors grows with the
/// great-circle distance everywhere, so the nearest point by chord is the nearest on the globe.
///
/// The tree is implicit: for a node range `lo..<hi` the node is at `mid = (lo + hi) / 2`, its left
/// subtree is `lo..<mid` and its right subtree `mid + 1..<hi`. The gazetteer's tree is laid out by
/// the file's maker (`scripts/build-gazetteer.py`, which builds it as `build` does) and searched
/// where it lies in the mapped file; it is read-only, so any number of threads may search it at once.
enum KDTree {
    struct Node: Sendable, Equatable {
        var x: Double
        var y: Double
        var z: Double
        var item: UInt32
        var axis: UInt8
    }

    /// Nodes as the file lays them out, 32 bytes each: f64 x, y, z, u32 item, u8 axis (little-endian).
    struct Nodes {
        let base: UnsafeRawPointer?
        let count: Int

        @inline(__always)
        subscript(k: Int) -> Node {
            let p = base.unsafelyUnwrapped + k * PlacesFile.nodeSize
            @inline(__always) func f64(_ offset: Int) -> Double {
                Double(bitPattern: UInt64(littleEndian: p.load(fromByteOffset: offset, as: UInt64.self)))
            }
            return Node(x: f64(0), y: f64(8), z: f64(16), item: UInt32(littleEndian: p.load(fromByteOffset: 24, as: UInt32.self)),
                        axis: p.load(fromByteOffset: 28, as: UInt8.self))
        }
    }

    /// Node `node` as the file lays it out.
    static func bytes(of node: Node) -> [UInt8] {
        var out: [UInt8] = []
        for v in [node.x.bitPattern, node.y.bitPattern, node.z.bitPattern] { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        withUnsafeBytes(of: node.item.littleEndian) { out += $0 }
        return out + [node.axis, 0, 0, 0]
    }

    /// Builds the tree of `nodes` (their items and vectors; axes are set here), as the file's
    /// maker does. Deterministic: ties on a coordinate are broken by item, so the same points
    /// always give the same tree.
    static func build(_ nodes: inout [Node]) {
        nodes.withUnsafeMutableBufferPointer { build($0, 0, $0.count) }
    }

    private static func build(_ n: UnsafeMutableBufferPointer<Node>, _ lo: Int, _ hi: Int) {
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
        build(n, lo, mid)
        build(n, mid + 1, hi)
    }

    /// Quickselect: afterwards `n[k]` is the element that sorting `lo..<hi` by (`key`, item) would
    /// put there, with smaller elements before it and larger after.
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

    /// Whether every node lies between its left subtree and its right one along its axis (what
    /// searching needs: equal coordinates may lie on either side, as the search looks at both then).
    static func holds(_ n: Nodes) -> Bool { bounds(n, 0, n.count) != nil }

    private struct Bounds {
        var low: (x: Double, y: Double, z: Double) = (.infinity, .infinity, .infinity)
        var high: (x: Double, y: Double, z: Double) = (-.infinity, -.infinity, -.infinity)
    }

    private static func bounds(_ n: Nodes, _ lo: Int, _ hi: Int) -> Bounds? {
        guard hi > lo else { return Bounds() }
        let mid = (lo + hi) >> 1
        let p = n[mid]
        guard let left = bounds(n, lo, mid), let right = bounds(n, mid + 1, hi) else { return nil }
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

    /// The item nearest to the unit vector (qx, qy, qz) and its squared chord distance; items
    /// not below `items` (a damaged node) are passed over. Equal distances go to the lower item.
    static func nearest(_ n: Nodes, items: Int, _ qx: Double, _ qy: Double, _ qz: Double) -> (item: Int, chord2: Double)? {
        var best = UInt32.max
        var bestD = Double.infinity
        nearest(n, UInt32(clamping: items), 0, n.count, qx, qy, qz, &best, &bestD)
        return best == UInt32.max ? nil : (Int(best), bestD)
    }

    private static func nearest(_ n: Nodes, _ items: UInt32, _ lo: Int, _ hi: Int,
                                _ qx: Double, _ qy: Double, _ qz: Double,
                                _ best: inout UInt32, _ bestD: inout Double) {
        var lo = lo, hi = hi
        while lo < hi {
            let mid = (lo + hi) >> 1
            let p = n[mid]
            let dx = qx - p.x, dy = qy - p.y, dz = qz - p.z
            let d = dx * dx + dy * dy + dz * dz
            if (d < bestD || (d == bestD && p.item < best)) && p.item < items {
                bestD = d
                best = p.item
            }
            let diff = p.axis == 0 ? dx : (p.axis == 1 ? dy : dz)
            // Search the side the query is on first, then the other side only if the splitting
            // plane is closer than the best so far (loop on the far side to save a call).
            if diff < 0 {
                nearest(n, items, lo, mid, qx, qy, qz, &best, &bestD)
                guard diff * diff <= bestD else { return }
                lo = mid + 1
            } else {
                nearest(n, items, mid + 1, hi, qx, qy, qz, &best, &bestD)
                guard diff * diff <= bestD else { return }
                hi = mid
            }
        }
    }

    /// Calls `body` with every item (below `items`) within squared chord distance `radius2` of the query.
    static func forEach(_ n: Nodes, items: Int, within radius2: Double, of qx: Double, _ qy: Double, _ qz: Double,
                        _ body: (_ item: Int, _ chord2: Double) -> Void) {
        within(n, UInt32(clamping: items), 0, n.count, qx, qy, qz, radius2, body)
    }

    private static func within(_ n: Nodes, _ items: UInt32, _ lo: Int, _ hi: Int,
                               _ qx: Double, _ qy: Double, _ qz: Double, _ r2: Double,
                               _ body: (Int, Double) -> Void) {
        var lo = lo, hi = hi
        while lo < hi {
            let mid = (lo + hi) >> 1
            let p = n[mid]
            let dx = qx - p.x, dy = qy - p.y, dz = qz - p.z
            let d = dx * dx + dy * dy + dz * dz
            if d <= r2 && p.item < items { body(Int(p.item), d) }
            let diff = p.axis == 0 ? dx : (p.axis == 1 ? dy : dz)
            if diff < 0 {
                within(n, items, lo, mid, qx, qy, qz, r2, body)
                guard diff * diff <= r2 else { return }
                lo = mid + 1
            } else {
                within(n, items, mid + 1, hi, qx, qy, qz, r2, body)
                guard diff * diff <= r2 else { return }
                hi = mid
            }
        }
    }
}
