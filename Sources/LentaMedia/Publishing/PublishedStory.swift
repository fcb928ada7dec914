import CFFmpeg
import Foundation
import LentaCore

/// A rendered story read back from its MP4 with libavformat (the header only: the `moov` atom,
/// no frame decoded): what the stories page shows of it — its length, the tags lenta wrote
/// (`title`, `creation_time`, `com.apple.quicktime.creationdate`) and its chapters.
public struct PublishedStory: Sendable, Equatable {
    public struct Chapter: Sendable, Equatable {
        /// Seconds from the start.
        public var start: Double
        public var title: String
    }

    public var path: String
    /// Seconds, as the container says.
    public var duration: Double
    public var title: String?
    /// The first capture: the local reading with its offset when the file has it, else UTC.
    public var creationDate: LocalDateTime?
    public var chapters: [Chapter]
    public var width: Int
    public var height: Int

    /// Reads the MP4 at `path`.
    /// - Throws: `MediaError` naming the file when it cannot be opened or has no video.
    public init(path: String) throws {
        self.path = path
        let container = try FormatContext(path: path)
        let read = try container.withContext { ctx -> (Double, [String: String], [Chapter], Int, Int) in
            let duration = ctx.pointee.duration > 0 ? Double(ctx.pointee.duration) / Double(AV_TIME_BASE) : 0
            let tags = dictionaryEntries(ctx.pointee.metadata)
            var chapters: [Chapter] = []
            for i in 0..<Int(ctx.pointee.nb_chapters) {
                guard let chapter = ctx.pointee.chapters[i] else { continue }
                let title = dictionaryEntries(chapter.pointee.metadata)["title"] ?? ""
                chapters.append(Chapter(start: Double(chapter.pointee.start) * av_q2d(chapter.pointee.time_base), title: title))
            }
            var size = (0, 0)
            for i in 0..<Int(ctx.pointee.nb_streams) {
                guard let s = ctx.pointee.streams[i], s.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_VIDEO else { continue }
                size = (Int(s.pointee.codecpar.pointee.width), Int(s.pointee.codecpar.pointee.height))
                break
            }
            return (duration, tags, chapters, size.0, size.1)
        }
        guard read.3 > 0, read.4 > 0 else { throw MediaError("read story", path: path, reason: "the file has no video stream") }
        duration = read.0
        title = read.1["title"]
        creationDate = Self.localTime(read.1["com.apple.quicktime.creationdate"]) ?? Self.localTime(read.1["creation_time"])
        chapters = read.2.sorted { $0.start < $1.start }
        width = read.3
        height = read.4
    }

    /// `2024-05-03T10:12:07+0100` or `2024-05-03T09:12:07.000000Z`: the wall-clock reading.
    static func localTime(_ text: String?) -> LocalDateTime? {
        guard let text, text.count >= 19 else { return nil }
        return LocalDateTime(iso: String(text.prefix(19)))
    }

    /// Writes a frame of the story as a PNG at `posterPath` (through a temporary file; not again
    /// when its bytes would not change), the frame shown halfway through: past the title card,
    /// inside the story. Returns the frame's time in seconds.
    public func writePoster(to posterPath: String) throws -> Double {
        let reader = try VideoReader(path: path, threads: 1)
        defer { reader.close() }
        let (time, picture) = try reader.timedFrame(at: Rational(Int64((duration / 2 * 1000).rounded(.down)), 1000))
        guard case .stored(.eightBit(let frame)) = picture else {
            throw MediaError("write poster", path: path, reason: "the story has more than 8 bits per code")
        }
        let bytes = try PNGExport.pngData(frame, path: posterPath)
        // PNGs are bit-exact: an unchanged story's poster is not written again.
        if (try? Data(contentsOf: URL(fileURLWithPath: posterPath))) != Data(bytes) {
            try AtomicWrite.write(bytes, to: posterPath, what: "poster")
        }
        return time.doubleValue
    }
}
