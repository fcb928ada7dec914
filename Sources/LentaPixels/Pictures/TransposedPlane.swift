import CPixelKernels

/// A plane stored column by column (sample (x, y) at `x · height + y`), padded at the end so
/// sixteen-sample loads past the last column stay inside: the source of `FixedPointResampler`,
/// whose horizontal pass then reads each tap's column contiguously. Made once per photo. Kept as
/// bytes, widened to 8.7 fixed point as they are loaded: each frame reads the whole plane, mostly
/// from memory (the encoder has evicted it from the caches since the last frame), and 16-bit
/// samples made that read twice as long.
package struct TransposedPlane: Sendable {
    package let width: Int
    package let height: Int
    package let samples: [UInt8]

    package static let padding = 16

    package init(_ plane: PlaneSamples, width: Int, height: Int) {
        self.width = width
        self.height = height
        let count = width * height
        samples = [UInt8](unsafeUninitializedCapacity: count + Self.padding) { out, initialised in
            // 8 × 8 blocks turned in registers (SSE2), not byte by byte.
            plane.withUnsafeBufferPointer { source in
                guard let s = source.baseAddress, let t = out.baseAddress else { return }
                lenta_plane_transpose(s, width, height, 0, width, t, height)
            }
            for i in count ..< count + Self.padding { out[i] = 0 }
            initialised = count + Self.padding
        }
    }

    /// The plane lent to `body` for reading (never empty: the padding is always there).
    package func withSource(_ body: (TransposedSource) -> Void) {
        samples.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            body(TransposedSource(base: base, width: width, height: height))
        }
    }
}

/// A picture's three planes, transposed (see `TransposedPlane`).
package struct TransposedPicture: Sendable {
    package let y: TransposedPlane
    package let u: TransposedPlane
    package let v: TransposedPlane

    package init(_ frame: PlanarFrame) {
        y = TransposedPlane(frame.y, width: frame.width, height: frame.height)
        u = TransposedPlane(frame.u, width: frame.chromaWidth, height: frame.chromaHeight)
        v = TransposedPlane(frame.v, width: frame.chromaWidth, height: frame.chromaHeight)
    }
}
