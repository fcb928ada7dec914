import Foundation
import LentaCore
import Testing
@testable import LentaPlaces

/// Deterministic pseudo-random numbers (SplitMix64), so every run checks the same points.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    /// A point uniform on the sphere.
    mutating func spherePoint() -> GeoPoint {
        GeoPoint(latitude: asin(2 * unit() - 1) * 180 / .pi, longitude: unit() * 360 - 180)
    }
}


@Suite struct SearchTests {
    let g: Gazetteer
    init() throws { g = try Gazetteer.bundled() }

    func coordinate(_ i: Int) -> GeoPoint {
        let r = g.data.record(i)!
        return GeoPoint(latitude: Double(r.latitudeE5) / 1e5, longitude: Double(r.longitudeE5) / 1e5)
    }

    /// The k-d tree agrees with a scan of every place, on points spread over the globe and on
    /// points just off real places (where neighbours are dense), near the poles and the antimeridian.
    @Test func treeAgreesWithBruteForce() throws {
        var rng = SplitMix64(state: 42)
        var points: [GeoPoint] = (0..<30).map { _ in rng.spherePoint() }
        for _ in 0..<30 {
            let c = coordinate(Int(rng.next() % UInt64(g.placeCount)))
            points.append(GeoPoint(latitude: max(-90, min(90, c.latitude + (rng.unit() - 0.5) * 0.2)),
                                   longitude: c.longitude + (rng.unit() - 0.5) * 0.2))
        }
        points += [GeoPoint(latitude: 89.9, longitude: 10), GeoPoint(latitude: -89.9, longitude: -170),
                   GeoPoint(latitude: -16.9, longitude: 179.95), GeoPoint(latitude: 65.5, longitude: -179.95)]
        let all = (0..<g.placeCount).map(coordinate)
        for p in points {
            var bestKm = Double.infinity
            for c in all { bestKm = min(bestKm, p.kilometres(to: c)) }
            let hit = try #require(g.nearest(to: p))
            #expect(abs(hit.distanceKm - bestKm) < 1e-6, "at \(p): tree \(hit.distanceKm) km, scan \(bestKm) km")
            #expect(abs(p.kilometres(to: hit.place.coordinate) - hit.distanceKm) < 1e-6)
        }
    }

    /// The bundled file's tree, searched where it lies: every node between its two subtrees,
    /// every place at one node, each node's unit vector its place's to the last bit as a query's
    /// is worked out, and the tree the one `KDTree.build` lays out from those vectors
    /// (scripts/build-gazetteer.py and KDTree agree); the body's checksum holds.
    @Test func bundledTreeHoldsAndIsTheOneLentaBuilds() throws {
        let nodes = g.data.withNodes { n in (0..<n.count).map { n[$0] } }
        #expect(nodes.count == g.placeCount)
        #expect(g.data.withNodes(KDTree.holds))
        #expect(g.data.bodyChecksumHolds)
        var seen = [Bool](repeating: false, count: g.placeCount)
        var differing: [Int] = []
        for node in nodes {
            let i = Int(node.item)
            seen[i] = true
            let r = try #require(g.data.record(i))
            let (x, y, z) = Gazetteer.unitVector(latitude: Double(r.latitudeE5) / 1e5, longitude: Double(r.longitudeE5) / 1e5)
            if node.x.bitPattern != x.bitPattern || node.y.bitPattern != y.bitPattern || node.z.bitPattern != z.bitPattern {
                differing.append(i)
            }
        }
        #expect(differing.isEmpty, "places \(differing.prefix(5))")
        #expect(seen.allSatisfy { $0 })
        var built = nodes.sorted { $0.item < $1.item }.map { KDTree.Node(x: $0.x, y: $0.y, z: $0.z, item: $0.item, axis: 0) }
        KDTree.build(&built)
        #expect(built == nodes)
    }

    /// `holds` finds a tree whose nodes do not lie between their subtrees (two nodes swapped).
    @Test func aTreeThatDoesNotHoldIsFound() {
        var nodes = g.data.withNodes { n in (0..<n.count).map { n[$0] } }
        nodes.swapAt(0, nodes.count - 1)
        let bytes = nodes.flatMap(KDTree.bytes(of:))
        #expect(!bytes.withUnsafeBytes { KDTree.holds(KDTree.Nodes(base: $0.baseAddress, count: nodes.count)) })
        #expect(g.data.withNodes(KDTree.holds))
    }

    @Test func radiusSearchAgreesWithBruteForce() throws {
        let all = (0..<g.placeCount).map(coordinate)
        for (p, radius) in [(GeoPoint(latitude: 35.6586, longitude: 139.7454), 25.0),
                            (GeoPoint(latitude: -16.8, longitude: 179.99), 200.0),
                            (GeoPoint(latitude: 78.2, longitude: 15.6), 100.0)] {
            let expected = all.filter { p.kilometres(to: $0) <= radius }.count
            #expect(g.places(within: radius, of: p).count == expected)
        }
    }

