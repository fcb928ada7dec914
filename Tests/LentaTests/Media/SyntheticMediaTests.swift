import Foundation
import LentaCore
import LentaMedia
import LentaTestSupport
import Testing

/// Checks that LentaTestSupport's synthetic files carry what they were asked to carry, as read
/// by independent tools (exiftool, ffprobe, ffmpeg), not by lenta's own readers.
@Suite("Synthetic media")
struct SyntheticMediaTests {
    static let exif: SyntheticExif = {
        var exif = SyntheticExif(
            make: "Apple", model: "iPhone 13", orientation: 6,
            dateTimeOriginal: "2024:05:03 14:22:09", subSecTimeOriginal: "253", offsetTimeOriginal: "+01:00",
            dateTimeDigitized: "2024:05:03 14:22:09", dateTime: "2024:05:03 14:22:10",
            gps: GeoPoint(latitude: 38.713912, longitude: -9.139354, altitude: -12.5),
            gpsDateStamp: "2024:05:03", gpsTimeStamp: .init(hours: 13, minutes: 22, seconds: 8.5))
        exif.offsetTime = "+01:00"
        return exif
    }()

    init() { FFmpegLogging.silence() }

    // MARK: photos

    @Test(.enabled(if: SyntheticTools.exiftool != nil), arguments: ["jpeg", "png", "heic"], [TIFFByteOrder.bigEndian, .littleEndian])
    func photoExifLands(kind: String, order: TIFFByteOrder) throws {
        let dir = try SyntheticTempDir()
        var exif = Self.exif
        exif.byteOrder = order
        let path = dir.file("photo.\(kind)")
        switch kind {
        case "jpeg": try SyntheticMedia.jpeg(width: 64, height: 48, exif: exif, to: path)
        case "png": try SyntheticMedia.png(width: 65, height: 47, exif: exif, to: path)
        default: try SyntheticMedia.heic(width: 64, height: 48, exif: exif, to: path)
        }
        let tags = try SyntheticTools.exiftoolTags(path)
        #expect(tags["File:FileType"] as? String == ["jpeg": "JPEG", "png": "PNG", "heic": "HEIC"][kind])
        #expect(tags["File:ExifByteOrder"] as? String == (order == .bigEndian ? "MM" : "II"))
        #expect(tags["IFD0:Make"] as? String == "Apple")
        #expect(tags["IFD0:Model"] as? String == "iPhone 13")
        #expect(tags["IFD0:Orientation"] as? Int == 6)
        #expect(tags["IFD0:ModifyDate"] as? String == "2024:05:03 14:22:10")
        #expect(tags["ExifIFD:DateTimeOriginal"] as? String == "2024:05:03 14:22:09")
        #expect(tags["ExifIFD:CreateDate"] as? String == "2024:05:03 14:22:09")
        #expect(tags["ExifIFD:OffsetTimeOriginal"] as? String == "+01:00")
        #expect(tags["ExifIFD:OffsetTime"] as? String == "+01:00")
        #expect(SyntheticTools.string(tags["ExifIFD:SubSecTimeOriginal"]) == "253")
        #expect(tags["GPS:GPSDateStamp"] as? String == "2024:05:03")
        #expect(tags["GPS:GPSTimeStamp"] as? String == "13:22:08.5")
        #expect(tags["GPS:GPSLatitudeRef"] as? String == "N")
        #expect(tags["GPS:GPSLongitudeRef"] as? String == "W")
        #expect(tags["GPS:GPSAltitudeRef"] as? Int == 1)
        let lat = try #require(tags["Composite:GPSLatitude"] as? Double)
        let lon = try #require(tags["Composite:GPSLongitude"] as? Double)
        let alt = try #require(tags["Composite:GPSAltitude"] as? Double)
        #expect(abs(lat - 38.713912) < 1e-5)
        #expect(abs(lon - -9.139354) < 1e-5)
        #expect(abs(alt - -12.5) < 1e-3)
        if kind == "png" {
            #expect(tags["PNG:ImageWidth"] as? Int == 65)
            #expect(try SyntheticTools.text("exiftool", ["-validate", "-warning", "-a", "-s3", path]).contains("OK"))
        }
    }

