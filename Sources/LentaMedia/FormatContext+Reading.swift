import CFFmpeg

extension FormatContext {
    /// The streams' parameters and timing, read without letting pointers out.
    struct StreamInfo {
        var index: Int
        var type: AVMediaType
        var timeBase: AVRational
        var startTime: Int64?
        var isCoverArt: Bool
        var rotation: Double
    }

    func streams() throws -> [StreamInfo] {
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
    func decoder(stream index: Int, lowres: Int = 0, threads: Int = 0) throws -> DecoderContext {
        try withContext { ctx in
            guard index < Int(ctx.pointee.nb_streams), let s = ctx.pointee.streams[index] else {
                throw MediaReadError("open decoder", path: path, reason: "no stream \(index)")
            }
            return try DecoderContext(parameters: s.pointee.codecpar, path: path, lowres: lowres, threads: threads)
        }
    }

    /// Reads the next packet; false at the end of the file.
    func readPacket(into packet: CodecPacket) throws -> Bool {
        try withContext { ctx in
            let status = av_read_frame(ctx, packet.pointer)
            if status == lenta_averror_eof() { return false }
            if status < 0 { throw MediaReadError("read packet", path: path, reason: avErrorText(status)) }
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
    func seek(stream index: Int, to timestamp: Int64) throws {
        try withContext { ctx in
            let status = av_seek_frame(ctx, Int32(index), timestamp, AVSEEK_FLAG_BACKWARD)
            if status < 0 { throw MediaReadError("seek", path: path, reason: avErrorText(status)) }
        }
    }
}

/// Frames of one stream, in decoding order: packets read from the container and fed to the
/// decoder as doc/examples/demux_decode.c does, the decoder drained at the end of the file.
final class StreamFrames {
    let container: FormatContext
    let decoder: DecoderContext
    let stream: Int
    private let packet: CodecPacket
    private var pending = false
    private var draining = false
    private var ended = false

    init(container: FormatContext, stream: Int, lowres: Int = 0, threads: Int = 0) throws {
        self.container = container
        self.stream = stream
        decoder = try container.decoder(stream: stream, lowres: lowres, threads: threads)
        packet = try CodecPacket()
    }

    /// Decodes the next frame into `frame`; false after the last one.
    func next(into frame: CodecFrame) throws -> Bool {
        while true {
            if ended { return false }
            switch try decoder.receive(into: frame) {
            case .frame: return true
            case .endOfStream:
                ended = true
                return false
            case .needsInput:
                try feed()
            }
        }
    }

    private func feed() throws {
        if draining {
            ended = true  // a decoder that asks for input while draining has nothing left
            return
        }
        while true {
            if !pending {
                guard try container.readPacket(into: packet) else {
                    draining = true
                    _ = try decoder.send(nil)
                    return
                }
                if Int(packet.pointer.pointee.stream_index) != stream {
                    packet.unreference()
                    continue
                }
                pending = true
            }
            if try decoder.send(packet) {
                packet.unreference()
                pending = false
            }
            return
        }
    }

    /// Seeks to the keyframe at or before `timestamp` and forgets what was buffered.
    func seek(to timestamp: Int64) throws {
        try container.seek(stream: stream, to: timestamp)
        decoder.flush()
        if pending { packet.unreference() }
        pending = false
        draining = false
        ended = false
    }
}
