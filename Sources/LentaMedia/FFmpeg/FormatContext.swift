import CFFmpeg
import LentaCore

/// An opened media container (`AVFormatContext`), owned here and closed in `deinit`.
package final class FormatContext {
    private var context: UnsafeMutablePointer<AVFormatContext>?
    package let path: String

    /// Opens the container and reads its header (for MP4/MOV: the whole `moov` atom), without
    /// decoding any frame.
    package convenience init(path: String) throws {
        try self.init(url: path, name: path)
    }

    /// Opens a source: a whole file, or a byte range of one through libavformat's `subfile`
    /// protocol (the range is read in place, as if it were the file). Messages name `source`.
    package convenience init(source: MediaSource) throws {
        try self.init(url: source.ffmpegURL, name: source.description)
    }

    private init(url: String, name path: String) throws {
        self.path = path
        ContainerOpens.record(path)
        var opened: UnsafeMutablePointer<AVFormatContext>? = nil
        let status = FilePathBytes.withCString(url) { avformat_open_input(&opened, $0, nil, nil) }
        guard status >= 0, let opened else {
            throw MediaError("open container", path: path, ffmpeg: status)
        }
        context = opened
    }

    deinit { avformat_close_input(&context) }

    /// Runs `body` with the open context; the pointer must not escape it.
    package func withContext<T>(_ body: (UnsafeMutablePointer<AVFormatContext>) throws -> T) throws -> T {
        guard let context else { throw MediaError("use container", path: path, reason: "already closed") }
        return try body(context)
    }

    /// Decodes a little of each stream to fill in what the header left out.
    package func findStreamInfo() throws {
        try withContext { ctx in
            let status = avformat_find_stream_info(ctx, nil)
            try check(status, "read stream info", path: path)
        }
    }
}

extension MediaSource {
    /// What libavformat opens: the path, or `subfile,,start,S,end,E,,:path` for a byte range.
    var ffmpegURL: String {
        let file = path.hasPrefix("/") ? path : "file:" + path
        guard let range = byteRange else { return file }
        return "subfile,,start,\(range.lowerBound),end,\(range.upperBound),,:" + file
    }
}

/// The text tags of an `AVDictionary`, copied out.
package func dictionaryEntries(_ dictionary: OpaquePointer?) -> [String: String] {
    var result: [String: String] = [:]
    var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
    while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
        if let key = next.pointee.key, let value = next.pointee.value {
            result[String(cString: key)] = String(cString: value)
        }
        entry = next
    }
    return result
}
