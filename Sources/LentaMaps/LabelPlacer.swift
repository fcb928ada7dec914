/// Places labels beside their dots, greedily in route order: each label takes the first of a
/// few positions around its dot (right, left, above, below, then the diagonals) that stays
/// inside the picture and clear of the labels placed so far and of every dot; positions that
/// also keep off the route line are preferred. A label with no clear position is left out
/// rather than drawn over another.
public struct LabelPlacer {
    /// A label's size and the dot it belongs to.
    public struct Request {
        public var stop: Int
        public var anchor: PixelPoint
        public var width: Double
        public var height: Double
        public init(stop: Int, anchor: PixelPoint, width: Double, height: Double) {
            self.stop = stop
            self.anchor = anchor
            self.width = width
            self.height = height
        }
    }

    public var bounds: PixelRect
    /// Dots as boxes to keep clear of.
    public var dots: [PixelRect]
    /// Points along the route, to keep off when there is a choice.
    public var route: [PixelPoint]
    /// Space between a dot's edge and its label, and between labels.
    public var gap: Double
    public var dotRadius: Double

    public init(bounds: PixelRect, dots: [PixelRect], route: [PixelPoint], gap: Double, dotRadius: Double) {
        self.bounds = bounds
        self.dots = dots
        self.route = route
        self.gap = gap
        self.dotRadius = dotRadius
    }

    /// The boxes of the labels placed, by request index (nil: left out).
    public func place(_ requests: [Request]) -> [PixelRect?] {
        var placed: [PixelRect] = []
        var result: [PixelRect?] = []
        for request in requests {
            let options = candidates(request).filter { $0.isInside(bounds) && isClear($0, of: placed, stop: request.stop) }
            let chosen = options.first { !crossesRoute($0) } ?? options.first
            if let chosen { placed.append(chosen) }
            result.append(chosen)
        }
        return result
    }

    private func candidates(_ r: Request) -> [PixelRect] {
        let x = r.anchor.x, y = r.anchor.y, w = r.width, h = r.height
        let d = dotRadius + gap
        let diagonal = d * 0.75
        return [
            PixelRect(x: x + d, y: y - h / 2, width: w, height: h),                      // right
            PixelRect(x: x - d - w, y: y - h / 2, width: w, height: h),                  // left
            PixelRect(x: x - w / 2, y: y - d - h, width: w, height: h),                  // above
            PixelRect(x: x - w / 2, y: y + d, width: w, height: h),                      // below
            PixelRect(x: x + diagonal, y: y - diagonal - h, width: w, height: h),        // above right
            PixelRect(x: x + diagonal, y: y + diagonal, width: w, height: h),            // below right
            PixelRect(x: x - diagonal - w, y: y - diagonal - h, width: w, height: h),    // above left
            PixelRect(x: x - diagonal - w, y: y + diagonal, width: w, height: h),        // below left
        ]
    }

    private func isClear(_ rect: PixelRect, of placed: [PixelRect], stop: Int) -> Bool {
        let spaced = PixelRect(x: rect.x - gap / 2, y: rect.y - gap / 2, width: rect.width + gap, height: rect.height + gap)
        return !placed.contains { $0.intersects(spaced) } && !dots.contains { $0.intersects(rect) }
    }

    private func crossesRoute(_ rect: PixelRect) -> Bool {
        route.contains { $0.x >= rect.x && $0.x <= rect.maxX && $0.y >= rect.y && $0.y <= rect.maxY }
    }
}
