import Foundation
import LentaCore
import LentaMedia

/// A picture written the way a phone stores it: a 4032×3024 JPEG with make, model, the date
/// taken and a 160×120 EXIF thumbnail (a Pixel's, as bench/scan writes its phone library), or a
/// 4032×3024 HEIC with its own 320×240 thumbnail (an iPhone's) and EXIF. The scan measures such a
/// JPEG on its thumbnail, not on its pixels: what the document tests measure on thumbnail-less
/// pictures must hold for these too. Written with ImageMagick, exiftool and libheif's `heif-enc`
/// (x265), all in the Makefile's Debian packages.
public enum PhoneWrittenPhoto {
    public enum Format: String, Sendable, CaseIterable {
        case jpeg, heic
        public var fileExtension: String { self == .jpeg ? "jpg" : "heic" }
    }

    public static let exiftool = ["/usr/bin/exiftool", "/usr/local/bin/exiftool"].first { FileManager.default.isExecutableFile(atPath: $0) }
    public static let heifEncoder = ["/usr/bin/heif-enc", "/usr/local/bin/heif-enc"].first { FileManager.default.isExecutableFile(atPath: $0) }
    /// Whether both formats can be written here.
    public static var canWrite: Bool { exiftool != nil && heifEncoder != nil }

    /// Writes the picture at `source` to `path` in `format`, taken at `date` ("2024:05:05 10:07:00").
    /// `work` is a folder for intermediate files on the same file system as `path`.
    public static func write(_ format: Format, from source: String, to path: String, date: String,
                             make: String? = nil, model: String? = nil, work: URL) throws {
        switch format {
        case .jpeg: try jpeg(from: source, to: path, date: date, make: make ?? "Google", model: model ?? "Pixel 7", work: work)
        case .heic: try heic(from: source, to: path, date: date, make: make ?? "Apple", model: model ?? "iPhone 13", work: work)
        }
    }

    /// A 4032×3024 JPEG (quality 90) with make, model, date and a 160×120 EXIF thumbnail.
    public static func jpeg(from source: String, to path: String, date: String, make: String, model: String, work: URL) throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let thumbnail = work.appendingPathComponent("thumbnail-\(name)").path
        let photo = work.appendingPathComponent(name).path
        try PhotographedDocument.convert([source, "-auto-orient", "-resize", "4032x3024!", "-quality", "90", photo])
        try PhotographedDocument.convert([source, "-auto-orient", "-resize", "160x120!", "-quality", "75", thumbnail])
        try tag(photo, ["-Make=\(make)", "-Model=\(model)", "-DateTimeOriginal=\(date)", "-ThumbnailImage<=\(thumbnail)"])
        try AtomicWrite.moveIntoPlace(photo, path)
    }

    /// A 4032×3024 HEIC (x265 at quality 80, its fastest preset: a test library of them is written
    /// in minutes, not an hour) with a 320×240 thumbnail and EXIF make, model and date.
    public static func heic(from source: String, to path: String, date: String, make: String, model: String, work: URL) throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let pixels = work.appendingPathComponent("\(name).jpg").path, photo = work.appendingPathComponent(name).path
        try PhotographedDocument.convert([source, "-auto-orient", "-resize", "4032x3024!", "-quality", "95", pixels])
        // heif-enc copies the JPEG's EXIF into the HEIC.
        try tag(pixels, ["-Make=\(make)", "-Model=\(model)", "-DateTimeOriginal=\(date)"])
        let encoder = URL(fileURLWithPath: try required(heifEncoder, "heif-enc"))
        let encoded = try LentaCLI.runTool(encoder, ["-q", "80", "-p", "preset=ultrafast", "-t", "320", "-o", photo, pixels])
        guard encoded.status == 0 else { throw failure("heif-enc", path, encoded.stderr) }
        try AtomicWrite.moveIntoPlace(photo, path)
    }

    /// exiftool with every tag the picture had removed first, then `tags`.
    static func tag(_ path: String, _ tags: [String]) throws {
        let tool = URL(fileURLWithPath: try required(exiftool, "exiftool"))
        let written = try LentaCLI.runTool(tool, ["-q", "-overwrite_original", "-all="] + tags + [path])
        guard written.status == 0 else { throw failure("exiftool", path, written.stderr) }
    }

    static func required(_ tool: String?, _ name: String) throws -> String {
        guard let tool else { throw MediaError("write phone photo", path: name, reason: "\(name) is not installed (make deps)") }
        return tool
    }

    static func failure(_ tool: String, _ path: String, _ message: String) -> MediaError {
        MediaError("write phone photo", path: path, reason: "\(tool) failed: \(message)")
    }
}
