import CFFmpeg

/// An output `AVFormatContext` with its `AVIOContext`, owned here: `deinit` closes the file if it
/// is still open and frees the context (doc/examples/mux.c's cleanup).
final class MuxerContext {
    private let context: UnsafeMutablePointer<AVFormatContext>
    /// The file written (a temporary name).
    let path: String
    /// The name used in messages (the final name).
    let reportedPath: String
    private var headerWritten = false
    private var fileOpen = false
    private var streamTimeBases: [AVRational] = []

    init(format: String, path: String, reportedPath: String) throws {
        self.path = path
        self.reportedPath = reportedPath
        var made: UnsafeMutablePointer<AVFormatContext>? = nil
        let status = avformat_alloc_output_context2(&made, nil, format, path)
        guard status >= 0, let made else {
            throw MediaWriteError("create \(format) muxer", path: reportedPath, reason: avErrorText(status < 0 ? status : lenta_averror(ENOMEM)))
        }
        context = made
    }

    deinit {
        if fileOpen { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
    }

    var needsGlobalHeader: Bool { context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

    /// Adds a stream for an opened encoder; returns its index.
    func addStream(for encoder: EncoderContext) throws -> Int {
        guard let stream = avformat_new_stream(context, nil) else {
            throw MediaWriteError("add stream", path: reportedPath, reason: "out of memory")
        }
        stream.pointee.time_base = encoder.pointer.pointee.time_base
        let status = avcodec_parameters_from_context(stream.pointee.codecpar, encoder.pointer)
        if status < 0 { throw MediaWriteError("copy \(encoder.name) parameters to the stream", path: reportedPath, reason: avErrorText(status)) }
        if encoder.pointer.pointee.codec_type == AVMEDIA_TYPE_VIDEO {
            stream.pointee.avg_frame_rate = encoder.pointer.pointee.framerate
        }
        streamTimeBases.append(stream.pointee.time_base)
        return Int(stream.pointee.index)
    }

    /// Sets a stream's codec tag (`hvc1` for HEVC, so Apple's players take it); before the header.
    func setCodecTag(_ tag: String, stream: Int) {
        let bytes = Array(tag.utf8)
        guard bytes.count == 4, stream < Int(context.pointee.nb_streams), let s = context.pointee.streams[stream] else { return }
        s.pointee.codecpar.pointee.codec_tag = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    }

    /// Container tags (`title`, `creation_time`, `location`…); before the header.
    func setMetadata(_ tags: [(key: String, value: String)]) {
        for (key, value) in tags { av_dict_set(&context.pointee.metadata, key, value, 0) }
    }

    /// Chapters, `[start, end)` in `timeBase` units, each with its title; before the header.
    /// They are `AVChapter`s of the context, freed with it by `avformat_free_context`.
    func setChapters(_ chapters: [(start: Int64, end: Int64, title: String)], timeBase: AVRational) throws {
        guard !chapters.isEmpty else { return }
        let size = MemoryLayout<UnsafeMutablePointer<AVChapter>?>.stride
        guard let raw = av_mallocz(chapters.count * size) else {
            throw MediaWriteError("add chapters", path: reportedPath, reason: "out of memory")
        }
        let list = raw.bindMemory(to: UnsafeMutablePointer<AVChapter>?.self, capacity: chapters.count)
        // Hand the list to the context at once, so every chapter made is freed with it.
        context.pointee.chapters = list
        for (k, chapter) in chapters.enumerated() {
            guard let made = av_mallocz(MemoryLayout<AVChapter>.stride)?.bindMemory(to: AVChapter.self, capacity: 1) else {
                throw MediaWriteError("add chapters", path: reportedPath, reason: "out of memory")
            }
            made.pointee.id = Int64(k + 1)
            made.pointee.time_base = timeBase
            made.pointee.start = chapter.start
            made.pointee.end = chapter.end
            av_dict_set(&made.pointee.metadata, "title", chapter.title, 0)
            list[k] = made
            context.pointee.nb_chapters = UInt32(k + 1)
        }
    }

    /// Adds HDR mastering display and content light level metadata to a video stream (the MP4
    /// muxer writes them as `mdcv` and `clli` boxes).
    func addHDRMetadata(stream index: Int) throws {
        guard let stream = context.pointee.streams[index] else { return }
        guard let mastering = av_mastering_display_metadata_alloc() else {
            throw MediaWriteError("allocate HDR metadata", path: reportedPath, reason: "out of memory")
        }
        let p = HDRMetadata.primaries
        mastering.pointee.display_primaries = (
            (av_make_q(Int32(p[0].x * 50000), 50000), av_make_q(Int32(p[0].y * 50000), 50000)),
            (av_make_q(Int32(p[1].x * 50000), 50000), av_make_q(Int32(p[1].y * 50000), 50000)),
            (av_make_q(Int32(p[2].x * 50000), 50000), av_make_q(Int32(p[2].y * 50000), 50000)))
        mastering.pointee.white_point = (av_make_q(Int32(p[3].x * 50000), 50000), av_make_q(Int32(p[3].y * 50000), 50000))
        mastering.pointee.max_luminance = av_make_q(Int32(HDRMetadata.maxLuminance), 1)
        mastering.pointee.min_luminance = av_make_q(1, 10000)
        mastering.pointee.has_primaries = 1
        mastering.pointee.has_luminance = 1
        var status = av_stream_add_side_data(stream, AV_PKT_DATA_MASTERING_DISPLAY_METADATA, UnsafeMutableRawPointer(mastering)
            .assumingMemoryBound(to: UInt8.self), MemoryLayout<AVMasteringDisplayMetadata>.size)
        if status < 0 {
            av_free(mastering)
            throw MediaWriteError("add mastering display metadata", path: reportedPath, reason: avErrorText(status))
        }
        var size = 0
        guard let light = av_content_light_metadata_alloc(&size) else {
            throw MediaWriteError("allocate HDR metadata", path: reportedPath, reason: "out of memory")
        }
        light.pointee.MaxCLL = UInt32(HDRMetadata.maxCLL)
        light.pointee.MaxFALL = UInt32(HDRMetadata.maxFALL)
        status = av_stream_add_side_data(stream, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, UnsafeMutableRawPointer(light)
            .assumingMemoryBound(to: UInt8.self), size)
        if status < 0 {
            av_free(light)
            throw MediaWriteError("add content light level metadata", path: reportedPath, reason: avErrorText(status))
        }
    }

    /// Opens the file and writes the header with muxer `options` (e.g. movflags).
    func writeHeader(options: [(String, String)]) throws {
        var status = avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE)
        if status < 0 { throw MediaWriteError("open output", path: reportedPath, reason: avErrorText(status)) }
        fileOpen = true
        var dictionary: OpaquePointer? = nil
        defer { av_dict_free(&dictionary) }
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        status = avformat_write_header(context, &dictionary)
        if status < 0 { throw MediaWriteError("write header", path: reportedPath, reason: avErrorText(status)) }
        if av_dict_count(dictionary) > 0 {
            let unused = dictionaryEntries(dictionary).keys.sorted().joined(separator: ", ")
            throw MediaWriteError("write header", path: reportedPath, reason: "the muxer did not take options \(unused)")
        }
        headerWritten = true
        // The muxer may have changed the time bases.
        streamTimeBases = (0..<Int(context.pointee.nb_streams)).map { context.pointee.streams[$0]?.pointee.time_base ?? AVRational(num: 1, den: 1) }
    }

    /// Rescales an encoder's packet to the stream's time base and hands it to the interleaver.
    func write(_ packet: CodecPacket, from encoder: EncoderContext, stream: Int) throws {
        av_packet_rescale_ts(packet.pointer, encoder.pointer.pointee.time_base, streamTimeBases[stream])
        packet.pointer.pointee.stream_index = Int32(stream)
        let status = av_interleaved_write_frame(context, packet.pointer)
        if status < 0 { throw MediaWriteError("write packet", path: reportedPath, reason: avErrorText(status)) }
    }

    /// Writes the trailer (the `moov` atom; with +faststart, moved to the front) and closes the file.
    func finish() throws {
        guard headerWritten else { throw MediaWriteError("write trailer", path: reportedPath, reason: "no header was written") }
        let status = av_write_trailer(context)
        if status < 0 { throw MediaWriteError("write trailer", path: reportedPath, reason: avErrorText(status)) }
        fileOpen = false
        let closed = avio_closep(&context.pointee.pb)
        if closed < 0 { throw MediaWriteError("close output", path: reportedPath, reason: avErrorText(closed)) }
    }
}
