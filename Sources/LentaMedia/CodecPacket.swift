import CFFmpeg

/// An `AVPacket`, owned here and freed in `deinit`.
package final class CodecPacket {
    package let pointer: UnsafeMutablePointer<AVPacket>

    package init() throws {
        guard let packet = av_packet_alloc() else {
            throw MediaError("av_packet_alloc", path: "", reason: "out of memory", code: .outOfMemory)
        }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }

    package func unreference() { av_packet_unref(pointer) }

    /// The payload, copied out.
    package var bytes: [UInt8] {
        let p = pointer.pointee
        guard let data = p.data, p.size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(p.size)))
    }
}
