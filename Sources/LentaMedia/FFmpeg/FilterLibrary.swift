import CFFmpeg

/// libavfilter's functions, opened once at first use rather than linked (shim.h says why): only a
/// render's sound (loudness, tempo) and a clip's stabilisation use them, and every other command
/// starts faster without it.
enum FilterLibrary {
    /// The functions, or why libavfilter could not be opened (a `MediaError` naming the library).
    static let functions: Result<LentaAVFilter, MediaError> = {
        let api = UnsafeMutablePointer<LentaAVFilter>.allocate(capacity: 1)
        defer { api.deallocate() }
        var reason = [CChar](repeating: 0, count: 512)
        guard lenta_avfilter_open(api, &reason, reason.count) == 0 else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(MediaError("open libavfilter", path: "", reason: text))
        }
        return .success(api.pointee)  // every field filled: the open succeeded
    }()

    /// The version of the libavfilter this process opened, or nil when it cannot be opened.
    static var version: UInt32? {
        guard case .success(let api) = functions else { return nil }
        return api.version()
    }
}
