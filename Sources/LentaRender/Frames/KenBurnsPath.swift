import LentaCore

/// An item's motion resolved: the rectangle of the (cropped, straightened) picture shown at the
/// item's start and end, and the easing between them. Rectangles are interpolated component by
/// component, so a pan moves by the same amount every frame (before easing).
public struct KenBurnsPath: Sendable, Equatable {
    public var from: ProjectRect
    public var to: ProjectRect
    public var easing: KenBurnsEasing

    public init(from: ProjectRect, to: ProjectRect, easing: KenBurnsEasing = .linear) {
        self.from = from
        self.to = to
        self.easing = easing
    }

    public static let still = KenBurnsPath(from: .full, to: .full)

    /// How far `"auto"` zooms: from the whole picture to its central 1/1.1 (or back).
    public static let autoZoom = 1.1

    /// The motion for `items[index]`. `"auto"` on a photo zooms gently toward the centre on even
    /// items and back out on odd ones (deterministic, no randomness); on a video clip it is still,
    /// as the clip moves by itself.
    public init(_ kenBurns: KenBurns, itemIndex: Int, isVideo: Bool) {
        switch kenBurns {
        case .none:
            self = .still
        case .auto:
            if isVideo {
                self = .still
            } else {
                let side = 1 / Self.autoZoom
                let centred = ProjectRect(x: (1 - side) / 2, y: (1 - side) / 2, width: side, height: side)
                self = itemIndex % 2 == 0 ? KenBurnsPath(from: .full, to: centred) : KenBurnsPath(from: centred, to: .full)
            }
        case .motion(let m):
            self = KenBurnsPath(from: m.from, to: m.to, easing: m.easing ?? .linear)
        }
    }

    public var isStill: Bool { from == to }

    /// The eased progress for linear progress `p` ∈ [0, 1].
    public func eased(_ p: Double) -> Double {
        let p = min(1, max(0, p))
        switch easing {
        case .linear: return p
        case .in: return p * p
        case .out: return 1 - (1 - p) * (1 - p)
        case .inOut: return p * p * (3 - 2 * p)
        }
    }

    /// The rectangle shown at linear progress `p`.
    public func rect(at p: Double) -> ProjectRect {
        let e = eased(p)
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * e }
        return ProjectRect(x: mix(from.x, to.x), y: mix(from.y, to.y), width: mix(from.width, to.width), height: mix(from.height, to.height))
    }
}
