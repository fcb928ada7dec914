import Foundation
import LentaMedia
import LentaTestSupport
import Testing

/// FFmpeg's libraries, libheif and aubio are opened on the first call of one of their functions
/// (CFFmpeg, CHeif, CAubio), not at every start: what the dynamic loader reports opening
/// (`LD_DEBUG=files`) for commands that need them and for those that do not, and what a user sees
/// when one cannot be opened (a fake of it first on `LD_LIBRARY_PATH`).
@Suite struct LibraryOpeningTests {
    init() { FFmpegLogging.silence() }  // the test files are written in this process

    /// The media libraries the loader opened while `lenta arguments` ran (any of their sonames).
    static func mediaLibrariesOpened(_ arguments: [String], in folder: URL? = nil) throws -> (Set<String>, LentaCLI.Result) {
        let result = try LentaCLI.run(arguments, environment: ["LD_DEBUG": "files"], in: folder)
        let names = ["libavformat", "libavcodec", "libavutil", "libswscale", "libswresample", "libheif", "libaubio"]
        var opened = Set<String>()
        for line in result.stderr.split(separator: "\n") where line.contains("file=") {
            for name in names where line.contains("file=\(name).so") { opened.insert(name) }
        }
        return (opened, result)
    }

    /// New folders named `names` in `temp`, their paths.
    static func folders(_ names: String..., in temp: TemporaryFolder) throws -> [String] {
        try names.map { name in
            try FileManager.default.createDirectory(atPath: temp.path(name), withIntermediateDirectories: true)
            return temp.path(name)
        }
    }

    /// A short clip (`clip.mp4`) into `clipFolder`, a small HEIC (`photo.heic`) into `heicFolder`.
    static func writeClipAndHEIC(clipFolder: String, heicFolder: String) throws {
        try SyntheticMedia.video(SyntheticVideo(width: 160, height: 120, frameRate: 10, seconds: 0.5), to: clipFolder + "/clip.mp4")
        try SyntheticMedia.heic(width: 64, height: 48, exif: SyntheticExif(dateTimeOriginal: "2024:05:03 11:00:00"), to: heicFolder + "/photo.heic")
    }

    @Test("--help, an empty folder's scan and a scan of JPEGs open no FFmpeg, libheif or aubio")
    func commandsWithoutMediaOpenNone() throws {
        let temp = try TemporaryFolder()
        let made = try Self.folders("photos", "empty", in: temp)
        let (photos, empty) = (made[0], made[1])
        try SyntheticMedia.jpeg(width: 320, height: 240, exif: SyntheticExif(dateTimeOriginal: "2024:05:03 10:00:00"), to: photos + "/a.jpg")
        for arguments in [["--help"], ["scan", "--catalog", temp.path("e.sqlite"), empty], ["scan", "--catalog", temp.path("p.sqlite"), photos]] {
            let (opened, result) = try Self.mediaLibrariesOpened(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr.suffix(2000))")
            #expect(opened.isEmpty, "lenta \(arguments.joined(separator: " ")) opened \(opened.sorted())")
        }
    }

    @Test("a scan that meets a clip opens FFmpeg, one that meets a HEIC libheif, and reads them")
    func mediaOpenTheirLibraries() throws {
        let temp = try TemporaryFolder()
        let made = try Self.folders("clips", "heics", in: temp)
        let (clips, heics) = (made[0], made[1])
        try Self.writeClipAndHEIC(clipFolder: clips, heicFolder: heics)
        let (forClip, clipScan) = try Self.mediaLibrariesOpened(["scan", "--catalog", temp.path("c.sqlite"), clips])
        #expect(clipScan.status == 0 && clipScan.stdout.contains("new 1 ·") && clipScan.stdout.contains("unreadable 0"),
                "\(clipScan.stdout) \(clipScan.stderr.suffix(2000))")
        #expect(forClip.isSuperset(of: ["libavformat", "libavcodec", "libavutil"]) && !forClip.contains("libheif"), "\(forClip.sorted())")
        let (forPhoto, photoScan) = try Self.mediaLibrariesOpened(["scan", "--catalog", temp.path("h.sqlite"), heics])
        #expect(photoScan.status == 0 && photoScan.stdout.contains("new 1 ·") && photoScan.stdout.contains("unreadable 0"),
                "\(photoScan.stdout) \(photoScan.stderr.suffix(2000))")
        #expect(forPhoto.contains("libheif"), "\(forPhoto.sorted())")
    }

    @Test("a library that cannot be opened: each file needing it is named with the reason, the rest is scanned")
    func unopenableLibraryIsAnErrorPerFile() throws {
        let temp = try TemporaryFolder()
        let made = try Self.folders("media", "fakes", in: temp)
        let (media, fakes) = (made[0], made[1])
        try Self.writeClipAndHEIC(clipFolder: media, heicFolder: media)
        try SyntheticMedia.jpeg(width: 320, height: 240, exif: SyntheticExif(dateTimeOriginal: "2024:05:03 10:00:00"), to: media + "/a.jpg")
        // Not a shared object: dlopen fails on it ("file too short"), as on a missing or broken package.
        for soname in ["libavformat.so.59", "libheif.so.1"] {
            try Data("not a library".utf8).write(to: URL(fileURLWithPath: fakes + "/" + soname))
        }
        let scan = try LentaCLI.run(["scan", "--catalog", temp.path("c.sqlite"), media], environment: ["LD_LIBRARY_PATH": fakes])
        let output = scan.stdout + scan.stderr
        let lines = output.split(separator: "\n")
        #expect(scan.status == 0, "\(output)")
        #expect(lines.contains { $0.contains("clip.mp4") && $0.contains("cannot open FFmpeg") && $0.contains("libavformat.so.59") }, "\(output)")
        #expect(lines.contains { $0.contains("photo.heic") && $0.contains("cannot open libheif") && $0.contains("libheif.so.1") }, "\(output)")
        #expect(output.contains("new 1 ·") && output.contains("unreadable 2"), "the JPEG is still scanned: \(output)")

        let version = try LentaCLI.run(["--version"], environment: ["LD_LIBRARY_PATH": fakes])
        #expect(version.status == 0)
        #expect(version.stdout.contains("FFmpeg (cannot be opened: ") && version.stdout.contains("libheif (cannot be opened: "), "\(version.stdout)")
    }
}
