import CFFmpeg

/// An `AVPacket`, owned here and freed in `deinit`.
final class CodecPacket {
    let pointer: UnsafeMutablePointer<AVPacket>

    init() throws {
        guard let packet = av_packet_alloc() else {
            throw MediaReadError("av_packet_alloc", path: "", reason: "out of memory")
        }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }

    func unreference() { av_packet_unref(pointer) }

    /// The payload, copied out.
    var bytes: [UInt8] {
        let p = pointer.pointee
        guard let data = p.data, p.size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(p.size)))
    }
}
