import CExif
import CFFmpeg
import CHeif
import Foundation

/// The versions of the C libraries this process runs with (not the headers it was built
/// against): what `lenta --version` reports, so a bug report names the FFmpeg that encoded.
public enum LinkedLibraries {
    public struct Library: Hashable, Sendable {
        public var name: String
        public var version: String
    }

    /// FFmpeg (its release and each library's version), libheif and libexif. Asking opens FFmpeg's
    /// libraries and libheif, which lenta otherwise opens only to read or write media.
    public static func all() -> [Library] {
        let ffmpegParts = [("libavformat", avformat_version()), ("libavcodec", avcodec_version()),
                           ("libavfilter", FilterLibrary.version), ("libavutil", avutil_version())]
            .map { "\($0.0) \($0.1.map(versionText) ?? "(cannot be opened)")" }.joined(separator: ", ")
        let ffmpeg = String(cString: av_version_info())
        let heif = String(cString: heif_get_version())
        return [
            Library(name: "FFmpeg", version: lenta_ffmpeg_load_failure().map(cannotBeOpened) ?? "\(ffmpeg) (\(ffmpegParts))"),
            Library(name: "libheif", version: lenta_heif_load_failure().map(cannotBeOpened) ?? heif),
            Library(name: "libexif", version: exifVersion()),
        ]
    }

    /// What is said in place of a version for a library the loader could not open, with its reason
    /// (CFFmpeg's and CHeif's `load_failure`: the file and dlerror's text).
    static func cannotBeOpened(_ reason: UnsafePointer<CChar>) -> String {
        "(cannot be opened: \(String(cString: reason)))"
    }

    /// FFmpeg's `AV_VERSION_INT` as `major.minor.micro`.
    static func versionText(_ packed: UInt32) -> String {
        "\(packed >> 16).\((packed >> 8) & 0xFF).\(packed & 0xFF)"
    }

    /// libexif has no version call: the shared object the process mapped names it
    /// (`libexif.so.12.3.4`, its libtool version), read from `/proc/self/maps`.
    static func exifVersion() -> String {
        let unknown = "(unknown: no libexif in /proc/self/maps)"
        // /proc files report a size of 0: read to the end rather than by the size.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps") else { return unknown }
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        guard let line = maps.split(separator: "\n").first(where: { $0.contains("/libexif.so") }),
              let slash = line.firstIndex(of: "/") else { return unknown }
        let path = String(line[slash...])
        let resolved = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? path
        return "(" + URL(fileURLWithPath: resolved).lastPathComponent + ")"
    }
}
