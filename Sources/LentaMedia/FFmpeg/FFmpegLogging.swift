import CFFmpeg

/// Process-wide libav* settings: FFmpeg's own logging would interleave with our messages, so
/// lenta collects errors from return codes and keeps the libraries quiet. Asking does not open
/// FFmpeg (every command asks at its start): the level is set when libavutil is opened.
public enum FFmpegLogging {
    public static func silence() { lenta_ffmpeg_set_log_level(AV_LOG_QUIET) }
}
