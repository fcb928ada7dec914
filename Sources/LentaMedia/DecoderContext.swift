import CFFmpeg

/// A decoder (`AVCodecContext`) for one stream, owned here and freed in `deinit`, with FFmpeg's
/// send/receive protocol (doc/examples/demux_decode.c): EAGAIN and EOF are states, not errors.
final class DecoderContext {
    private let context: UnsafeMutablePointer<AVCodecContext>
    let path: String
    let name: String

    /// What `receive` found.
    enum Received { case frame, needsInput, endOfStream }

    /// Opens a decoder for a stream's parameters.
    /// - Parameters:
    ///   - lowres: decode at 1/2^lowres of the size (mjpeg supports 1…3); 0 for full size.
    ///   - threads: decoder threads; 0 lets FFmpeg choose. Output is the same for any count.
    init(parameters: UnsafePointer<AVCodecParameters>, path: String, lowres: Int = 0, threads: Int = 0) throws {
        self.path = path
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            let id = String(cString: avcodec_get_name(parameters.pointee.codec_id))
            throw MediaReadError("find decoder", path: path, reason: "this FFmpeg cannot decode \(id)")
        }
        name = String(cString: codec.pointee.name)
        guard let made = avcodec_alloc_context3(codec) else {
            throw MediaReadError("allocate \(name) decoder", path: path, reason: "out of memory")
        }
        context = made
        var status = avcodec_parameters_to_context(context, parameters)
        if status < 0 { throw MediaReadError("configure \(name) decoder", path: path, reason: avErrorText(status)) }
        context.pointee.thread_count = Int32(threads)
        if lowres > 0 {
            let maximum = Int(codec.pointee.max_lowres)
            context.pointee.lowres = Int32(min(lowres, maximum))
        }
        status = avcodec_open2(context, codec, nil)
        if status < 0 { throw MediaReadError("open \(name) decoder", path: path, reason: avErrorText(status)) }
    }

    deinit {
        var c: UnsafeMutablePointer<AVCodecContext>? = context
        avcodec_free_context(&c)
    }

    /// The lowres factor in use (the decoder may allow less than asked).
    var lowres: Int { Int(context.pointee.lowres) }

    /// Sends a packet (nil: the end of the stream, to drain). Returns false when the decoder
    /// is full and frames must be received first (EAGAIN); the packet is then still to send.
    func send(_ packet: CodecPacket?) throws -> Bool {
        let status = avcodec_send_packet(context, packet?.pointer)
        if status == lenta_averror_eagain() { return false }
        if status == lenta_averror_eof() { return true }  // already draining: nothing more to send
        if status < 0 { throw MediaReadError("decode (\(name))", path: path, reason: avErrorText(status)) }
        return true
    }

    func receive(into frame: CodecFrame) throws -> Received {
        let status = avcodec_receive_frame(context, frame.pointer)
        if status == lenta_averror_eagain() { return .needsInput }
        if status == lenta_averror_eof() { return .endOfStream }
        if status < 0 { throw MediaReadError("decode (\(name))", path: path, reason: avErrorText(status)) }
        return .frame
    }

    /// Forgets buffered frames after a seek.
    func flush() { avcodec_flush_buffers(context) }
}
