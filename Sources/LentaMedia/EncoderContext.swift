import CFFmpeg

/// An encoder (`AVCodecContext`), owned here and freed in `deinit`, with FFmpeg's send/receive
/// loop (doc/examples/encode_video.c): each frame sent is followed by receiving packets until
/// EAGAIN; `drain` sends the flush frame and receives until EOF.
final class EncoderContext {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    private let codec: UnsafePointer<AVCodec>
    private let packet: CodecPacket
    let path: String
    let name: String

    /// The encoder called `name` ("libx264", "aac", "png").
    init(named name: String, path: String) throws {
        self.path = path
        self.name = name
        guard let codec = avcodec_find_encoder_by_name(name) else {
            throw MediaWriteError("find encoder", path: path, reason: "this FFmpeg has no '\(name)' encoder")
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaWriteError("allocate \(name) encoder", path: path, reason: "out of memory")
        }
        self.codec = codec
        pointer = context
        packet = try CodecPacket()
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&context)
    }

    /// Whether the last audio frame may be shorter than `frame_size`.
    var acceptsShortLastFrame: Bool {
        codec.pointee.capabilities & (AV_CODEC_CAP_SMALL_LAST_FRAME | AV_CODEC_CAP_VARIABLE_FRAME_SIZE) != 0
    }

    /// Sets a private option of the codec (x264's `preset`, `crf`, `profile`).
    func setOption(_ key: String, _ value: String) throws {
        let status = av_opt_set(pointer.pointee.priv_data, key, value, 0)
        if status < 0 { throw MediaWriteError("set \(name) option \(key)=\(value)", path: path, reason: avErrorText(status)) }
    }

    func open() throws {
        let status = avcodec_open2(pointer, codec, nil)
        if status < 0 { throw MediaWriteError("open \(name) encoder", path: path, reason: avErrorText(status)) }
    }

    /// Sends one frame and hands every packet that comes out to `body` (valid only inside it).
    func encode(_ frame: CodecFrame?, _ body: (CodecPacket) throws -> Void) throws {
        let status = avcodec_send_frame(pointer, frame?.pointer)
        if status < 0, status != lenta_averror_eof() {
            throw MediaWriteError("encode (\(name))", path: path, reason: avErrorText(status))
        }
        try receive(body)
    }

    private func receive(_ body: (CodecPacket) throws -> Void) throws {
        while true {
            let status = avcodec_receive_packet(pointer, packet.pointer)
            if status == lenta_averror_eagain() || status == lenta_averror_eof() { return }
            if status < 0 { throw MediaWriteError("encode (\(name))", path: path, reason: avErrorText(status)) }
            defer { packet.unreference() }
            try body(packet)
        }
    }

    /// Sends the end of the stream and receives every packet left.
    func drain(_ body: (CodecPacket) throws -> Void) throws { try encode(nil, body) }
}
