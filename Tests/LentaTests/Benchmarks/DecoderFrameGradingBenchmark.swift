import Foundation
import LentaCore
@testable import LentaMedia
import LentaPixels
@testable import LentaRender
import Testing

/// Speed of grading a clip's picture straight from the decoder's frame against copying (or
/// halving) the frame first and grading the copy, in the same run, taking turns (bench/colour runs
/// it in a release build with LENTA_BENCH=1): a 2160p 10-bit frame halved to 1080p (bench/clips'
/// HLG clips), a 1080p 10-bit frame and a 1080p 8-bit one whole.
@Suite("Decoder frame grading benchmark")
struct DecoderFrameGradingBenchmark {
    @Test(.enabled(if: ColourBenchmark.enabled))
    func gradingSpeed() throws {
        let grade = DecoderFrameGradingTests.grade
        let cases: [(String, Int, Int, FramePixelFormat, Bool)] = [
            ("2160p 10-bit halved", 3840, 2160, FramePixelFormat.yuv420p10, true),
            ("1080p 10-bit whole", 1920, 1080, FramePixelFormat.yuv420p10, false),
            ("1080p 8-bit whole", 1920, 1080, FramePixelFormat.yuv420p, false),
        ]
        let processors = ProcessInfo.processInfo.activeProcessorCount
        var checksum = 0
        for (name, width, height, format, halved) in cases {
            let deep = format == FramePixelFormat.yuv420p10
            let frame = try HalvedPictureTests.frame(width: width, height: height, format: format, limit: deep ? 1024 : 256)
            let lent = try #require(frame.borrowedVideoFrame(halved: halved))
            for threads in Set([1, processors]).sorted() {
                let parallel = ParallelSlices(threads: threads)
                let colour = ItemColour(source: deep ? DecoderFrameGradingTests.hlg : .bt709, output: .bt709, grade: grade, parallel: parallel)
                let copied = { () -> PlanarFrame in
                    let picture: SourcePicture? = halved ? HalvedPicture.make(from: frame)
                        : deep ? frame.deepPlanarFrame().map { .deep($0) } : frame.planarFrame().map { .eightBit($0) }
                    return picture.map { colour.convert($0) } ?? PlanarFrame(width: 1, height: 1)
                }
                let straight = { colour.grade(lent) ?? PlanarFrame(width: 1, height: 1) }
                #expect(copied() == straight())
                var best = (copied: Double.infinity, straight: Double.infinity)
                for _ in 0..<20 {
                    var start = DispatchTime.now().uptimeNanoseconds
                    checksum &+= Int(copied().y[width / 4])
                    best.copied = min(best.copied, Double(DispatchTime.now().uptimeNanoseconds - start))
                    start = DispatchTime.now().uptimeNanoseconds
                    checksum &+= Int(straight().y[width / 4])
                    best.straight = min(best.straight, Double(DispatchTime.now().uptimeNanoseconds - start))
                }
                print("colour bench: \(name), \(threads) thread(s): copied then graded \(String(format: "%.2f", best.copied / 1e6)) ms, "
                      + "graded straight \(String(format: "%.2f", best.straight / 1e6)) ms "
                      + "(\(String(format: "%.2f", best.straight / best.copied))×)")
            }
        }
        print("colour bench: checksum \(checksum)")
    }
}