    @Test(.enabled(if: SyntheticTools.exiftool != nil))
    func photoWithoutExifHasNone() throws {
        let dir = try SyntheticTempDir()
        try SyntheticMedia.jpeg(width: 32, height: 32, exif: nil, to: dir.file("a.jpg"))
        try SyntheticMedia.png(width: 32, height: 32, exif: nil, to: dir.file("a.png"))
        for name in ["a.jpg", "a.png"] {
            let tags = try SyntheticTools.exiftoolTags(dir.file(name))
            #expect(tags["File:ExifByteOrder"] == nil)
            #expect(!tags.keys.contains { $0.hasPrefix("IFD0:") || $0.hasPrefix("ExifIFD:") })
        }
    }

    @Test(.enabled(if: SyntheticTools.exiftool != nil))
    func trapValuesAreWrittenAsGiven() throws {
        let dir = try SyntheticTempDir()
        let exif = SyntheticExif(orientation: 0, dateTimeOriginal: "0000:00:00 00:00:00", offsetTimeOriginal: "+99:99")
        try SyntheticMedia.jpeg(width: 16, height: 16, exif: exif, to: dir.file("trap.jpg"))
        let tags = try SyntheticTools.exiftoolTags(dir.file("trap.jpg"))
        #expect(tags["IFD0:Orientation"] as? Int == 0)
        #expect(tags["ExifIFD:DateTimeOriginal"] as? String == "0000:00:00 00:00:00")
        #expect(tags["ExifIFD:OffsetTimeOriginal"] as? String == "+99:99")
        #expect(tags["GPS:GPSVersionID"] == nil)
    }

    @Test(.enabled(if: SyntheticTools.exiftool != nil))
    func heicTransformIsWrittenAsIrot() throws {
        let dir = try SyntheticTempDir()
        let path = dir.file("turned.heic")
        try SyntheticMedia.heic(width: 64, height: 48, exif: SyntheticExif(orientation: 6),
                                options: SyntheticHEICOptions(transform: 6, exifHeader: false), to: path)
        let tags = try SyntheticTools.exiftoolTags(path)
        #expect(tags["File:ImageWidth"] as? Int == 48)
        #expect(tags["File:ImageHeight"] as? Int == 64)
        #expect(tags["QuickTime:Rotation"] as? Int == 270)  // irot counts anticlockwise
        #expect(tags["IFD0:Orientation"] as? Int == 6)
    }

    @Test func jpegPixelsFollowThePattern() throws {
        let dir = try SyntheticTempDir()
        let path = dir.file("p.jpg")
        try SyntheticMedia.jpeg(width: 64, height: 48, exif: nil, to: path)
        let rgb = try SyntheticTools.decodeRGB(path, width: 64, height: 48)
        // The red marker in the stored top-left corner, the gradient elsewhere.
        let marker = rgb.pixel(2, 2)
        #expect(marker.r > 200 && marker.g < 60 && marker.b < 60)
        for (x, y) in [(40, 30), (60, 10), (20, 40)] {
            let want = SyntheticPattern.rgb(x: x, y: y, width: 64, height: 48)
            let got = rgb.pixel(x, y)
            #expect(abs(Int(got.r) - Int(want.r)) < 40 && abs(Int(got.g) - Int(want.g)) < 40, "pixel \(x),\(y)")
        }
    }

