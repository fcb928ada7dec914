import Foundation
import LentaCore
import LentaMedia
import LentaTestSupport
import Testing

/// What judging the document gate again costs a phone photo (`DocumentGate`: a 12 MP JPEG at DCT
/// scale 1/8, reduced to 256 pixels, `PageRegion`), against its peer in the same run: the scan's
/// own measure of the photo on its 160×120 EXIF thumbnail (`QualityAnalyser.measure`). CPU time
/// of the calling thread, rounds interleaved (A B A B …), medians. Run by hand:
/// `LENTA_BENCH=1 swift test --skip-build --filter DocumentGateBenchmark` (LENTA_BENCH_ROUNDS, default 7).
@Suite struct DocumentGateBenchmark {
    static let enabled = ProcessInfo.processInfo.environment["LENTA_BENCH"] == "1"
        && ["/usr/bin/exiftool", "/usr/local/bin/exiftool"].contains { FileManager.default.isExecutableFile(atPath: $0) }

    static func threadCPU() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    @Test(.enabled(if: enabled)) func judgingAgainCostsAFewMillisecondsAPhoto() throws {
        let folder = try TemporaryFolder()
        let media = folder.url.appendingPathComponent("media"), drawn = folder.url.appendingPathComponent("drawn")
        for made in [media, drawn] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        let backgrounds = PhotographedDocument.backgrounds(repository: DocumentRecognitionTests.repository)
        var paths: [String] = []
        for (k, paper) in PhotographedDocuments.documents.prefix(4).enumerated() {
            paths.append(media.appendingPathComponent("doc\(k).jpg").path)
            try ThumbnailGateTests.phonePhoto(from: try paper.write(to: drawn, backgrounds: backgrounds), to: paths[k], minute: k, thumbnails: drawn)
        }
        for (k, background) in backgrounds.prefix(4).enumerated() {
            paths.append(media.appendingPathComponent("travel\(k).jpg").path)
            try ThumbnailGateTests.phonePhoto(from: background, to: paths.last ?? "", minute: 10 + k, thumbnails: drawn)
        }
        let metadata = try paths.map { try MotionPhotoTests.probe($0) }
        let rounds = Int(ProcessInfo.processInfo.environment["LENTA_BENCH_ROUNDS"] ?? "") ?? 7
        var scan: [Double] = [], judge: [Double] = []
        for _ in 0..<rounds {
            var start = Self.threadCPU()
            for (path, m) in zip(paths, metadata) { _ = try QualityAnalyser.measure(path: path, metadata: m) }
            scan.append((Self.threadCPU() - start) / Double(paths.count))
            start = Self.threadCPU()
            for (path, m) in zip(paths, metadata) { _ = try DocumentGate.judge(path: path, metadata: m) }
            judge.append((Self.threadCPU() - start) / Double(paths.count))
        }
        let ratios = zip(judge, scan).map { $0 / $1 }.sorted()
        let median = { (v: [Double]) in v.sorted()[v.count / 2] }
        print(String(format: "document gate again: %.1f ms CPU a 4032×3024 photo (rounds %.1f–%.1f); the scan's thumbnail measure %.1f ms; ratio %.1f× (%.1f–%.1f), %d rounds of %d photos",
                     median(judge) * 1000, (judge.min() ?? 0) * 1000, (judge.max() ?? 0) * 1000, median(scan) * 1000,
                     median(ratios), ratios.first ?? 0, ratios.last ?? 0, rounds, paths.count))
        #expect(judge.allSatisfy { $0 > 0 } && scan.allSatisfy { $0 > 0 })
    }
}
