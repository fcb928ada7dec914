import CFFmpeg

/// An encoder (`AVCodecContext`), owned here and freed in `deinit`, with FFmpeg's send/receive
/// loop (doc/examples/encode_video.c): every `send` is followed by receiving until EAGAIN, and
/// `finish` sends the flush frame and receives until EOF.
final class EncoderContext {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    let codec: UnsafePointer<AVCodec>
    private let packet: AVPacketBox

    init(codec: UnsafePointer<AVCodec>) throws {
        guard let context = avcodec_alloc_context3(codec) else {
            throw SyntheticMediaError("avcodec_alloc_context3", reason: "out of memory")
        }
        pointer = context
        self.codec = codec
        packet = try AVPacketBox()
    }

    /// The encoder called `name` (e.g. "libx264", "mjpeg"), or an error naming it.
    convenience init(named name: String) throws {
        guard let codec = avcodec_find_encoder_by_name(name) else {
            throw SyntheticMediaError("find encoder", reason: "this FFmpeg has no '\(name)' encoder")
        }
        try self.init(codec: codec)
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&context)
    }

    var name: String { String(cString: codec.pointee.name) }

    /// Sets a private option of the codec (x264's `preset`, …).
    func setPrivateOption(_ key: String, _ value: String) throws {
        let status = av_opt_set(pointer.pointee.priv_data, key, value, 0)
        if status < 0 { throw SyntheticMediaError("set \(name) option \(key)=\(value)", averror: status) }
    }

    func open() throws {
        let status = avcodec_open2(pointer, codec, nil)
        if status < 0 { throw SyntheticMediaError("open encoder \(name)", averror: status) }
    }

    /// Sends one frame (nil to flush) and hands every packet that comes out to `body`.
    /// The packet is only valid inside `body`, which may move its contents away.
    func encode(_ frame: AVFrameBox?, _ body: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        var status = avcodec_send_frame(pointer, frame?.pointer)
        if status < 0 { throw SyntheticMediaError("send frame to \(name)", averror: status) }
        while true {
            status = avcodec_receive_packet(pointer, packet.pointer)
            if status == lenta_averror_eagain() || status == lenta_averror_eof() { return }
            if status < 0 { throw SyntheticMediaError("receive packet from \(name)", averror: status) }
            defer { av_packet_unref(packet.pointer) }
            try body(packet.pointer)
        }
    }

    /// Drains the encoder.
    func finish(_ body: (UnsafeMutablePointer<AVPacket>) throws -> Void) throws {
        try encode(nil, body)
    }
}
