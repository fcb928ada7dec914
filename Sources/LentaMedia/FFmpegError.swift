import CFFmpeg

/// libav* reports failures as negative codes; `av_strerror` turns them into words.
func avErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    av_strerror(code, &buffer, buffer.count)
    return String(cString: buffer)
}

/// Process-wide libav* settings: FFmpeg's own logging would interleave with our messages, so
/// lenta collects errors from return codes and keeps the libraries quiet.
public enum FFmpegLogging {
    public static func silence() { av_log_set_level(AV_LOG_QUIET) }
}
