import Foundation
import Testing
@testable import LentaCore
@testable import LentaMedia
import LentaPlaces

/// The campaign's targets for issue 32's inputs: the JPEG frame header (what the photo memory
/// budget is decided from), MP4 track tables (a clip of many tracks, tables whose counts lie),
/// GeoJSON tracks and places files. Besides crashes and hangs, `make fuzz` counts a case that
/// takes the process past 1 GB (`FuzzRun.memoryBudget`) as a finding.
extension FuzzCampaign {
    static let mp4Tokens: [[UInt8]] = ["moov", "trak", "tkhd", "mdia", "mdhd", "hdlr", "minf", "stbl", "stsd", "stts", "stsz", "stsc",
                                       "stco", "co64", "ctts", "stss", "edts", "elst", "avc1", "avcC", "mvhd", "udta", "mdat"].map { Array($0.utf8) }
        + [[0xFF, 0xFF, 0xFF, 0xFF], [0x7F, 0xFF, 0xFF, 0xFF], [0x00, 0x00, 0x03, 0xE8]]
    static let geoJSONTokens: [[UInt8]] = ["\"type\"", "\"LineString\"", "\"MultiLineString\"", "\"FeatureCollection\"", "\"Feature\"",
                                           "\"GeometryCollection\"", "\"coordinates\"", "\"coordTimes\"", "\"geometry\"", "\"features\"",
                                           "[", "]", "{", "}", ",", "1e308", "-1e308", "NaN", "null", "\"2024-05-03T10:00:00Z\"",
                                           "[[[[[[[[[[", "\u{FEFF}"].map { Array($0.utf8) }

