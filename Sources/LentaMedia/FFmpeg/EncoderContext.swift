import CFFmpeg

/// An encoder (`AVCodecContext`), owned here and freed in `deinit`, with FFmpeg's send/receive
/// loop (doc/examples/encode_video.c): each frame sent is followed by receiving packets until
/// EAGAIN; `drain` sends the flush frame and receives until EOF.
package final class EncoderContext {
    package let pointer: UnsafeMutablePointer<AVCodecContext>
    private let codec: UnsafePointer<AVCodec>
    private let packet: CodecPacket
    package let path: String
    package let name: String

    /// The encoder called `name` ("libx264", "aac", "png").
    package init(named name: String, path: String) throws {
        self.path = path
        self.name = name
        guard let codec = avcodec_find_encoder_by_name(name) else {
            throw MediaError("find encoder", path: path, reason: "this FFmpeg has no '\(name)' encoder",
                             code: .encoderNotFound)
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MediaError("allocate \(name) encoder", path: path, reason: "out of memory", code: .outOfMemory)
        }
        self.codec = codec
        pointer = context
        packet = try CodecPacket()
    }

    /// Whether this FFmpeg has an encoder called `name`.
    package static func exists(named name: String) -> Bool { avcodec_find_encoder_by_name(name) != nil }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&context)
    }

    /// Whether the last audio frame may be shorter than `frame_size`.
    package var acceptsShortLastFrame: Bool {
        codec.pointee.capabilities & (AV_CODEC_CAP_SMALL_LAST_FRAME | AV_CODEC_CAP_VARIABLE_FRAME_SIZE) != 0
    }

    /// Sets a private option of the codec (x264's `preset`, `crf`, `profile`).
    package func setOption(_ key: String, _ value: String) throws {
        let status = av_opt_set(pointer.pointee.priv_data, key, value, 0)
        try check(status, "set \(name) option \(key)=\(value)", path: path)
    }

    package func open() throws {
        let status = avcodec_open2(pointer, codec, nil)
        try check(status, "open \(name) encoder", path: path)
    }

    /// Sends one frame and hands every packet that comes out to `body` (valid only inside it).
    package func encode(_ frame: CodecFrame?, _ body: (CodecPacket) throws -> Void) throws {
        let status = avcodec_send_frame(pointer, frame?.pointer)
        // EOF: the encoder was already drained; nothing more to send.
        if status != lenta_averror_eof() { try check(status, "encode (\(name))", path: path) }
        try receive(body)
    }

    private func receive(_ body: (CodecPacket) throws -> Void) throws {
        while true {
            let status = avcodec_receive_packet(pointer, packet.pointer)
            if status == lenta_averror_eagain() || status == lenta_averror_eof() { return }
            try check(status, "encode (\(name))", path: path)
            defer { packet.unreference() }
            try body(packet)
        }
    }

    /// Sends the end of the stream and receives every packet left.
    package func drain(_ body: (CodecPacket) throws -> Void) throws { try encode(nil, body) }
}
