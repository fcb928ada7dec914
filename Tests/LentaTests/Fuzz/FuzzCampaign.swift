import Foundation
import Testing
@testable import LentaCore
@testable import LentaMedia
import LentaText

/// The fuzzing campaign the project keeps (README, "Fuzzing"): mutants of the seeds in
/// `Tests/Fuzz/seeds` fed to the project parser, the validator, the `.cube` reader, the metadata
/// readers (EXIF through libexif, XMP, IPTC, QuickTime) with the JPEG/PNG/WebP/HEIF container
/// walkers, and the photo decoder. `make test` runs a short slice with a fixed seed; `make fuzz`
/// runs each target for `FUZZ_SECONDS` and reports cases, crashes and hangs.
@Suite(.serialized) struct FuzzCampaign {
    static let projectTokens: [[UInt8]] = ["{", "}", "[", "]", ",", ":", "\"", "\\u0000", "\\ud800", "1e999", "-0", "null", "true",
                                           "\"items\"", "\"path\"", "\"lenta\": 1", "\"text\"", "\"trim\"", "\"look\"", "\u{FEFF}"].map { Array($0.utf8) }
    static let cubeTokens: [[UInt8]] = ["LUT_3D_SIZE ", "LUT_1D_SIZE ", "DOMAIN_MIN ", "DOMAIN_MAX ", "TITLE ", "\n", "#", "1e308 ", "nan ",
                                        "-inf ", "256", "257", "0.5 0.5 0.5\n", "\r\n", "\t", "\u{0}"].map { Array($0.utf8) }
    static let mediaTokens: [[UInt8]] = [[0xFF, 0xD8], [0xFF, 0xD9], [0xFF, 0xE1], [0xFF, 0xDA], [0xFF, 0xC0], [0xFF, 0xC2], Array("Exif\0\0".utf8),
                                         Array("II*\0".utf8), Array("MM\0*".utf8), Array("ftyp".utf8), Array("meta".utf8), Array("iloc".utf8),
                                         Array("iinf".utf8), Array("ipco".utf8), Array("ispe".utf8), Array("moov".utf8), Array("mdat".utf8),
                                         Array("udta".utf8), Array("IHDR".utf8), Array("eXIf".utf8), Array("VP8X".utf8), Array("RIFF".utf8),
                                         Array("<x:xmpmeta".utf8), Array("http://ns.adobe.com/xap/1.0/\0".utf8), [0x87, 0x69], [0x88, 0x25]]

    static func projectSeeds() -> [[UInt8]] { FuzzRun.files(in: FuzzRun.seedsRoot.appendingPathComponent("project")).map(\.bytes) }

    /// Half byte-level mutants (the parser's syntax errors), half JSON-level (the reader's and
    /// validator's checks).
    static func projectMutant(_ seed: [UInt8], _ random: inout FuzzRandom) -> [UInt8] {
        if random.chance(50), let value = try? StrictJSON.parse(Data(seed)),
           let text = try? StrictJSON.write(JSONMutator().mutate(value, &random)) {
            return Array(text.utf8)
        }
        return ByteMutator(dictionary: projectTokens, maximumLength: 1 << 16).mutate(seed, &random)
    }

    @Test func projectParserAndReader() {
        let outcome = FuzzRun(target: "project-parser", seeds: Self.projectSeeds(), mutate: Self.projectMutant).run { bytes in
            let (project, problems) = ProjectFile.read(Data(bytes))
            // Whatever reads must write back as JSON that reads the same.
            if let project, problems.isEmpty, let text = try? project.jsonText() {
                #expect(ProjectFile.read(Data(text.utf8)).project == project)
            }
            if let long = problems.first(where: { $0.message.count >= 2_000 }) {
                Issue.record("a message of \(long.message.count) characters; input kept as \(FuzzRun.keep(bytes, target: "project-parser"))")
            }
        }
        #expect(outcome.hangs == 0)
    }

