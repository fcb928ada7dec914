import CPixelKernels
import LentaCore

/// A decoded photo reduced once to what its layer needs, with the renderer's own fixed-point
/// resampler (`FixedPointResampler`: its cubic stretched to a low-pass when reducing by more
/// than 1.25×, so fine detail does not alias; integer, the same bytes for any thread count)
/// instead of libswscale's bit-exact area filter, whose exact mode has no SIMD (≈ 48 ms for a
/// 12-megapixel photo, against a few here).
///
/// Each plane is read as the decoder left it. The resampler reads its source column by column
/// (`TransposedSource`); a plane's rows are the columns of the plane turned about its diagonal,
/// so it filters the turned plane — down the rows first, then along them — and writes the
/// reduced plane turned, which one 8 × 8-block transpose turns back. The chroma planes, of
/// whatever subsampling the photo has, go straight to 4:2:0 (centred siting, as JPEG's). Last,
/// the photo's coding (a JPEG's full-range BT.601) becomes limited BT.709 in one integer pass,
/// clipped to the R'G'B' gamut as libswscale's round trip through RGB24 clipped it.
package enum PhotoReduction {
    package static func reduce(_ planes: BorrowedPlanes, to size: (width: Int, height: Int), parallel: ParallelSlices) -> PlanarFrame {
        let width = max(1, size.width), height = max(1, size.height)
        let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
        // Output chroma sample j is centred on output luma 2j + 1, source sample i on source luma
        // (i + ½)·(its subsampling): the same centre-to-centre map as luma, in chroma units.
        let scaleX = Double(planes.y.width) / Double(width), scaleY = Double(planes.y.height) / Double(height)
        let chromaScaleX = scaleX * 2 * Double(planes.cb.width) / Double(planes.y.width)
        let chromaScaleY = scaleY * 2 * Double(planes.cb.height) / Double(planes.y.height)
        let y = reduce(planes.y, width: width, height: height, scaleX: scaleX, scaleY: scaleY, parallel: parallel)
        let cb = reduce(planes.cb, width: chromaWidth, height: chromaHeight, scaleX: chromaScaleX, scaleY: chromaScaleY, parallel: parallel)
        let cr = reduce(planes.cr, width: chromaWidth, height: chromaHeight, scaleX: chromaScaleX, scaleY: chromaScaleY, parallel: parallel)
        var frame = PlanarFrame(width: width, height: height, y: y, u: cb, v: cr)
        YUVRecoding(from: ColourSpaces.Coding(matrix: planes.matrix, fullRange: planes.fullRange, bitDepth: 8)).apply(to: &frame, parallel: parallel)
        return frame
    }

    /// One plane reduced to `width` × `height`, rows in order.
    package static func reduce(_ plane: BorrowedPlanes.Plane, width: Int, height: Int, scaleX: Double, scaleY: Double,
                       parallel: ParallelSlices) -> PlaneSamples {
        // At its own size (a 4K story's 12-megapixel photo, 2160p with a 1.15× zoom wanting more
        // than the photo has) the taps are (0, 1, 0, 0), which the fixed-point loops carry through
        // exactly (`identityIsExact`): the plane's rows are the reduction, copied, not resampled.
        if scaleX == 1, scaleY == 1, width == plane.width, height == plane.height {
            return copied(plane)
        }
        // The turned plane's axes: its x runs down the photo's rows, its y along them.
        let x = FixedAxisTaps(AxisTaps(outputRange: 0 ..< height, scale: scaleY, offset: 0, sourceLength: plane.height))
        let y = FixedAxisTaps(AxisTaps(outputRange: 0 ..< width, scale: scaleX, offset: 0, sourceLength: plane.width))
        // Every sample is written by the resampler.
        var turned = [UInt8](unsafeUninitializedCapacity: width * height) { $1 = width * height }
        let resample = { (source: TransposedSource) in
            turned.withUnsafeMutableBufferPointer { out in
                guard let base = out.baseAddress else { return }
                FixedPointResampler.resample(source, into: TargetPlane(base: base, width: height, height: width), x: x, y: y, parallel: parallel)
            }
        }
        // Sixteen-sample loads run up to 15 samples past a row's last: the decoder's buffer
        // usually has that padding; a plane without it is copied into one that has.
        if plane.readable >= plane.stride * (plane.height - 1) + plane.width + TransposedPlane.padding {
            resample(TransposedSource(base: plane.base, width: plane.height, height: plane.stride))
        } else {
            var padded = [UInt8](repeating: 0, count: plane.width * plane.height + TransposedPlane.padding)
            padded.withUnsafeMutableBufferPointer { out in
                guard let base = out.baseAddress else { return }
                for row in 0 ..< plane.height { (base + row * plane.width).update(from: plane.base + row * plane.stride, count: plane.width) }
            }
            padded.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                resample(TransposedSource(base: base, width: plane.height, height: plane.width))
            }
        }
        return turnedBack(turned, rows: width, columns: height, parallel: parallel)
    }

    /// The plane's samples, rows in order, without the decoder's padding.
    package static func copied(_ plane: BorrowedPlanes.Plane) -> PlaneSamples {
        PlaneSamples(unsafeUninitializedCount: plane.width * plane.height) { out in
            guard let target = out.baseAddress else { return }
            for row in 0 ..< plane.height {
                (target + row * plane.width).initialize(from: plane.base + row * plane.stride, count: plane.width)
            }
        }
    }

    /// `turned` (`rows` rows of `columns`) turned about its diagonal: `columns` rows of `rows`.
    package static func turnedBack(_ turned: [UInt8], rows: Int, columns: Int, parallel: ParallelSlices) -> PlaneSamples {
        let bands = (columns + bandColumns - 1) / bandColumns
        return PlaneSamples(unsafeUninitializedCount: rows * columns) { out in
            turned.withUnsafeBufferPointer { source in
                guard let target = out.baseAddress, let base = source.baseAddress else { return }
                // Bands write disjoint rows of the target, and `parallel.run` returns when all are done.
                let shared = SliceShared((target: target, source: base))
                parallel.run(bands) { band in
                    let (t, s) = shared.value
                    lenta_plane_transpose(s, columns, rows, band * bandColumns, min(columns, (band + 1) * bandColumns), t, rows)
                }
            }
        }
    }

    /// Source columns per transposing slice (a multiple of the 8 × 8 blocks).
    package static let bandColumns = 128
}
