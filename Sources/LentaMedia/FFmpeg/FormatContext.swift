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

    /// As `findStreamInfo()`, for the one stream that will be read: every other stream is
    /// discarded first (`AVDISCARD_ALL`), so that neither the probe nor the reading opens a
    /// decoder for it or keeps its packets (a clip of 1,000 tracks costs one).
    package func findStreamInfo(keeping index: Int) throws {
        try withContext { ctx in
            // libavformat opens a probing decoder for every stream whose parameters are not
            // all known, discarded or not (some 750 KB each for H.264): hidden from the probe
            // as streams of no codec, the others get none. Their codecs are put back after.
            var hidden: [(Int, AVCodecID)] = []
            for i in 0..<Int(ctx.pointee.nb_streams) where i != index {
                guard let stream = ctx.pointee.streams[i] else { continue }
                stream.pointee.discard = AVDISCARD_ALL
                hidden.append((i, stream.pointee.codecpar.pointee.codec_id))
                stream.pointee.codecpar.pointee.codec_id = AV_CODEC_ID_NONE
            }
            defer { for (i, codec) in hidden { ctx.pointee.streams[i]?.pointee.codecpar.pointee.codec_id = codec } }
            try check(avformat_find_stream_info(ctx, nil), "read stream info", path: path)
        }
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