    /// Same answers from many threads at once as from one.
    @Test func concurrentQueriesAgree() async throws {
        var rng = SplitMix64(state: 7)
        let points = (0..<2_000).map { _ in rng.spherePoint() }
        let g = self.g
        let serial = points.map { g.prominentPlace(near: $0)?.place.name ?? g.lookup($0).match?.place.name ?? "-" }
        let parallel = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for chunk in 0..<8 {
                group.addTask {
                    let slice = points[(chunk * 250)..<((chunk + 1) * 250)]
                    return (chunk, slice.map { g.prominentPlace(near: $0)?.place.name ?? g.lookup($0).match?.place.name ?? "-" })
                }
            }
            var out = [[String]](repeating: [], count: 8)
            for try await (chunk, names) in group { out[chunk] = names }
            return out.flatMap { $0 }
        }
        #expect(parallel == serial)
    }

    @Test func loadingTwiceGivesTheSameAnswers() throws {
        let again = try Gazetteer(contentsOfFile: g.path)
        #expect(again !== g)
        var rng = SplitMix64(state: 99)
        for _ in 0..<500 {
            let p = rng.spherePoint()
            #expect(again.nearest(to: p) == g.nearest(to: p))
            #expect(again.prominentPlace(near: p) == g.prominentPlace(near: p))
        }
    }
}

/// Speed, measured only when asked: `LENTA_BENCH=1` (see bench/places).
@Suite struct PlacesBenchmark {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LENTA_BENCH"] == "1"))
    func lookupSpeed() throws {
        let clock = ContinuousClock()
        var loaded: Gazetteer!
        let loadTime = try clock.measure { loaded = try Gazetteer(contentsOfFile: Gazetteer.bundledFilePath()) }
        let g: Gazetteer = loaded
        let n = 1_000_000

        func perLookup(_ d: Duration, _ count: Int) -> String {
            let ns = Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
            return String(format: "%.2f µs", ns / Double(count) / 1000)
        }

        // Uniform over the sphere: mostly ocean, where the nearest place is far and the search wider.
        var rng = SplitMix64(state: 2024)
        let uniform = (0..<n).map { _ in rng.spherePoint() }
        // Near real places (within ~10 km), as photo locations are.
        let near = (0..<n).map { _ -> GeoPoint in
            let i = Int(rng.next() % UInt64(g.placeCount))
            let r = g.data.record(i)!
            return GeoPoint(latitude: max(-90, min(90, Double(r.latitudeE5) / 1e5 + (rng.unit() - 0.5) * 0.2)),
                            longitude: Double(r.longitudeE5) / 1e5 + (rng.unit() - 0.5) * 0.2)
        }

        var checksum = 0.0
        let tUniform = clock.measure { for p in uniform { checksum += g.nearest(to: p)?.distanceKm ?? 0 } }
        let tNear = clock.measure { for p in near { checksum += g.nearest(to: p)?.distanceKm ?? 0 } }
        let treeOnly = clock.measure {
            for p in near {
                let phi = p.latitude * .pi / 180, lambda = p.longitude * .pi / 180
                checksum += g.nearest((cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi)))?.chord2 ?? 0
            }
        }
        // The peer: a linear scan of every place (what a gazetteer without an index does).
        let scanned = 1_000
        let all = (0..<g.placeCount).map { i in
            let r = g.data.record(i)!
            let phi = Double(r.latitudeE5) / 1e5 * .pi / 180, lambda = Double(r.longitudeE5) / 1e5 * .pi / 180
            return SIMD3<Double>(cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
        }
        let tScan = clock.measure {
            for p in near.prefix(scanned) {
                let phi = p.latitude * .pi / 180, lambda = p.longitude * .pi / 180
                let q = SIMD3<Double>(cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
                var best = Double.infinity
                for v in all { let d = q - v; best = min(best, (d * d).sum()) }
                checksum += best
            }
        }
        let m = 100_000
        let tProminent = clock.measure { for p in near.prefix(m) { checksum += g.prominentPlace(near: p)?.distanceKm ?? 0 } }
        let tZone = clock.measure {
            for p in near.prefix(m) { checksum += Double(g.utcOffset(at: p, utc: 1_714_000_000)?.seconds ?? 0) }
        }

        print("""
            places bench (\(g.placeCount) places, \(g.dataSource))
              load places.bin + build index:     \(loadTime)
              nearest, uniform on the sphere:    \(perLookup(tUniform, n)) per lookup (\(n) lookups, \(tUniform))
              nearest, within ~10 km of a place: \(perLookup(tNear, n)) per lookup (\(n) lookups, \(tNear))
                of which the tree search alone:  \(perLookup(treeOnly, n)) per lookup
              peer: linear scan of every place:  \(perLookup(tScan, scanned)) per lookup (\(scanned) lookups), \
            \(String(format: "%.0f", (Double(tScan.components.attoseconds) / 1e18 + Double(tScan.components.seconds)) / Double(scanned) / ((Double(tNear.components.attoseconds) / 1e18 + Double(tNear.components.seconds)) / Double(n))))× slower
              prominentPlace, near places:       \(perLookup(tProminent, m)) per lookup (\(m) lookups)
              utcOffset(at:utc:), near places:   \(perLookup(tZone, m)) per lookup (\(m) lookups)
              (checksum \(checksum))
            """)
        #expect(checksum > 0)
    }
}
