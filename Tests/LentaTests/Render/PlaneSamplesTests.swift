import LentaPixels
import Testing

/// A frame's plane: aligned storage with an array's value semantics.
@Suite("Plane samples")
struct PlaneSamplesTests {
    static func address(_ samples: PlaneSamples) -> UInt {
        samples.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    @Test("every plane starts on a 64-byte boundary, whatever its size and however it was made",
          arguments: [1, 63, 960 * 540, 1920 * 1080, 3840 * 2160])
    func aligned(count: Int) {
        let made = [
            PlaneSamples(repeating: 9, count: count),
            PlaneSamples([UInt8](repeating: 3, count: count)),
            PlaneSamples(unsafeUninitializedCount: count) { $0.initialize(repeating: 1) },
        ]
        for samples in made {
            #expect(samples.count == count)
            #expect(Self.address(samples) % UInt(PlaneSamples.alignment) == 0)
        }
        let frame = PlanarFrame(width: 1922, height: 1081)
        for plane in [frame.y, frame.u, frame.v] { #expect(Self.address(plane) % 64 == 0) }
    }

    @Test("a copy is a value: writing to one leaves the other, and an unshared plane is written in place")
    func copiedOnWrite() {
        var a = PlaneSamples([1, 2, 3, 4, 5])
        let before = Self.address(a)
        a[0] = 10
        #expect(Self.address(a) == before, "a plane with one owner is written where it is")
        var b = a
        b[1] = 20
        b[2 ..< 4] = PlaneSamples([30, 40])[0 ..< 2]
        #expect(Array(a) == [10, 2, 3, 4, 5])
        #expect(Array(b) == [10, 20, 30, 40, 5])
        #expect(Self.address(b) % 64 == 0, "the copy is aligned too")
        var c = b
        c.withUnsafeMutableBufferPointer { $0[4] = 50 }
        #expect(Array(b) == [10, 20, 30, 40, 5])
        #expect(Array(c) == [10, 20, 30, 40, 50])
    }

    @Test("equal and hashed by their samples")
    func equality() {
        let a = PlaneSamples([7, 8, 9]), b = PlaneSamples([7, 8, 9]), c = PlaneSamples([7, 8, 0]), d = PlaneSamples([7, 8])
        #expect(a == b)
        #expect(a != c)
        #expect(a != d)
        #expect(Set([a, b, c, d]).count == 3)
        #expect(PlaneSamples() == PlaneSamples([]))
    }

    @Test("a range replaced from another plane's slice, the frame's crop")
    func cropped() {
        var frame = PlanarFrame(width: 6, height: 4)
        frame.y = PlaneSamples((0 ..< 24).map { UInt8($0) })
        let crop = frame.cropped(x: 2, y: 2, width: 4, height: 2)
        #expect(Array(crop.y) == [14, 15, 16, 17, 20, 21, 22, 23])
    }
}
