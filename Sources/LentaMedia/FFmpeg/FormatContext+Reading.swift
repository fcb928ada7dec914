import CFFmpeg

extension FormatContext {
    /// The streams' parameters and timing, read without letting pointers out.
    package struct StreamInfo {
        package var index: Int
        package var type: AVMediaType
        package var timeBase: AVRational
        package var startTime: Int64?
        package var isCoverArt: Bool
        package var rotation: Double
    }

    package func streams() throws -> [StreamInfo] {
        try withContext { ctx in
            (0..<Int(ctx.pointee.nb_streams)).compactMap { i -> StreamInfo? in
                guard let s = ctx.pointee.streams[i] else { return nil }
                let start = s.pointee.start_time
                var rotation = 0.0
                var size = 0
                if let data = av_stream_get_side_data(s, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 {
                    let degrees = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
                    if degrees.isFinite { rotation = degrees }
                }
                return StreamInfo(index: i, type: s.pointee.codecpar.pointee.codec_type, timeBase: s.pointee.time_base,
                                  startTime: start == lenta_av_nopts_value() ? nil : start,
                                  isCoverArt: s.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0, rotation: rotation)
            }
        }
    }

    /// A decoder for stream `index`.
    package func decoder(stream index: Int, lowres: Int = 0, threads: Int = 0, slicesOnly: Bool = false,
                         skipLoopFilter: Bool = false) throws -> DecoderContext {
        try withContext { ctx in
            guard index < Int(ctx.pointee.nb_streams), let s = ctx.pointee.streams[index] else {
                throw MediaError("open decoder", path: path, reason: "no stream \(index)")
            }
            return try DecoderContext(parameters: s.pointee.codecpar, path: path, lowres: lowres, threads: threads, slicesOnly: slicesOnly,
                                      skipLoopFilter: skipLoopFilter)
        }
    }

    /// Reads the next packet; false at the end of the file.
    package func readPacket(into packet: CodecPacket) throws -> Bool {
        try withContext { ctx in
            let status = av_read_frame(ctx, packet.pointer)
            if status == lenta_averror_eof() { return false }
            try check(status, "read packet", path: path)
            return true
        }
    }

    /// One frame of a stream as the demuxer indexed it (MP4/MOV: the whole sample table, read
    /// with the header): where it starts, how big it is, whether it is a keyframe.
    struct IndexEntry {
        var timestamp: Int64
        var size: Int
        var isKeyframe: Bool
    }

    /// The index of stream `index`, without discarded entries (edit lists); empty when the
    /// container has none (MPEG-TS, raw streams).
    func indexEntries(stream index: Int) throws -> [IndexEntry] {
        try withContext { ctx in
            guard index < Int(ctx.pointee.nb_streams), let s = ctx.pointee.streams[index] else { return [] }
            let count = Int(avformat_index_get_entries_count(s))
            var entries: [IndexEntry] = []
            entries.reserveCapacity(count)
            for i in 0..<count {
                guard let e = avformat_index_get_entry(s, Int32(i)) else { continue }
                let flags = Int32(e.pointee.flags) & 3
                guard flags & AVINDEX_DISCARD_FRAME == 0 else { continue }
                entries.append(IndexEntry(timestamp: e.pointee.timestamp, size: Int(max(0, e.pointee.size)),
                                          isKeyframe: flags & AVINDEX_KEYFRAME != 0))
            }
            return entries
        }
    }

    /// Seeks stream `index` to the keyframe at or before `timestamp` (in the stream's time base).
    package func seek(stream index: Int, to timestamp: Int64) throws {
        try withContext { ctx in
            let status = av_seek_frame(ctx, Int32(index), timestamp, AVSEEK_FLAG_BACKWARD)
            try check(status, "seek", path: path)
        }
    }
}
