import Foundation
import LentaCore
import LentaMedia
import LentaPixels
import LentaRender
import Testing

/// Speed of applying an item's colour table to a 1920×1080 frame (bench/colour runs it in a
/// release build with LENTA_BENCH=1). Prints ns per pixel for 1 thread and for every processor,
/// the one-off cost of building the table, and as the peer in the same run a plain copy of the
/// frame's planes (the memory traffic any per-pixel pass pays).
@Suite("Colour benchmark")
struct ColourBenchmark {
    static let enabled = ProcessInfo.processInfo.environment["LENTA_BENCH"] == "1"

    @Test(.enabled(if: enabled))
    func tableSpeed() throws {
        let width = 1920, height = 1080, pixels = Double(width * height)
        var source = PlanarFrame(width: width, height: height)
        var seed: UInt32 = 12345
        func next() -> UInt8 { seed = seed &* 1_664_525 &+ 1_013_904_223; return UInt8(truncatingIfNeeded: seed >> 24) }
        for i in source.y.indices { source.y[i] = UInt8(16 + (i % width) * 219 / width) &+ (next() & 7) }
        for i in source.u.indices { source.u[i] = 64 &+ (next() & 127); source.v[i] = 64 &+ (next() & 127) }
        let recipe = try PresetLibrary(directory: PresetLibrary.sourceTreePresets).look(named: "film")
        let grade = ColourGrade(adjust: Adjustments(exposure: 0.3, contrast: 1.1, saturation: 1.2, temperature: 0.1),
                                look: .recipe(name: "film", recipe))
        let processors = ProcessInfo.processInfo.activeProcessorCount
        let buildStart = DispatchTime.now().uptimeNanoseconds
        let table = try #require(YUVLookupTable.make(for: grade, threads: processors))
        let buildMs = Double(DispatchTime.now().uptimeNanoseconds - buildStart) / 1e6
        print("colour bench: 1920×1080, table built in \(String(format: "%.1f", buildMs)) ms (\(processors) threads)")

        func best(_ runs: Int, _ body: () -> Void) -> Double {
            var fastest = Double.infinity
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                body()
                fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start))
            }
            return fastest
        }
        var checksum = 0
        let copy = best(20) {
            var frame = source
            frame.y[0] ^= 1  // forces the copy
            checksum &+= Int(frame.y[1])
        }
        for threads in Set([1, processors]).sorted() {
            let graded = best(20) {
                var frame = source
                table.apply(to: &frame, threads: threads)
                checksum &+= Int(frame.y[width * 540 + 960])
            }
            print("colour bench: apply, \(threads) thread(s): \(String(format: "%.2f", graded / pixels)) ns/pixel "
                  + "(\(String(format: "%.2f", graded / 1e6)) ms/frame, copy included)")
        }
        print("colour bench: peer, copying the frame: \(String(format: "%.2f", copy / pixels)) ns/pixel")
        print("colour bench: checksum \(checksum)")
    }
}
