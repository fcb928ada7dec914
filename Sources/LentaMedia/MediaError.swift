import CFFmpeg
import CHeif
import Foundation

/// Why a media file could not be read or written: the operation that failed, the file, the
/// reason in words (for a C library's failure, its own text: `av_strerror`, libheif's message,
/// `strerror`) and, when a C call failed, its status code — kept matchable, as GRDB's
/// `DatabaseError` keeps SQLite's `ResultCode`: `error.code == .invalidData`.
public struct MediaError: Error, CustomStringConvertible, Sendable {
    /// A C library's status code, with the library it came from (their numbers overlap).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public enum Library: String, Sendable { case ffmpeg = "FFmpeg", libheif, system, webrtcVAD = "WebRTC VAD", documentReader = "document reader" }
        public let library: Library
        public let rawValue: Int32

        /// A negative `AVERROR` status from libav*.
        public init(ffmpeg status: Int32) { library = .ffmpeg; rawValue = status }
        /// A `heif_error_code` other than `heif_error_Ok`.
        public init(libheif code: Int32) { library = .libheif; rawValue = code }
        /// A status other than 0 or 1 from WebRTC's voice activity detector (-1: bad rate, frame or mode).
        public init(webrtcVAD status: Int32) { library = .webrtcVAD; rawValue = status }
        /// A `LENTA_READER_…` status from the document reader (Tesseract, ZXing-C++).
        public init(documentReader status: Int32) { library = .documentReader; rawValue = status }
        /// A POSIX `errno`.
        public init(errno value: Int32) { library = .system; rawValue = value }

        /// `AVERROR(e)`: a POSIX error reported through libav*.
        public static func averror(_ errno: Int32) -> Code { Code(ffmpeg: lenta_averror(errno)) }
        /// `AVERROR_EOF`: the end of the file, or of a drained codec.
        public static var endOfFile: Code { Code(ffmpeg: lenta_averror_eof()) }
        /// `AVERROR(EAGAIN)`: a codec wants the other half of send/receive first.
        public static var tryAgain: Code { Code(ffmpeg: lenta_averror_eagain()) }
        /// `AVERROR_INVALIDDATA`: damaged or not what the demuxer or decoder expects.
        public static var invalidData: Code { Code(ffmpeg: lenta_averror_invaliddata()) }
        /// `AVERROR_PATCHWELCOME`: a valid feature this FFmpeg does not implement (CMYK JPEG).
        public static var notImplemented: Code { Code(ffmpeg: lenta_averror_patchwelcome()) }
        /// `AVERROR_DECODER_NOT_FOUND`.
        public static var decoderNotFound: Code { Code(ffmpeg: lenta_averror_decoder_not_found()) }
        /// `AVERROR_ENCODER_NOT_FOUND`.
        public static var encoderNotFound: Code { Code(ffmpeg: lenta_averror_encoder_not_found()) }
        /// `AVERROR(ENOMEM)`.
        public static var outOfMemory: Code { averror(ENOMEM) }

        public var description: String { "\(library.rawValue) \(rawValue)" }
    }

    /// The C status, when the failure came from a C call; nil for a failure lenta found itself.
    public var code: Code?
    /// What was being done: "open container", "encode (libx264)".
    public var operation: String
    /// The file concerned ("" when none, e.g. allocating a frame).
    public var path: String
    /// Why, in words.
    public var reason: String

    public init(_ operation: String, path: String, reason: String, code: Code? = nil) {
        self.operation = operation
        self.path = path
        self.reason = reason
        self.code = code
    }

    /// A libav* failure: `status` is the negative `AVERROR` value the call returned.
    public init(_ operation: String, path: String, ffmpeg status: Int32) {
        self.init(operation, path: path, reason: Self.ffmpegText(status), code: Code(ffmpeg: status))
    }

    /// A failed system call: the reason is `strerror(errno)`.
    package static func system(_ operation: String, path: String, errno value: Int32 = errno) -> MediaError {
        MediaError(operation, path: path, reason: String(cString: strerror(value)), code: Code(errno: value))
    }

    /// A libheif failure, with libheif's message.
    package init(_ operation: String, path: String, libheif error: heif_error) {
        let message = error.message.map { String(cString: $0) } ?? ""
        self.init(operation, path: path, reason: message.isEmpty ? "libheif error \(error.code.rawValue)" : message,
                  code: Code(libheif: Int32(error.code.rawValue)))
    }

    public var description: String { path.isEmpty ? "\(operation): \(reason)" : "\(path): \(operation): \(reason)" }

    /// The words `av_strerror` gives for a libav* status; for `AVERROR(ELIBACC)`, which the calls
    /// answer when a library of FFmpeg's cannot be opened (CFFmpeg opens them on first use), why not.
    static func ffmpegText(_ status: Int32) -> String {
        if status == lenta_averror_library_unavailable(), let failure = lenta_ffmpeg_load_failure() {
            return "cannot open FFmpeg: " + String(cString: failure)
        }
        var buffer = [CChar](repeating: 0, count: 256)
        if av_strerror(status, &buffer, buffer.count) < 0 { return "error \(status)" }
        return text(buffer)
    }

    /// A C library's NUL-terminated message buffer as text.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Throws a `MediaError` for a negative libav* status, or returns it (a count, for some calls).
/// The one place a status becomes an error: `try check(avcodec_open2(…), "open decoder", path: path)`.
@discardableResult
package func check(_ status: Int32, _ operation: @autoclosure () -> String, path: String) throws -> Int32 {
    if status < 0 { throw MediaError(operation(), path: path, ffmpeg: status) }
    return status
}

/// Throws a `MediaError` for a libheif error other than `heif_error_Ok`.
package func check(_ error: heif_error, _ operation: @autoclosure () -> String, path: String) throws {
    guard error.code != heif_error_Ok else { return }
    throw MediaError(operation(), path: path, libheif: error)
}
