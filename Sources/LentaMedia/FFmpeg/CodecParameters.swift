import CFFmpeg

/// An `AVCodecParameters` made here rather than read from a container (a HEIF tile's HEVC
/// configuration), owned here and freed in `deinit` with its extradata.
package final class CodecParameters {
    package let pointer: UnsafeMutablePointer<AVCodecParameters>

    /// A video stream's parameters: `codec`, the coded size and the decoder configuration
    /// (`extradata`: for HEVC the `hvcC` record, whose NAL units then come length-prefixed).
    package init(video codec: AVCodecID, width: Int, height: Int, extradata: [UInt8], path: String) throws {
        guard let made = avcodec_parameters_alloc() else {
            throw MediaError("allocate codec parameters", path: path, reason: "out of memory", code: .outOfMemory)
        }
        pointer = made
        pointer.pointee.codec_type = AVMEDIA_TYPE_VIDEO
        pointer.pointee.codec_id = codec
        pointer.pointee.width = Int32(clamping: width)
        pointer.pointee.height = Int32(clamping: height)
        // libavcodec reads past the end of extradata by up to the padding, which must be zeros.
        guard let bytes = av_mallocz(extradata.count + Int(AV_INPUT_BUFFER_PADDING_SIZE))?.assumingMemoryBound(to: UInt8.self) else {
            throw MediaError("allocate codec parameters", path: path, reason: "out of memory", code: .outOfMemory)
        }
        extradata.withUnsafeBufferPointer { if let base = $0.baseAddress { bytes.update(from: base, count: $0.count) } }
        pointer.pointee.extradata = bytes
        pointer.pointee.extradata_size = Int32(extradata.count)
    }

    deinit {
        var parameters: UnsafeMutablePointer<AVCodecParameters>? = pointer
        avcodec_parameters_free(&parameters)
    }
}
