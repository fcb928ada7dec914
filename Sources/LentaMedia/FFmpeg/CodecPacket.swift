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

    /// A new reference to `other`'s payload (no copy) with its timestamps and flags: what a
    /// muxer may take over while `other` stays its owner's.
    package convenience init(referencing other: CodecPacket, path: String) throws {
        try self.init()
        try check(av_packet_ref(pointer, other.pointer), "reference packet", path: path)
    }

    /// Holds a copy of `bytes` (padded as decoders require), marked a keyframe when `key`.
    package func load(_ bytes: [UInt8], key: Bool, path: String) throws {
        av_packet_unref(pointer)
        try check(av_new_packet(pointer, Int32(clamping: bytes.count)), "allocate packet", path: path)
        if let data = pointer.pointee.data {
            bytes.withUnsafeBufferPointer { if let base = $0.baseAddress { data.update(from: base, count: $0.count) } }
        }
        if key { pointer.pointee.flags |= AV_PKT_FLAG_KEY }
    }

    /// The payload, copied out.
    package var bytes: [UInt8] {
        let p = pointer.pointee
        guard let data = p.data, p.size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(p.size)))
    }
}
