import CFFmpeg

/// A decoder (`AVCodecContext`) for one stream, owned here and freed in `deinit`, with FFmpeg's
/// send/receive protocol (doc/examples/demux_decode.c): EAGAIN and EOF are states, not errors.
package final class DecoderContext {
    package let pointer: UnsafeMutablePointer<AVCodecContext>
    package let path: String
    /// The decoder's name ("h264", "aac").
    package let name: String

    /// What `receive` found.
    package enum Received { case frame, needsInput, endOfStream }

    /// Opens a decoder for a stream's parameters.
    /// - Parameters:
    ///   - packetTimeBase: the time base packets are stamped in (`pkt_timebase`). For audio,
    ///     libavcodec then moves a frame's `pts` past the encoder priming samples it drops (the
    ///     skip-samples side data of MP4 edit lists, MP3 LAME headers, Opus pre-skip), so frame
    ///     times stay on the container's clock.
    ///   - lowres: decode at 1/2^lowres of the size (mjpeg supports 1…3); 0 for full size.
    ///   - threads: decoder threads; 0 lets FFmpeg choose. Output is the same for any count.
    ///   - slicesOnly: the threads share each frame's slices (HEVC's wavefront rows) instead of
    ///     decoding several frames at once: every frame in flight holds whole pictures, 25 MB
    ///     each at 2160p 10-bit, so large pictures keep to one.
    package init(parameters: UnsafePointer<AVCodecParameters>, path: String, packetTimeBase: AVRational? = nil,
                 lowres: Int = 0, threads: Int = 0, slicesOnly: Bool = false, skipLoopFilter: Bool = false) throws {
        self.path = path
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            let id = String(cString: avcodec_get_name(parameters.pointee.codec_id))
            throw MediaError("find decoder", path: path, reason: "this FFmpeg cannot decode \(id)",
                             code: .decoderNotFound)
        }
        let name = String(cString: codec.pointee.name)
        self.name = name
        guard let made = avcodec_alloc_context3(codec) else {
            throw MediaError("allocate \(name) decoder", path: path, reason: "out of memory", code: .outOfMemory)
        }
        pointer = made
        try check(avcodec_parameters_to_context(pointer, parameters), "configure \(name) decoder", path: path)
        if let packetTimeBase { pointer.pointee.pkt_timebase = packetTimeBase }
        pointer.pointee.thread_count = Int32(threads)
        if slicesOnly { pointer.pointee.thread_type = FF_THREAD_SLICE }
        // Deblocking and SAO smooth block edges a picture measured at a few hundred pixels never shows.
        if skipLoopFilter { pointer.pointee.skip_loop_filter = AVDISCARD_ALL }
        if lowres > 0 {
            let maximum = Int(codec.pointee.max_lowres)
            pointer.pointee.lowres = Int32(min(lowres, maximum))
        }
        try check(avcodec_open2(pointer, codec, nil), "open \(name) decoder", path: path)
    }

    /// A decoder for `stream`, told the stream's time base (see `packetTimeBase`).
    package convenience init(stream: UnsafeMutablePointer<AVStream>, path: String, threads: Int = 0) throws {
        guard let parameters = stream.pointee.codecpar else {
            throw MediaError("open decoder", path: path, reason: "the stream has no codec parameters")
        }
        try self.init(parameters: parameters, path: path, packetTimeBase: stream.pointee.time_base, threads: threads)
    }

    deinit {
        var c: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&c)
    }

    /// The lowres factor in use (the decoder may allow less than asked).
    package var lowres: Int { Int(pointer.pointee.lowres) }

    /// Sends a packet (nil: the end of the stream, to drain). Returns false when the decoder
    /// is full and frames must be received first (EAGAIN); the packet is then still to send.
    package func send(_ packet: CodecPacket?) throws -> Bool {
        let status = avcodec_send_packet(pointer, packet?.pointer)
        if status == lenta_averror_eagain() { return false }
        if status == lenta_averror_eof() { return true }  // already draining: nothing more to send
        try check(status, "decode (\(name))", path: path)
        return true
    }

    package func receive(into frame: CodecFrame) throws -> Received {
        let status = avcodec_receive_frame(pointer, frame.pointer)
        if status == lenta_averror_eagain() { return .needsInput }
        if status == lenta_averror_eof() { return .endOfStream }
        try check(status, "decode (\(name))", path: path)
        return .frame
    }

    /// Forgets buffered frames after a seek.
    package func flush() { avcodec_flush_buffers(pointer) }

    /// Decodes `packet` alone — a keyframe, a still's tile — with the decoder flushed before and
    /// after, so nothing of it stays for the next. False when it gave no picture.
    package func decodeAlone(_ packet: CodecPacket, into frame: CodecFrame) throws -> Bool {
        flush()
        defer { flush() }
        guard try send(packet) else { return false }
        _ = try send(nil)
        return try receive(into: frame) == .frame
    }
}