    @Test func badInputThrows() throws {
        let dir = try SyntheticTempDir()
        #expect(throws: MediaError.self) {
            try SyntheticMedia.jpeg(width: 16, height: 16, exif: SyntheticExif(gps: GeoPoint(latitude: .nan, longitude: 0)), to: dir.file("a.jpg"))
        }
        #expect(throws: MediaError.self) {
            try SyntheticMedia.jpeg(width: 16, height: 16, exif: SyntheticExif(orientation: 70_000), to: dir.file("b.jpg"))
        }
        #expect(throws: MediaError.self) {
            try SyntheticMedia.png(width: 0, height: 16, exif: nil, to: dir.file("c.png"))
        }
        #expect(throws: MediaError.self) {
            try SyntheticMedia.video(SyntheticVideo(width: 63, height: 48), to: dir.file("d.mp4"))
        }
        #expect(throws: MediaError.self) {
            try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, seconds: 0.2), to: dir.file("no/such/dir/e.mp4"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "no partial files left behind")
    }

    // MARK: video

    @Test(.enabled(if: SyntheticTools.exiftool != nil))
    func movWithRotationDateLocationAndSound() throws {
        let dir = try SyntheticTempDir()
        let path = dir.file("clip.mov")
        let spec = SyntheticVideo(
            width: 64, height: 48, frameRate: 30, seconds: 1, container: .mov, rotation: -90,
            creationTime: "2024-05-03T12:00:00.000000Z", location: GeoPoint(latitude: 38.7139, longitude: -9.1394),
            metadata: ["date": "2024-05-03T14:00:00+0200"], withAudio: true)
        try SyntheticMedia.video(spec, to: path)

        let probe = try SyntheticTools.ffprobe(path)
        let format = try #require(probe["format"] as? [String: Any])
        let formatTags = try #require(format["tags"] as? [String: Any])
        #expect(formatTags["creation_time"] as? String == "2024-05-03T12:00:00.000000Z")
        #expect(formatTags["location"] as? String == "+38.7139-009.1394/")
        #expect(formatTags["date"] as? String == "2024-05-03T14:00:00+0200")
        let streams = try #require(probe["streams"] as? [[String: Any]])
        let video = try #require(streams.first { $0["codec_type"] as? String == "video" })
        #expect(video["codec_name"] as? String == "h264")
        #expect(video["width"] as? Int == 64 && video["height"] as? Int == 48)
        #expect(video["nb_read_frames"] as? String == "30")
        #expect(SyntheticTools.rotation(video) == -90)
        #expect(abs((Double(format["duration"] as? String ?? "") ?? 0) - 1.0) < 0.05)
        let audio = try #require(streams.first { $0["codec_type"] as? String == "audio" })
        #expect(audio["codec_name"] as? String == "aac")
        #expect(audio["sample_rate"] as? String == "48000")
        #expect(audio["channels"] as? Int == 2)

        let tags = try SyntheticTools.exiftoolTags(path)
        #expect(tags["QuickTime:CreateDate"] as? String == "2024:05:03 12:00:00")
        #expect(tags["UserData:GPSCoordinates"] != nil, "©xyz in udta")
        #expect(tags["UserData:ContentCreateDate"] as? String == "2024:05:03 14:00:00+02:00", "©day in udta")
        #expect(abs((tags["Composite:GPSLatitude"] as? Double ?? 0) - 38.7139) < 1e-5)
        #expect(abs((tags["Composite:GPSLongitude"] as? Double ?? 0) - -9.1394) < 1e-5)
    }

    @Test(.enabled(if: SyntheticTools.exiftool != nil))
    func mp4WithAppleKeysAndVariableFrameRate() throws {
        let dir = try SyntheticTempDir()
        let path = dir.file("vfr.mp4")
        let spec = SyntheticVideo(
            width: 64, height: 48, frameRate: 30, seconds: 2, container: .mp4, rotation: 90,
            creationTime: "2024-05-03T12:00:00.000000Z", appleCreationDate: "2024-05-03T14:00:00+0200",
            appleLocation: GeoPoint(latitude: 38.7139, longitude: -9.1394, altitude: 12), variableFrameRate: true)
        #expect(spec.frameCount == 18)
        #expect(abs(spec.duration - 2.1) < 1e-9)
        try SyntheticMedia.video(spec, to: path)

        let probe = try SyntheticTools.ffprobe(path)
        let formatTags = try #require((probe["format"] as? [String: Any])?["tags"] as? [String: Any])
        #expect(formatTags["com.apple.quicktime.creationdate"] as? String == "2024-05-03T14:00:00+0200")
        #expect(formatTags["com.apple.quicktime.location.ISO6709"] as? String == "+38.7139-009.1394+012.000/")
        #expect(formatTags["creation_time"] as? String == "2024-05-03T12:00:00.000000Z")
        let streams = try #require(probe["streams"] as? [[String: Any]])
        #expect(streams.count == 1)
        let video = try #require(streams.first)
        #expect(SyntheticTools.rotation(video) == 90)
        #expect(video["nb_read_frames"] as? String == "18")

        // Frame start times, from the presentation timestamps, alternate 1/30 s and 1/5 s.
        let starts = try SyntheticTools.videoPTS(path)
        #expect(starts.count == spec.frameCount)
        for (got, want) in zip(starts, spec.frameStartTimes) { #expect(abs(got - want) < 1e-3) }
        let gaps = zip(starts.dropFirst(), starts).map { $0 - $1 }
        #expect(gaps.enumerated().allSatisfy { abs($1 - ($0 % 2 == 0 ? 1.0 / 30 : 0.2)) < 1e-3 })

        let tags = try SyntheticTools.exiftoolTags(path)
        #expect(tags["Keys:CreationDate"] as? String == "2024:05:03 14:00:00+02:00")
        #expect(tags["Keys:GPSCoordinates"] != nil)
    }

    @Test func mp4LocationIsWrittenAsLoci() throws {
        let dir = try SyntheticTempDir()
        let path = dir.file("loci.mp4")
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, seconds: 0.5, container: .mp4,
                                                location: GeoPoint(latitude: -33.8568, longitude: 151.2153)), to: path)
        let formatTags = try #require((try SyntheticTools.ffprobe(path)["format"] as? [String: Any])?["tags"] as? [String: Any])
        // Read back from the 3GPP loci box, whose 16.16 fixed point ffprobe prints with 4 decimals.
        #expect(formatTags["location"] as? String == "-33.8568+151.2153/")
    }

    @Test(arguments: [SyntheticVideo.Codec.hevc, .mpeg4])
    func otherCodecs(codec: SyntheticVideo.Codec) throws {
        let dir = try SyntheticTempDir()
        let path = dir.file("c.mov")
        try SyntheticMedia.video(SyntheticVideo(width: 64, height: 48, frameRate: 25, seconds: 0.4, container: .mov,
                                                codec: codec, rotation: 180), to: path)
        let video = try #require((try SyntheticTools.ffprobe(path)["streams"] as? [[String: Any]])?.first)
        #expect(video["codec_name"] as? String == (codec == .hevc ? "hevc" : "mpeg4"))
        if codec == .hevc { #expect(video["codec_tag_string"] as? String == "hvc1") }
        #expect(video["nb_read_frames"] as? String == "10")
        #expect(abs(SyntheticTools.rotation(video) ?? 0) == 180)
    }

    @Test func framesCarryTheirIndex() throws {
        let dir = try SyntheticTempDir()
        let path = dir.file("count.mp4")
        let spec = SyntheticVideo(width: 160, height: 96, frameRate: 30, seconds: 0.5)
        try SyntheticMedia.video(spec, to: path)
        let gray = try SyntheticTools.run("ffmpeg", ["-v", "error", "-noautorotate", "-i", path, "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        let frameBytes = spec.width * spec.height
        #expect(gray.count == frameBytes * spec.frameCount)
        for i in 0..<spec.frameCount where (i + 1) * frameBytes <= gray.count {
            let base = i * frameBytes
            let index = SyntheticPattern.frameIndex(luma: { x, y in gray[base + y * spec.width + x] },
                                                    width: spec.width, height: spec.height)
            #expect(index == i)
        }
    }

    @Test func sameSpecSameBytes() throws {
        let dir = try SyntheticTempDir()
        let spec = SyntheticVideo(width: 64, height: 48, seconds: 0.5, withAudio: true)
        try SyntheticMedia.video(spec, to: dir.file("a.mp4"))
        try SyntheticMedia.video(spec, to: dir.file("b.mp4"))
        try SyntheticMedia.heic(width: 64, height: 48, exif: Self.exif, to: dir.file("a.heic"))
        try SyntheticMedia.heic(width: 64, height: 48, exif: Self.exif, to: dir.file("b.heic"))
        for ext in ["mp4", "heic"] {
            let a = FileManager.default.contents(atPath: dir.file("a.\(ext)"))
            #expect(a != nil && a == FileManager.default.contents(atPath: dir.file("b.\(ext)")), "\(ext)")
        }
    }

    @Test func tiffLayoutIsWellFormed() throws {
        let tiff = try Self.exif.tiffBytes()
        #expect(Array(tiff.prefix(8)) == [0x4D, 0x4D, 0, 42, 0, 0, 0, 8])
        var le = Self.exif
        le.byteOrder = .littleEndian
        #expect(Array(try le.tiffBytes().prefix(8)) == [0x49, 0x49, 42, 0, 8, 0, 0, 0])
        #expect(try le.tiffBytes().count == tiff.count)
        #expect(Array(try Self.exif.app1Payload().prefix(6)) == Array("Exif".utf8) + [0, 0])
        #expect(ISO6709Text.format(GeoPoint(latitude: 5.5, longitude: -0.25, altitude: -3)) == "+05.5000-000.2500-003.000/")
    }
}

// MARK: - helpers (file-private: the test module is shared)

/// A temporary folder removed when the value goes away.
private final class SyntheticTempDir {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("lenta-synthetic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
}

private struct DecodedRGB {
    let bytes: [UInt8], width: Int
    func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * width + x) * 3
        return (bytes[i], bytes[i + 1], bytes[i + 2])
    }
}

private enum SyntheticTools {
    static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static let exiftool = which("exiftool")

    struct Failure: Error, CustomStringConvertible { let description: String }

    static func run(_ tool: String, _ arguments: [String]) throws -> [UInt8] {
        guard let executable = which(tool) else { throw Failure(description: "\(tool) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(tool) \(arguments) failed: \(String(decoding: errors, as: UTF8.self))")
        }
        return [UInt8](data)
    }

    static func text(_ tool: String, _ arguments: [String]) throws -> String {
        String(decoding: try run(tool, arguments), as: UTF8.self)
    }

    static func json(_ bytes: [UInt8]) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(bytes))
    }

    /// exiftool's tags with group prefixes (`IFD0:Make`), numbers as numbers (`-n`).
    static func exiftoolTags(_ path: String) throws -> [String: Any] {
        let list = try json(try run("exiftool", ["-json", "-n", "-a", "-G1", path])) as? [[String: Any]]
        return list?.first ?? [:]
    }

    static func ffprobe(_ path: String) throws -> [String: Any] {
        let bytes: [UInt8] = try run("ffprobe", ["-v", "error", "-of", "json", "-count_frames", "-show_format", "-show_streams", path])
        return try json(bytes) as? [String: Any] ?? [:]
    }

    /// Presentation times of the video frames, in order.
    static func videoPTS(_ path: String) throws -> [Double] {
        let bytes: [UInt8] = try run("ffprobe", ["-v", "error", "-of", "json", "-select_streams", "v:0",
                                                 "-show_entries", "packet=pts_time", path])
        let packets = (try json(bytes) as? [String: Any])?["packets"] as? [[String: Any]] ?? []
        return packets.compactMap { ($0["pts_time"] as? String).flatMap(Double.init) }.sorted()
    }

    /// The display-matrix rotation ffprobe reports for a stream.
    static func rotation(_ stream: [String: Any]) -> Int? {
        let sideData = stream["side_data_list"] as? [[String: Any]] ?? []
        return sideData.compactMap { $0["rotation"] as? Int }.first
    }

    static func decodeRGB(_ path: String, width: Int, height: Int) throws -> DecodedRGB {
        let bytes: [UInt8] = try run("ffmpeg", ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        guard bytes.count == width * height * 3 else {
            throw Failure(description: "decoded \(bytes.count) bytes, expected \(width * height * 3)")
        }
        return DecodedRGB(bytes: bytes, width: width)
    }

    /// exiftool prints some texts that look like numbers as numbers.
    static func string(_ value: Any?) -> String? {
        switch value {
        case let s as String: return s
        case let n as Int: return String(n)
        default: return nil
        }
    }
}
