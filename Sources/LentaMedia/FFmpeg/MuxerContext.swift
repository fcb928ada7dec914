import CFFmpeg

/// An output `AVFormatContext` with its `AVIOContext`, owned here: `deinit` closes the file if it
/// is still open and frees the context (doc/examples/mux.c's cleanup).
package final class MuxerContext {
    private let context: UnsafeMutablePointer<AVFormatContext>
    /// The file written (a temporary name).
    package let path: String
    /// The name used in messages (the final name).
    package let reportedPath: String
    private var headerWritten = false
    private var fileOpen = false
    private var streamTimeBases: [AVRational] = []
    /// Packets written to each stream.
    private var packetCounts: [Int] = []
    /// Bytes kept for the index in front of the media (`writeHeader(indexRoom:)`); 0: none.
    private var keptIndexRoom = 0
    /// Whether the header's options asked for the index in front (`+faststart`).
    private var indexFirst = false
    /// Hands what is written to the disk as the file grows (`WriteBehind`).
    private var writeBehind: WriteBehind?
    /// Where the index went when the file was finished.
    package private(set) var indexPlacement: IndexPlacement?

    /// Where `finish()` put the index.
    package enum IndexPlacement: Equatable {
        /// In the room kept in front of the media: written once, nothing moved.
        case inRoom
        /// Moved to the front by `+faststart`'s second pass (no room was kept, or it was too small).
        case shifted
        /// After the media (no `+faststart`, no room).
        case atEnd
    }

    /// A muxer chosen by name ("mp4", "mov"), writing to `path`.
    package init(format: String, path: String, reportedPath: String) throws {
        self.path = path
        self.reportedPath = reportedPath
        var made: UnsafeMutablePointer<AVFormatContext>? = nil
        let status = avformat_alloc_output_context2(&made, nil, format, path)
        guard status >= 0, let made else {
            throw MediaError("create \(format) muxer", path: reportedPath, ffmpeg: status < 0 ? status : lenta_averror(ENOMEM))
        }
        context = made
    }

    deinit {
        if fileOpen { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
    }

    package var needsGlobalHeader: Bool { context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }
    private var writesFile: Bool { context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 }

    /// Adds a stream for an opened encoder; returns its index.
    /// - Parameter constantFrameRate: for video, whether to declare the encoder's frame rate as
    ///   the stream's average (a variable-frame-rate stream leaves it to the muxer).
    package func addStream(for encoder: EncoderContext, constantFrameRate: Bool = true) throws -> Int {
        guard let stream = avformat_new_stream(context, nil) else {
            throw MediaError("add stream", path: reportedPath, reason: "out of memory", code: .outOfMemory)
        }
        stream.pointee.id = Int32(context.pointee.nb_streams) - 1
        stream.pointee.time_base = encoder.pointer.pointee.time_base
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, encoder.pointer),
                  "copy \(encoder.name) parameters to the stream", path: reportedPath)
        if encoder.pointer.pointee.codec_type == AVMEDIA_TYPE_VIDEO, constantFrameRate {
            stream.pointee.avg_frame_rate = encoder.pointer.pointee.framerate
        }
        streamTimeBases.append(stream.pointee.time_base)
        packetCounts.append(0)
        return Int(stream.pointee.index)
    }

    private func stream(_ index: Int) throws -> UnsafeMutablePointer<AVStream> {
        guard index >= 0, index < Int(context.pointee.nb_streams), let stream = context.pointee.streams[index] else {
            throw MediaError("find stream", path: reportedPath, reason: "no stream \(index)")
        }
        return stream
    }

    /// Sets the four-character code a stream is written with (`hvc1` for HEVC that Apple plays).
    package func setCodecTag(_ fourCC: String, stream index: Int) throws {
        let b = Array(fourCC.utf8)
        guard b.count == 4 else { throw MediaError("set codec tag", path: reportedPath, reason: "'\(fourCC)' is not four characters") }
        try stream(index).pointee.codecpar.pointee.codec_tag = UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
    }

    /// Stores a display matrix turning the picture `degrees` counter-clockwise (what
    /// `av_display_rotation_get` and ffprobe read back).
    package func setDisplayRotation(_ degrees: Double, stream index: Int) throws {
        guard let data = av_stream_new_side_data(try stream(index), AV_PKT_DATA_DISPLAYMATRIX, 9 * 4) else {
            throw MediaError("add display matrix", path: reportedPath, reason: "out of memory", code: .outOfMemory)
        }
        // av_display_rotation_set turns clockwise: the counter-clockwise angle is negated.
        data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_set($0, -degrees) }
    }

    /// Sets a container metadata tag (before the header is written).
    package func setTag(_ key: String, _ value: String) throws {
        try check(av_dict_set(&context.pointee.metadata, key, value, 0), "set tag \(key)", path: reportedPath)
    }

    /// Chapters, `[start, end)` in `timeBase` units, each with its title; before the header.
    /// They are `AVChapter`s of the context, freed with it by `avformat_free_context`.
    package func setChapters(_ chapters: [(start: Int64, end: Int64, title: String)], timeBase: AVRational) throws {
        guard !chapters.isEmpty else { return }
        let size = MemoryLayout<UnsafeMutablePointer<AVChapter>?>.stride
        guard let raw = av_mallocz(chapters.count * size) else {
            throw MediaError("add chapters", path: reportedPath, reason: "out of memory", code: .outOfMemory)
        }
        let list = raw.bindMemory(to: UnsafeMutablePointer<AVChapter>?.self, capacity: chapters.count)
        // Hand the list to the context at once, so every chapter made is freed with it.
        context.pointee.chapters = list
        for (k, chapter) in chapters.enumerated() {
            guard let made = av_mallocz(MemoryLayout<AVChapter>.stride)?.bindMemory(to: AVChapter.self, capacity: 1) else {
                throw MediaError("add chapters", path: reportedPath, reason: "out of memory", code: .outOfMemory)
            }
            made.pointee.id = Int64(k + 1)
            made.pointee.time_base = timeBase
            made.pointee.start = chapter.start
            made.pointee.end = chapter.end
            list[k] = made
            context.pointee.nb_chapters = UInt32(k + 1)
            try check(av_dict_set(&made.pointee.metadata, "title", chapter.title, 0), "set chapter title", path: reportedPath)
        }
    }

    /// Adds HDR mastering display and content light level metadata to a video stream (the MP4
    /// muxer writes them as `mdcv` and `clli` boxes).
    package func addHDRMetadata(stream index: Int) throws {
        guard let stream = context.pointee.streams[index] else { return }
        guard let mastering = av_mastering_display_metadata_alloc() else {
            throw MediaError("allocate HDR metadata", path: reportedPath, reason: "out of memory", code: .outOfMemory)
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
            throw MediaError("add mastering display metadata", path: reportedPath, ffmpeg: status)
        }
        var size = 0
        guard let light = av_content_light_metadata_alloc(&size) else {
            throw MediaError("allocate HDR metadata", path: reportedPath, reason: "out of memory", code: .outOfMemory)
        }
        light.pointee.MaxCLL = UInt32(HDRMetadata.maxCLL)
        light.pointee.MaxFALL = UInt32(HDRMetadata.maxFALL)
        status = av_stream_add_side_data(stream, AV_PKT_DATA_CONTENT_LIGHT_LEVEL, UnsafeMutableRawPointer(light)
            .assumingMemoryBound(to: UInt8.self), size)
        if status < 0 {
            av_free(light)
            throw MediaError("add content light level metadata", path: reportedPath, ffmpeg: status)
        }
    }

    /// Opens the file and writes the header with muxer `options` (e.g. movflags); options the
    /// muxer did not take are an error.
    /// - Parameter indexRoom: when `options` ask for the index first (`movflags` `+faststart`),
    ///   bytes to keep for it in front of the media (`IndexRoom`), so `finish()` writes it there
    ///   instead of moving the media with `+faststart`'s second pass; 0 keeps none. Should the
    ///   index outgrow the room, `finish()` falls back to the move.
    package func writeHeader(options: [(String, String)], indexRoom: Int = 0) throws {
        indexFirst = options.contains { $0.0 == "movflags" && IndexRoom.asksFaststart($0.1) }
        let room = writesFile && indexFirst && indexRoom > 0 ? max(indexRoom, 64) : 0
        // With a room the muxer must not move the media itself (it would, and wrongly).
        let options = room == 0 ? options : options.compactMap { key, value in
            guard key == "movflags" else { return (key, value) }
            let flags = IndexRoom.withoutFaststart(value)
            return flags.isEmpty ? nil : (key, flags)
        }
        if writesFile {
            try check(avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE), "open output", path: reportedPath)
            fileOpen = true
            writeBehind = WriteBehind(path: path)
        }
        var dictionary: OpaquePointer? = nil
        defer { av_dict_free(&dictionary) }
        for (key, value) in options {
            try check(av_dict_set(&dictionary, key, value, 0), "set muxer option \(key)", path: reportedPath)
        }
        if room > 0 { try check(av_dict_set(&dictionary, "moov_size", String(room), 0), "set muxer option moov_size", path: reportedPath) }
        try check(avformat_write_header(context, &dictionary), "write header", path: reportedPath)
        if av_dict_count(dictionary) > 0 {
            let unused = dictionaryEntries(dictionary).keys.sorted().joined(separator: ", ")
            throw MediaError("write header", path: reportedPath, reason: "the muxer did not take options \(unused)")
        }
        headerWritten = true
        // The muxer may have changed the time bases.
        streamTimeBases = (0..<Int(context.pointee.nb_streams)).map { context.pointee.streams[$0]?.pointee.time_base ?? AVRational(num: 1, den: 1) }
        if room > 0 {
            try markRoomFree(room)
            keptIndexRoom = room
        }
    }

    /// Makes the room a `free` box at once: the muxer only skips over it, and should the index
    /// outgrow it, `finish()` moves the media with the room (zeros, no box) still in front of it.
    /// The muxer's header is `ftyp`, the room, an 8-byte `free` box and the `mdat` box's header.
    private func markRoomFree(_ room: Int) throws {
        guard let pb = context.pointee.pb else { return }
        avio_flush(pb)
        let end = avio_seek(pb, 0, SEEK_CUR)
        guard let file = try? RandomAccessFile(path: path) else { throw MediaError.system("read back the header", path: reportedPath) }
        let head = (try? file.read(at: 0, count: 8)) ?? []
        let roomStart = head.hasPrefix("ftyp", at: 4) ? Int64(head.bigEndian32(at: 0) ?? 0) : 0
        let after = roomStart >= 8 ? (try? file.read(at: roomStart + Int64(room), count: 16)) ?? [] : []
        guard after.count == 16, after.bigEndian32(at: 0) == 8, after.hasPrefix("free", at: 4), after.hasPrefix("mdat", at: 12) else {
            throw MediaError("write header", path: reportedPath, reason: "the muxer did not lay out the room for the index as expected")
        }
        avio_seek(pb, roomStart, SEEK_SET)
        avio_wb32(pb, UInt32(room))
        avio_write(pb, Array("free".utf8), 4)
        avio_seek(pb, end, SEEK_SET)
    }

    /// An upper bound on the size of the index of this file's streams (in the order added) when
    /// they hold `samples` samples, with its tags and chapters (`IndexRoom`).
    package func indexBound(samples: [Int]) -> Int {
        let tracks = (0..<Int(context.pointee.nb_streams)).map { k -> IndexRoom.Track in
            let parameters = context.pointee.streams[k]?.pointee.codecpar
            return IndexRoom.Track(samples: k < samples.count ? samples[k] : 0,
                                   extradataBytes: Int(parameters?.pointee.extradata_size ?? 0),
                                   isSubtitle: parameters?.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE)
        }
        let tags = dictionaryEntries(context.pointee.metadata).map { (key: $0.key, value: $0.value) }
        let chapters = (0..<Int(context.pointee.nb_chapters)).map { k -> String in
            guard let chapter = context.pointee.chapters[k] else { return "" }
            return dictionaryEntries(chapter.pointee.metadata)["title"] ?? ""
        }
        return IndexRoom.bound(tracks: tracks, tags: tags, chapters: chapters)
    }

    /// Rescales an encoder's packet to the stream's time base and hands it to the interleaver.
    package func write(_ packet: CodecPacket, from encoder: EncoderContext, stream: Int) throws {
        av_packet_rescale_ts(packet.pointer, encoder.pointer.pointee.time_base, streamTimeBases[stream])
        packet.pointer.pointee.stream_index = Int32(stream)
        try check(av_interleaved_write_frame(context, packet.pointer), "write packet", path: reportedPath)
        packetCounts[stream] += 1
        if let writeBehind, let pb = context.pointee.pb { writeBehind.wrote(upTo: avio_seek(pb, 0, SEEK_CUR)) }
    }

    /// Writes the trailer (the `moov` atom: into the room kept for it, or with +faststart moved
    /// to the front) and closes the file.
    package func finish() throws {
        guard headerWritten else { throw MediaError("write trailer", path: reportedPath, reason: "no header was written") }
        var placement = IndexPlacement.atEnd
        if keptIndexRoom > 0 {
            // The muxer writes an index larger than the room over the media, so one that might
            // not fit (with the 8 bytes of the `free` box after it) is moved to the front instead.
            if indexBound(samples: packetCounts) + 8 <= keptIndexRoom {
                placement = .inRoom
            } else {
                try check(av_opt_set(context.pointee.priv_data, "moov_size", "0", 0), "set muxer option moov_size", path: reportedPath)
                try check(av_opt_set(context.pointee.priv_data, "movflags", "+faststart", 0), "set muxer option movflags", path: reportedPath)
                placement = .shifted
            }
        } else if indexFirst {
            placement = .shifted
        }
        try check(av_write_trailer(context), "write trailer", path: reportedPath)
        indexPlacement = placement
        guard fileOpen else { return }
        fileOpen = false
        try check(avio_closep(&context.pointee.pb), "close output", path: reportedPath)
    }
}
