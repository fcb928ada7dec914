import Foundation
import LentaCore
@testable import LentaMedia
import LentaPixels
@testable import LentaRender
import LentaTestSupport
import Testing

/// The renderer's own reduction of decoded photos (`PhotoReduction`): close to libswscale's
/// area filter on a photo, free of aliasing on detail finer than the output can hold, exact on
/// flat areas and gradients, and the same bytes for any thread count.
@Suite("Photo reduction")
struct PhotoReductionTests {
    /// A 4:2:0 (or 4:4:4 when `chromaFull`) full-range BT.601 picture lent as a decoder lends it,
    /// reduced to `size`; `padded` says whether its buffer runs on past the last row.
    static func reduced(y: [UInt8], cb: [UInt8], cr: [UInt8], width: Int, height: Int, chromaFull: Bool = false,
                        to size: (Int, Int), threads: Int = 2, padded: Bool = true) -> PlanarFrame {
        let cw = chromaFull ? width : (width + 1) / 2, ch = chromaFull ? height : (height + 1) / 2
        let pad = padded ? 64 : 0
        let buffers = [y + [UInt8](repeating: 0, count: pad), cb + [UInt8](repeating: 0, count: pad), cr + [UInt8](repeating: 0, count: pad)]
        return buffers[0].withUnsafeBufferPointer { yb in
            buffers[1].withUnsafeBufferPointer { ub in
                buffers[2].withUnsafeBufferPointer { vb in
                    func plane(_ b: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int) -> BorrowedPlanes.Plane {
                        BorrowedPlanes.Plane(base: b.baseAddress!, width: w, height: h, stride: w, readable: b.count)
                    }
                    let planes = BorrowedPlanes(y: plane(yb, width, height), cb: plane(ub, cw, ch), cr: plane(vb, cw, ch),
                                                matrix: .bt601, fullRange: true)
                    return PhotoReduction.reduce(planes, to: size, parallel: ParallelSlices(threads: threads))
                }
            }
        }
    }

