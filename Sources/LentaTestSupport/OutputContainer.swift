import CFFmpeg

/// An output `AVFormatContext` with its `AVIOContext`, owned here: `deinit` closes the file if it
/// is still open and frees the context (doc/examples/mux.c's cleanup).
final class OutputContainer {
    let pointer: UnsafeMutablePointer<AVFormatContext>
    let path: String
    private var headerWritten = false

    /// A muxer chosen by name ("mp4", "mov"), writing to `path`.
    init(format: String, path: String) throws {
        self.path = path
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        let status = avformat_alloc_output_context2(&context, nil, format, path)
        guard status >= 0, let context else {
            throw SyntheticMediaError("create \(format) muxer", path: path, averror: status < 0 ? status : lenta_averror(ENOMEM))
        }
        pointer = context
    }

    deinit {
        if pointer.pointee.pb != nil, pointer.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            avio_closep(&pointer.pointee.pb)
        }
        avformat_free_context(pointer)
    }

    var needsGlobalHeader: Bool { pointer.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 }

    func addStream(for encoder: EncoderContext) throws -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(pointer, nil) else {
            throw SyntheticMediaError("add stream", path: path, reason: "out of memory")
        }
        stream.pointee.id = Int32(pointer.pointee.nb_streams) - 1
        stream.pointee.time_base = encoder.pointer.pointee.time_base
        let status = avcodec_parameters_from_context(stream.pointee.codecpar, encoder.pointer)
        if status < 0 { throw SyntheticMediaError("copy \(encoder.name) parameters to stream", path: path, averror: status) }
        return stream
    }

    func setTag(_ key: String, _ value: String) throws {
        let status = av_dict_set(&pointer.pointee.metadata, key, value, 0)
        if status < 0 { throw SyntheticMediaError("set tag \(key)", path: path, averror: status) }
    }

    /// Opens the file and writes the header; muxer options the muxer did not take are an error.
    func writeHeader(options: AVDictionaryBox) throws {
        if pointer.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            let status = avio_open(&pointer.pointee.pb, path, AVIO_FLAG_WRITE)
            if status < 0 { throw SyntheticMediaError("open output", path: path, averror: status) }
        }
        let status = avformat_write_header(pointer, &options.pointer)
        if status < 0 { throw SyntheticMediaError("write header", path: path, averror: status) }
        let unused = options.unused
        if !unused.isEmpty {
            throw SyntheticMediaError("write header", path: path, reason: "the muxer ignored options \(unused)")
        }
        headerWritten = true
    }

    /// Rescales an encoder's packet to `stream`'s time base and hands it to the interleaver,
    /// which takes its contents.
    func write(_ packet: UnsafeMutablePointer<AVPacket>, from encoder: EncoderContext, to stream: UnsafeMutablePointer<AVStream>) throws {
        av_packet_rescale_ts(packet, encoder.pointer.pointee.time_base, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        let status = av_interleaved_write_frame(pointer, packet)
        if status < 0 { throw SyntheticMediaError("write packet", path: path, averror: status) }
    }

    /// Writes the trailer (for MP4/MOV: the `moov` atom) and closes the file.
    func finish() throws {
        guard headerWritten else { throw SyntheticMediaError("write trailer", path: path, reason: "no header was written") }
        let status = av_write_trailer(pointer)
        if status < 0 { throw SyntheticMediaError("write trailer", path: path, averror: status) }
        if pointer.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            let closed = avio_closep(&pointer.pointee.pb)
            if closed < 0 { throw SyntheticMediaError("close output", path: path, averror: closed) }
        }
    }
}
