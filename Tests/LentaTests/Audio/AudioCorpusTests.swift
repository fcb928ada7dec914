import Foundation
import Testing
import LentaMedia
import LentaTestSupport

@Suite("Audio corpus")
struct AudioCorpusTests {
    /// The shared corpus's movies (when this checkout sits beside it).
    static let movies: [String] = {
        guard LentaCLI.hasCorpus,
              let walker = FileManager.default.enumerator(atPath: LentaCLI.corpus.path) else { return [] }
        let extensions: Set<String> = ["mov", "mp4", "m4v", "3gp"]
        return walker.compactMap { $0 as? String }
            .filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted()
    }()

    /// Real cameras' sound (AAC at 44.1 and 48 kHz, mono and stereo, AMR-NB, PCM; some of the
    /// files are cut-down samples without their media data) decodes without an error and never
    /// runs past the end of its track; a track that starts late starts late, and sound from
    /// before the first picture is left out.
    @Test("the corpus's movies with sound decode within their audio track's length", .enabled(if: !movies.isEmpty, LentaCLI.noCorpus))
    func corpusMovies() throws {
        var decoded = 0
        for name in Self.movies {
            let path = LentaCLI.corpus.appendingPathComponent(name).path
            guard (try? AudioDecoder.hasAudioStream(path: path)) == true else { continue }
            let decoder = try AudioDecoder(path: path)
            var total = 0, first: Int? = nil
            while true {
                let part = try decoder.read(upTo: 4096)
                if part.isEmpty { break }
                if first == nil, let i = stride(from: 0, to: part.count, by: 2).first(where: { part[$0] != 0 || part[$0 + 1] != 0 }) {
                    first = total + i / 2
                }
                total += part.count / 2
            }
            if let duration = decoder.duration {
                #expect(Double(total) <= duration * 48_000 + 1, "\(name): \(total) samples for \(duration) s")
            }
            if name.hasSuffix("FLIR Thermal.mp4") {
                // Its AAC track starts 0.188141 s (8297/44100) into the file.
                #expect(first.map { abs($0 - 9031) <= 1 } == true, "\(name): sound from sample \(first ?? -1)")
            }
            if name.hasSuffix("mindeng-nom-exif/meta.mp4") {
                // Its video starts 0.0174 s after its sound: the sound before the first picture
                // (835 samples) is left out, so that the two stay together.
                #expect(abs(total - (51_034 - 835)) <= 1, "\(name): \(total) samples")
            }
            decoded += 1
        }
        #expect(decoded > 5)
    }
}