    /// Limited BT.709 codes of full-range BT.601 ones, through R'G'B' clipped to its gamut,
    /// rounded (what a flat area must become).
    static func expected(_ codes: SIMD3<Double>) -> SIMD3<Double> {
        let source = ColourSpaces.Coding(matrix: .bt601, fullRange: true, bitDepth: 8)
        let output = ColourSpaces.Coding(matrix: .bt709, fullRange: false, bitDepth: 8)
        let rgb = source.rgb(ofCodes: codes).clamped(lowerBound: .zero, upperBound: .one)
        return output.codes(ofRGB: rgb).rounded(.toNearestOrEven)
    }

    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let mse = zip(a, b).reduce(0.0) { $0 + (Double($1.0) - Double($1.1)) * (Double($1.0) - Double($1.1)) } / Double(a.count)
        return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
    }

    @Test("a photo reduces as libswscale's area filter reduces it (PSNR per plane)",
          arguments: [0.55, 0.3, 0.9])
    func agreesWithLibswscale(scale: Double) throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("scene.jpg").path
        try SyntheticMedia.jpeg(SyntheticPicture.scene(seed: 3, width: 1600, height: 1200), exif: nil, to: path)
        let decoder = try PhotoDecoder(path: path)
        let swscale = try decoder.decode(scale: scale)
        let own = try decoder.decode(scales: [scale]) { PhotoReduction.reduce($0, to: $1, parallel: ParallelSlices(threads: 2)) }[0]
        #expect(own.width == swscale.width && own.height == swscale.height)
        let (y, u, v) = (Self.psnr(Array(own.y), Array(swscale.y)), Self.psnr(Array(own.u), Array(swscale.u)),
                         Self.psnr(Array(own.v), Array(swscale.v)))
        let meanShift = Double(own.y.reduce(0) { $0 + Int($1) } - swscale.y.reduce(0) { $0 + Int($1) }) / Double(own.y.count)
        print("photo reduction vs libswscale at \(scale): PSNR Y \(y) dB, Cb \(u) dB, Cr \(v) dB, mean Y shift \(meanShift)")
        #expect(y >= 40, "Y: \(y) dB")
        #expect(u >= 40 && v >= 40, "Cb \(u) dB, Cr \(v) dB")
        #expect(abs(meanShift) < 0.25)
    }

    /// Stripes finer than the reduced picture can hold must fade to their mean, not beat into
    /// broad bands (moiré); stripes it can hold must stay. Reduced 2.4×, the output holds
    /// periods of 4.8 source pixels and up; `passes` is the most of a finer stripe's contrast that
    /// may come through as moiré (nearest-sample reduction passes all of it, libswscale's area
    /// filter 41 % of the 3.6-pixel stripes), or for a coarser one the least that must stay.
    @Test("fine stripes do not alias; stripes the output can hold keep their contrast",
          arguments: [(2.2, 0.02), (2.6, 0.02), (3.1, 0.08), (3.6, 0.25), (16.0, 0.95)])
    func stripesDoNotAlias(period: Double, passes: Double) throws {
        let width = 1440, height = 96, factor = 2.4
        let amplitude = 100.0
        let row = (0 ..< width).map { UInt8((128 + amplitude * sin(2 * Double.pi * Double($0) / period)).rounded()) }
        let y = (0 ..< height).flatMap { _ in row }
        let chroma = [UInt8](repeating: 128, count: (width / 2) * (height / 2))
        let out = Self.reduced(y: y, cb: chroma, cr: chroma, width: width, height: height,
                               to: (Int(Double(width) / factor), Int(Double(height) / factor)))
        // The middle row, away from the edges (whose taps are clamped).
        let r = out.height / 2
        let samples = (8 ..< out.width - 8).map { Double(out.y[r * out.width + $0]) }
        let mean = samples.reduce(0, +) / Double(samples.count)
        let deviation = (samples.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(samples.count)).squareRoot()
        // A sine's standard deviation is its amplitude / √2 (100 full-range codes ≈ 60.7 limited).
        let full = amplitude * 219 / 255 / 2.squareRoot()
        print("photo reduction: stripes of \(period) px reduced \(factor)×: deviation \(deviation) of \(full)")
        if period >= 2 * factor {
            #expect(deviation > passes * full, "deviation \(deviation)")
        } else {
            #expect(deviation < passes * full, "moiré: deviation \(deviation)")
        }
    }

    @Test("flat areas and gradients keep their values within one level")
    func flatAndGradient() throws {
        let width = 1001, height = 601
        let cw = (width + 1) / 2, ch = (height + 1) / 2
        // In gamut, and far outside it (R' > 1, B' < 0: clipped as an RGB round trip clips).
        for codes in [SIMD3<UInt8>(200, 90, 170), SIMD3<UInt8>(230, 10, 250)] {
            let flat = Self.reduced(y: [UInt8](repeating: codes.x, count: width * height), cb: [UInt8](repeating: codes.y, count: cw * ch),
                                    cr: [UInt8](repeating: codes.z, count: cw * ch), width: width, height: height, to: (437, 263))
            let want = Self.expected(SIMD3<Double>(codes))
            #expect(flat.y.allSatisfy { abs(Double($0) - want.x) <= 1 }, "Y \(Set(flat.y)) for \(want.x)")
            #expect(flat.u.allSatisfy { abs(Double($0) - want.y) <= 1 } && flat.v.allSatisfy { abs(Double($0) - want.z) <= 1 },
                    "Cb \(Set(flat.u)), Cr \(Set(flat.v)) for \(want)")
        }

        // A ramp 0 … 255 across, chroma neutral: each output column within a level of the ramp's value there.
        let rampRow: [UInt8] = (0 ..< width).map { x in UInt8((x * 255 + width / 2) / (width - 1)) }
        let ramp: [UInt8] = (0 ..< height).flatMap { _ in rampRow }
        let neutral = [UInt8](repeating: 128, count: cw * ch)
        let target = (400, 240)
        let out = Self.reduced(y: ramp, cb: neutral, cr: neutral, width: width, height: height, to: target)
        var worst = 0.0
        for x in 4 ..< target.0 - 4 {
            let source = (Double(x) + 0.5) * Double(width) / Double(target.0) - 0.5
            let value = Self.expected(SIMD3(source * 255 / Double(width - 1), 128, 128)).x
            for yy in stride(from: 0, to: target.1, by: 37) { worst = max(worst, abs(Double(out.y[yy * target.0 + x]) - value)) }
        }
        #expect(worst <= 1, "gradient off by \(worst)")
    }

    @Test("the same bytes for 1, 2 and 8 threads, for any subsampling, padded or not")
    func sameBytesForAnyThreads() throws {
        let width = 517, height = 389
        let y = FixedPointKernelTests.noise(width: width, height: height, seed: 7)
        for chromaFull in [false, true] {
            let cw = chromaFull ? width : (width + 1) / 2, ch = chromaFull ? height : (height + 1) / 2
            let cb = FixedPointKernelTests.noise(width: cw, height: ch, seed: 8), cr = FixedPointKernelTests.noise(width: cw, height: ch, seed: 9)
            for size in [(333, 251), (100, 61), (600, 450)] {
                let one = Self.reduced(y: y, cb: cb, cr: cr, width: width, height: height, chromaFull: chromaFull, to: size, threads: 1)
                #expect(one.width == size.0 && one.height == size.1)
                for threads in [2, 8] {
                    #expect(Self.reduced(y: y, cb: cb, cr: cr, width: width, height: height, chromaFull: chromaFull, to: size,
                                         threads: threads) == one)
                }
                #expect(Self.reduced(y: y, cb: cb, cr: cr, width: width, height: height, chromaFull: chromaFull, to: size,
                                     padded: false) == one)
            }
        }
    }

    @Test("at its own size the fixed-point loops give the plane back exactly (the copy's premise)",
          arguments: [(301, 203), (4, 4), (3, 2), (37, 1)])
    func identityIsExact(width: Int, height: Int) {
        let noise = FixedPointKernelTests.noise(width: width, height: height, seed: 31)
        let source = TransposedPlane(PlaneSamples(noise), width: width, height: height)
        for kernel in FixedPointKernel.available {
            let drawn = FixedPointKernelTests.resampled(source, width: width, height: height, inset: 0, scale: 1, offset: 0,
                                                        kernel: kernel, threads: 2)
            #expect(drawn == noise, "\(zip(drawn, noise).filter { $0 != $1 }.count) samples differ (\(kernel))")
        }
    }

    @Test("a plane reduced to its own size is its rows, without the decoder's padding")
    func ownSizeIsCopied() {
        let width = 45, height = 13, stride = 64
        let noise = FixedPointKernelTests.noise(width: stride, height: height, seed: 7)
        let reduced = noise.withUnsafeBufferPointer { buffer in
            PhotoReduction.reduce(BorrowedPlanes.Plane(base: buffer.baseAddress!, width: width, height: height, stride: stride,
                                                       readable: buffer.count),
                                  width: width, height: height, scaleX: 1, scaleY: 1, parallel: ParallelSlices(threads: 2))
        }
        var rows: [UInt8] = []
        for row in 0 ..< height { rows += noise[row * stride ..< row * stride + width] }
        #expect(Array(reduced) == rows)
    }
}
