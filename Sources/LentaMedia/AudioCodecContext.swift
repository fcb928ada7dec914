import CFFmpeg

/// An opened audio decoder (`AVCodecContext`), owned here and freed in `deinit`. (Packets and
/// frames are the module's `CodecPacket` and `CodecFrame`.) It differs from `DecoderContext` in
/// what audio needs: it is made from the stream, so that it can set `pkt_timebase`.
final class AudioCodecContext {
    let pointer: UnsafeMutablePointer<AVCodecContext>
    let path: String

    /// A decoder for `stream`, opened. Packets are stamped in the stream's time base, and the
    /// decoder is told so (`pkt_timebase`): libavcodec then moves a frame's `pts` past the encoder
    /// priming samples it drops (the skip-samples side data of MP4 edit lists, MP3 LAME headers,
    /// Opus pre-skip), so frame times stay on the container's clock.
    init(stream: UnsafeMutablePointer<AVStream>, path: String) throws {
        self.path = path
        guard let parameters = stream.pointee.codecpar else {
            throw MediaReadError("open audio decoder", path: path, reason: "the audio stream has no codec parameters")
        }
        let codecID = parameters.pointee.codec_id
        guard let codec = avcodec_find_decoder(codecID) else {
            let name = avcodec_get_name(codecID).map { String(cString: $0) } ?? "unknown"
            throw MediaReadError("open audio decoder", path: path, reason: "this FFmpeg has no decoder for \(name)")
        }
        var context: UnsafeMutablePointer<AVCodecContext>? = avcodec_alloc_context3(codec)
        guard let allocated = context else {
            throw MediaReadError("open audio decoder", path: path, reason: "out of memory")
        }
        var status = avcodec_parameters_to_context(allocated, parameters)
        if status >= 0 {
            allocated.pointee.pkt_timebase = stream.pointee.time_base
            // One thread: the same samples every run, and gentle on a machine that is also encoding video.
            allocated.pointee.thread_count = 1
            status = avcodec_open2(allocated, codec, nil)
        }
        if status < 0 {
            avcodec_free_context(&context)
            throw MediaReadError("open audio decoder", path: path, reason: avErrorText(status))
        }
        pointer = allocated
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = pointer
        avcodec_free_context(&context)
    }

    var codecName: String {
        avcodec_get_name(pointer.pointee.codec_id).map { String(cString: $0) } ?? "unknown"
    }
}
