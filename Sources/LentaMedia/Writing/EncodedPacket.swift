import CFFmpeg

/// An encoded packet copied out of its `AVPacket` (payload, timestamps in the encoder's time
/// base, key flag): what one thread hands another's writer. A render of several shapes encodes
/// the sound once and each shape's writer, on its own thread, writes these.
public struct EncodedPacket: Sendable, Equatable {
    public var bytes: [UInt8]
    public var presentationTime: Int64
    public var decodingTime: Int64
    public var duration: Int64
    public var isKey: Bool

    package init(copying packet: CodecPacket) {
        let p = packet.pointer.pointee
        bytes = packet.bytes
        presentationTime = p.pts
        decodingTime = p.dts
        duration = p.duration
        isKey = p.flags & AV_PKT_FLAG_KEY != 0
    }

    /// An `AVPacket` holding a copy of it.
    package func packet(path: String) throws -> CodecPacket {
        let packet = try CodecPacket()
        try packet.load(bytes, key: isKey, path: path)
        packet.pointer.pointee.pts = presentationTime
        packet.pointer.pointee.dts = decodingTime
        packet.pointer.pointee.duration = duration
        return packet
    }
}