    @Test func projectValidator() {
        var validator = ProjectValidator(inspectMedia: ProjectMediaInspector.inspect, inspectText: try? TextEngine.shared())
        validator.baseDirectory = FuzzRun.seedsRoot.appendingPathComponent("project")
        let outcome = FuzzRun(target: "project-validator", seeds: Self.projectSeeds(), mutate: Self.projectMutant).run { bytes in
            let report = validator.check(Data(bytes))
            for problem in report.problems
            where problem.message.unicodeScalars.contains(where: { $0.value < 0x20 }) || problem.description.count >= 2_000 {
                Issue.record("a control character or 2,000 characters in \(problem.description.prefix(200)); input kept as \(FuzzRun.keep(bytes, target: "project-validator"))")
            }
        }
        #expect(outcome.hangs == 0)
    }

    @Test func cubeReader() {
        let seeds = FuzzRun.files(in: FuzzRun.seedsRoot.appendingPathComponent("cube")).map(\.bytes)
        let mutator = ByteMutator(dictionary: Self.cubeTokens, maximumLength: 1 << 18)
        FuzzRun(target: "cube", seeds: seeds, mutate: mutator.mutate).run { bytes in
            guard let cube = try? CubeFile.parse(Data(bytes)) else { return }
            // A table that reads gives finite colours for any colour in its domain.
            for rgb in [SIMD3<Double>(0, 0, 0), SIMD3(1, 1, 1), SIMD3(0.3, 0.6, 0.9), SIMD3(-0.5, 2, 0.5)] {
                let out = cube.lookUp(rgb)
                if !(out.x.isFinite && out.y.isFinite && out.z.isFinite) {
                    Issue.record("\(rgb) → \(out); input kept as \(FuzzRun.keep(bytes, target: "cube"))")
                }
            }
        }
    }

    /// Every container walker and metadata reader, through the one door the scan uses; photos
    /// are also decoded (truncated and damaged pictures must fail or decode, never crash).
    @Test func mediaMetadataAndDecoding() throws {
        let seeds = FuzzRun.files(in: FuzzRun.seedsRoot.appendingPathComponent("media"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lenta-fuzz-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mutator = ByteMutator(dictionary: Self.mediaTokens, maximumLength: 1 << 18)
        // Each case is its file's extension, a zero byte, then the file (crashers are kept so).
        let tagged = seeds.map { Array((($0.name as NSString).pathExtension).utf8) + [0] + $0.bytes }
        let run = FuzzRun(target: "media", seeds: tagged) { input, random in
            guard let zero = input.firstIndex(of: 0) else { return input }
            return Array(input[...zero]) + mutator.mutate(Array(input[(zero + 1)...]), &random)
        }
        run.run { input in
            guard let zero = input.firstIndex(of: 0), zero <= 8 else { return }
            let name = String(decoding: input[..<zero], as: UTF8.self)
            let path = folder.appendingPathComponent("case." + name).path
            guard FileManager.default.createFile(atPath: path, contents: Data(input[(zero + 1)...])) else { return }
            guard case .media(let metadata)? = try? MetadataProbe.read(path: path, modified: 0, now: 1.8e9) else { return }
            if let w = metadata.width, let h = metadata.height, w <= 0 || h <= 0 {
                Issue.record("\(name): a \(w)×\(h) picture was taken as media; input kept as \(FuzzRun.keep(input, target: "media"))")
            }
            if metadata.kind == .photo, let decoder = try? PhotoDecoder(path: path), decoder.width * decoder.height <= 1 << 22 {
                _ = try? decoder.decode(scale: 1)
            }
            // What the scan learns of it: the reduced decodes (an EXIF thumbnail, DCT scaling, keyframes).
            _ = try? QualityAnalyser.measure(path: path, metadata: metadata)
        }
    }

    @Test func xmpPacket() {
        let seeds: [[UInt8]] = [
            Array(#"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:DateTimeOriginal="2024-05-03T10:11:12+01:00" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"><photoshop:DateCreated>2024-05-03T10:11:12</photoshop:DateCreated></rdf:Description></rdf:RDF></x:xmpmeta>"#.utf8),
        ]
        let mutator = ByteMutator(dictionary: Self.mediaTokens + [Array("=\"".utf8), Array("</".utf8), Array("&amp;".utf8)])
        FuzzRun(target: "xmp", seeds: seeds, mutate: mutator.mutate).run { bytes in
            _ = XMPPacket(bytes: bytes)
        }
    }
}
