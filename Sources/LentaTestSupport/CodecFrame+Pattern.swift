import LentaMedia

extension CodecFrame {
    /// Draws `SyntheticPattern` into a yuv420p, yuvj420p or rgb24 frame (every buffer zeroed
    /// first, padding included, so the encoder sees the same bytes every run).
    func drawPattern(frame index: Int?, path: String) throws {
        try makeWritable(path: path)
        clearBuffers()
        let width = self.width, height = self.height
        func noPlanes() -> MediaError { MediaError("draw frame", path: path, reason: "frame has no planes") }
        switch pixelFormat {
        case .yuv420p?, .yuvj420p?:
            let range: PlaneFill.Range = pixelFormat == .yuvj420p ? .full : .limited
            try withPlanes(path: path) { y, u, v in
                PlaneFill.yuv420(y: y.base, yStride: y.stride, cb: u.base, cbStride: u.stride, cr: v.base, crStride: v.stride,
                                 width: width, height: height, frame: index, range: range)
            }
        case .rgb24?:
            guard withPlane(0, { base, stride in PlaneFill.rgb24(base, stride: stride, width: width, height: height, frame: index) }) != nil
            else { throw noPlanes() }
        default:
            throw MediaError("draw frame", path: path, reason: "pixel format \(pixelFormat.map { "\($0)" } ?? "(other)") is not supported here")
        }
    }

    /// Draws a `SyntheticPicture` of the frame's size into a yuvj420p (full-range BT.601, as
    /// JPEG has it) or rgb24 frame.
    func draw(_ picture: SyntheticPicture, path: String) throws {
        try makeWritable(path: path)
        clearBuffers()
        let width = self.width, height = self.height
        guard picture.width == width, picture.height == height else {
            throw MediaError("draw frame", path: path, reason: "picture is \(picture.width)×\(picture.height), frame \(width)×\(height)")
        }
        func noPlanes() -> MediaError { MediaError("draw frame", path: path, reason: "frame has no planes") }
        switch pixelFormat {
        case .rgb24?:
            let drawn: Void? = withPlane(0) { base, stride in
                for y in 0..<height {
                    for x in 0..<(width * 3) { base[y * stride + x] = picture.rgb[y * width * 3 + x] }
                }
            }
            guard drawn != nil else { throw noPlanes() }
        case .yuvj420p?:
            func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
                let i = (y * width + x) * 3
                return (Int(picture.rgb[i]), Int(picture.rgb[i + 1]), Int(picture.rgb[i + 2]))
            }
            try withPlanes(path: path) { luma, u, v in
                for y in 0..<height {
                    for x in 0..<width {
                        let (r, g, b) = rgb(x, y)
                        luma.base[y * luma.stride + x] = PlaneFill.luma(r, g, b, .full)
                    }
                }
                for cy in 0..<((height + 1) / 2) {
                        for cx in 0..<((width + 1) / 2) {
                            var sr = 0, sg = 0, sb = 0, n = 0
                            for dy in 0..<2 where cy * 2 + dy < height {
                                for dx in 0..<2 where cx * 2 + dx < width {
                                    let (r, g, b) = rgb(cx * 2 + dx, cy * 2 + dy)
                                    sr += r; sg += g; sb += b; n += 1
                                }
                            }
                            let (cb, cr) = PlaneFill.chroma((sr + n / 2) / n, (sg + n / 2) / n, (sb + n / 2) / n, .full)
                            u.base[cy * u.stride + cx] = cb
                            v.base[cy * v.stride + cx] = cr
                        }
                    }
            }
        default:
            throw MediaError("draw frame", path: path, reason: "pixel format \(pixelFormat.map { "\($0)" } ?? "(other)") is not supported here")
        }
    }

    /// The three planes of a 4:2:0 frame (first byte and stride each), lent to `body`.
    /// Draws the window of `scene` at (`x`, `y`) into a yuv420p frame, grey (neutral chroma).
    func draw(_ scene: SyntheticScene, x: Int, y: Int, path: String) throws {
        try makeWritable(path: path)
        let width = self.width, height = self.height
        try withPlanes(path: path) { luma, u, v in
            for row in 0..<height {
                let from = (y + row) * scene.width + x
                for col in 0..<width { luma.base[row * luma.stride + col] = scene.luma[from + col] }
            }
            for row in 0..<((height + 1) / 2) {
                for col in 0..<((width + 1) / 2) {
                    u.base[row * u.stride + col] = 128
                    v.base[row * v.stride + col] = 128
                }
            }
        }
    }

    private func withPlanes(path: String, _ body: (PlaneRows, PlaneRows, PlaneRows) -> Void) throws {
        let lent = withPlane(0) { y, ys in
            withPlane(1) { u, us in
                withPlane(2) { v, vs in body(PlaneRows(base: y, stride: ys), PlaneRows(base: u, stride: us), PlaneRows(base: v, stride: vs)) }
            }
        }
        guard case .some(.some(.some)) = lent else { throw MediaError("draw frame", path: path, reason: "frame has no planes") }
    }
}

/// A plane lent by `CodecFrame.withPlane`: its first byte and the bytes between rows.
struct PlaneRows {
    let base: UnsafeMutablePointer<UInt8>
    let stride: Int
}
