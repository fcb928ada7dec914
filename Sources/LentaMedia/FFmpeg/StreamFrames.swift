import CFFmpeg

/// Frames of one stream, in decoding order: packets read from the container and fed to the
/// decoder as doc/examples/demux_decode.c does, the decoder drained at the end of the file.
package final class StreamFrames {
    package let container: FormatContext
    package let decoder: DecoderContext
    package let stream: Int
    private let packet: CodecPacket
    private var pending = false
    private var draining = false
    private var ended = false

    package init(container: FormatContext, stream: Int, lowres: Int = 0, threads: Int = 0, slicesOnly: Bool = false) throws {
        self.container = container
        self.stream = stream
        decoder = try container.decoder(stream: stream, lowres: lowres, threads: threads, slicesOnly: slicesOnly)
        packet = try CodecPacket()
    }

    /// Decodes the next frame into `frame`; false after the last one.
    package func next(into frame: CodecFrame) throws -> Bool {
        while true {
            if ended { return false }
            switch try decoder.receive(into: frame) {
            case .frame: return true
            case .endOfStream:
                ended = true
                return false
            case .needsInput:
                try feed()
            }
        }
    }

    private func feed() throws {
        if draining {
            ended = true  // a decoder that asks for input while draining has nothing left
            return
        }
        while true {
            if !pending {
                guard try container.readPacket(into: packet) else {
                    draining = true
                    _ = try decoder.send(nil)
                    return
                }
                if Int(packet.pointer.pointee.stream_index) != stream {
                    packet.unreference()
                    continue
                }
                pending = true
            }
            if try decoder.send(packet) {
                packet.unreference()
                pending = false
            }
            return
        }
    }

    /// Seeks to the keyframe at or before `timestamp` and forgets what was buffered.
    package func seek(to timestamp: Int64) throws {
        try container.seek(stream: stream, to: timestamp)
        decoder.flush()
        if pending { packet.unreference() }
        pending = false
        draining = false
        ended = false
    }
}
