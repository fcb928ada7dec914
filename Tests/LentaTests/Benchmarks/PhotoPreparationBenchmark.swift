import Foundation
import LentaCore
@testable import LentaMedia
import LentaPixels
@testable import LentaRender
import Testing

/// Time to prepare a photo as a story's layer needs it (decode, reduce to `scale`, BT.709
/// limited): libavcodec's decode and libswscale's reduction (what other callers still use)
/// against the renderer's path (libjpeg-turbo's planes, `PhotoReduction` on one thread), and
/// that path's decode alone, best of three per photo. Run by hand with LENTA_BENCH=1 and
/// LENTA_BENCH_PHOTOS=<a folder of JPEGs> (bench/render's photos: scale 0.5476, their 1080p story's).
@Suite("Photo preparation benchmark")
struct PhotoPreparationBenchmark {
    static let folder = ProcessInfo.processInfo.environment["LENTA_BENCH_PHOTOS"]
    static let enabled = ProcessInfo.processInfo.environment["LENTA_BENCH"] == "1" && folder != nil

    @Test(.enabled(if: enabled))
    func preparationSpeed() throws {
        let folder = try #require(Self.folder)
        let scale = Double(ProcessInfo.processInfo.environment["LENTA_BENCH_SCALE"] ?? "") ?? 0.5476
        let photos = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.lowercased().hasSuffix(".jpg") }.sorted()
        func best(_ body: () throws -> Void) rethrows -> Double {
            var fastest = Double.infinity
            for _ in 0 ..< 3 {
                let start = DispatchTime.now().uptimeNanoseconds
                try body()
                fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            return fastest
        }
        let parallel = ParallelSlices(threads: 1)
        var totals = (swscale: 0.0, own: 0.0, decode: 0.0)
        for name in photos {
            let decoder = try PhotoDecoder(path: folder + "/" + name)
            let swscale = try best { _ = try decoder.decode(scales: [scale]) }
            let own = try best { _ = try decoder.decode(scales: [scale]) { PhotoReduction.reduce($0, to: $1, parallel: parallel) } }
            let decode = try best { _ = try decoder.decode(scales: [scale]) { _, size in PlanarFrame(width: size.width, height: size.height) } }
            print(String(format: "photo preparation: %@ %d×%d at %.4f: libavcodec + libswscale %.1f ms, renderer's %.1f ms, its decode alone %.1f ms",
                         name, decoder.width, decoder.height, scale, swscale, own, decode))
            totals = (totals.swscale + swscale, totals.own + own, totals.decode + decode)
        }
        let n = Double(max(1, photos.count))
        print(String(format: "photo preparation: mean of %d: libavcodec + libswscale %.1f ms, renderer's %.1f ms, its decode alone %.1f ms → its reduction %.1f ms",
                     photos.count, totals.swscale / n, totals.own / n, totals.decode / n, (totals.own - totals.decode) / n))
    }
}
