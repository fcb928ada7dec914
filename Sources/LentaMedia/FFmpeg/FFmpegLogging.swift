import CFFmpeg

/// Process-wide libav* settings: FFmpeg's own logging would interleave with our messages, so
/// lenta collects errors from return codes and keeps the libraries quiet.
public enum FFmpegLogging {
    public static func silence() { av_log_set_level(AV_LOG_QUIET) }
}