    /// A folder of the process's own for the files cases are written to.
    static func caseFolder(_ target: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lenta-fuzz-\(target)-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The JPEG's frame header (SOFn) rewritten as a hostile file writes it: another kind of
    /// frame (progressive, lossless, arithmetic), a size of up to 65535 × 65535, any number of
    /// components, any sampling factors.
    static func frameHeaderMutant(_ seed: [UInt8], _ random: inout FuzzRandom) -> [UInt8] {
        var bytes = seed
        guard random.chance(70),
              let sof = (2..<max(2, bytes.count - 10)).first(where: { bytes[$0] == 0xFF && [0xC0, 0xC1, 0xC2].contains(bytes[$0 + 1]) }) else {
            return ByteMutator(dictionary: mediaTokens, maximumLength: 1 << 18).mutate(seed, &random)
        }
        let sizes = [0, 1, 7, 8, 255, 256, 4096, 16384, 30000, 65000, 65535]
        bytes[sof + 1] = random.pick([0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF])
        if random.chance(80) {
            let height = random.pick(sizes), width = random.pick(sizes)
            bytes[sof + 5] = UInt8(height >> 8); bytes[sof + 6] = UInt8(height & 0xFF)
            bytes[sof + 7] = UInt8(width >> 8); bytes[sof + 8] = UInt8(width & 0xFF)
        }
        if random.chance(30) { bytes[sof + 9] = UInt8(random.pick([0, 1, 2, 3, 4, 5, 255])) }
        if random.chance(30) {
            for k in 0..<3 where sof + 11 + 3 * k < bytes.count { bytes[sof + 11 + 3 * k] = UInt8(truncatingIfNeeded: random.next()) }
        }
        return random.chance(30) ? ByteMutator(dictionary: mediaTokens, maximumLength: 1 << 18).mutate(bytes, &random) : bytes
    }

    @Test func jpegFrameHeader() throws {
        let folder = try Self.caseFolder("jpeg")
        defer { try? FileManager.default.removeItem(at: folder) }
        let seeds = FuzzRun.files(in: FuzzRun.seedsRoot.appendingPathComponent("media"), extensions: ["jpg"]).map(\.bytes)
        let path = folder.appendingPathComponent("case.jpg").path
        FuzzRun(target: "jpeg-frame-header", seeds: seeds, mutate: Self.frameHeaderMutant).run { bytes in
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)),
                  case .media(let metadata)? = try? MetadataProbe.read(path: path, modified: 0, now: 1.8e9),
                  metadata.kind == .photo, let decoder = try? PhotoDecoder(path: path, metadata: metadata) else { return }
            // Whatever the header claims, a decode is either refused or held to the budget.
            _ = try? decoder.decode(scale: 0.02)
            _ = try? QualityAnalyser.measure(path: path, metadata: metadata)
        }
    }

    @Test func mp4TrackTables() throws {
        let folder = try Self.caseFolder("mp4")
        defer { try? FileManager.default.removeItem(at: folder) }
        let seeds = FuzzRun.files(in: FuzzRun.seedsRoot.appendingPathComponent("tracks"))
        let tagged = seeds.map { Array((($0.name as NSString).pathExtension).utf8) + [0] + $0.bytes }
        let mutator = ByteMutator(dictionary: Self.mp4Tokens, maximumLength: 1 << 18)
        let run = FuzzRun(target: "mp4-track-tables", seeds: tagged) { input, random in
            guard let zero = input.firstIndex(of: 0) else { return input }
            return Array(input[...zero]) + mutator.mutate(Array(input[(zero + 1)...]), &random)
        }
        run.run { input in
            guard let zero = input.firstIndex(of: 0), zero <= 8 else { return }
            let path = folder.appendingPathComponent("case." + String(decoding: input[..<zero], as: UTF8.self)).path
            guard FileManager.default.createFile(atPath: path, contents: Data(input[(zero + 1)...])),
                  case .media(let metadata)? = try? MetadataProbe.read(path: path, modified: 0, now: 1.8e9), metadata.kind == .video else { return }
            // The render's reader, opened and asked for a picture near the start and one past the end.
            if let reader = try? VideoReader(path: path, threads: 1) {
                _ = try? reader.frame(at: Rational(1, 10))
                _ = try? reader.frame(at: Rational(1_000_000, 1))
                reader.close()
            }
            _ = try? QualityAnalyser.measure(path: path, metadata: metadata)
        }
    }

    @Test func geoJSONTrack() throws {
        let folder = try Self.caseFolder("geojson")
        defer { try? FileManager.default.removeItem(at: folder) }
        let seeds = FuzzRun.files(in: FuzzRun.seedsRoot.appendingPathComponent("geojson")).map(\.bytes)
        let bytesMutator = ByteMutator(dictionary: Self.geoJSONTokens, maximumLength: 1 << 18)
        let path = folder.appendingPathComponent("case.geojson").path
        let run = FuzzRun(target: "geojson", seeds: seeds) { seed, random in
            if random.chance(50), let value = try? StrictJSON.parse(Data(seed)),
               let text = try? StrictJSON.write(JSONMutator().mutate(value, &random)) {
                return Array(text.utf8)
            }
            return bytesMutator.mutate(seed, &random)
        }
        run.run { bytes in
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)),
                  let track = try? TrackFile.read(path) else { return }
            // What reads is a path on the globe.
            for point in track.segments.joined() where !(abs(point.point.latitude) <= 90 && abs(point.point.longitude) <= 180) {
                Issue.record("a point off the globe: \(point.point); input kept as \(FuzzRun.keep(bytes, target: "geojson"))")
            }
        }
    }

    /// Mutants of the bundled places file: its header and first tables changed (the rest as it
    /// is), the tables' checksum made right again for most, so the decoder's own checks are reached.
    @Test func placesFile() throws {
        let folder = try Self.caseFolder("places")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundled = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try Gazetteer.bundledFilePath())))
        let mutator = ByteMutator(dictionary: [Array("LNTPLACE".utf8), [2, 0, 0, 0], [0xFF, 0xFF, 0xFF, 0xFF]], maximumLength: 1 << 17)
        let path = folder.appendingPathComponent("places.bin").path
        var run = FuzzRun(target: "places", seeds: [bundled]) { seed, random in
            let head = min(seed.count, 1 << 16)
            var bytes = mutator.mutate(Array(seed[..<head]), &random) + seed[head...]
            if random.chance(10) { bytes.removeLast(random.below(bytes.count)) }
            // The tables' checksum follows them: bytes 0 ..< 40 + T, T the u32 at byte 32.
            if random.chance(80), bytes.count > 40 {
                let end = 40 + (Int(bytes[32]) | Int(bytes[33]) << 8 | Int(bytes[34]) << 16 | Int(bytes[35]) << 24)
                if end + 4 <= bytes.count {
                    let crc = bytes.withUnsafeBufferPointer { CRC32.checksum(UnsafeBufferPointer(rebasing: $0[0..<end])) }
                    for i in 0..<4 { bytes[end + i] = UInt8(truncatingIfNeeded: crc >> (8 * UInt32(i))) }
                }
            }
            return bytes
        }
        run.sliceCases = 20  // each case writes the 15 MB file
        run.run { bytes in
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes)),
                  let gazetteer = try? Gazetteer(contentsOfFile: path) else { return }
            for point in [GeoPoint(latitude: 38.7, longitude: -9.1), GeoPoint(latitude: -90, longitude: 180), GeoPoint(latitude: 0, longitude: 0)] {
                _ = gazetteer.nearest(to: point)
                _ = gazetteer.places(within: 50, of: point)
            }
        }
    }
}
