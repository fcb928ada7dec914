import CFFmpeg

/// An `AVDictionary` of options, owned here and freed in `deinit`. libav* calls that take
/// `AVDictionary **` remove the entries they used and leave the rest, which `unused` lists.
final class AVDictionaryBox {
    var pointer: OpaquePointer?

    init(_ entries: [(String, String)] = []) throws {
        for (key, value) in entries { try set(key, value) }
    }

    deinit { av_dict_free(&pointer) }

    func set(_ key: String, _ value: String) throws {
        let status = av_dict_set(&pointer, key, value, 0)
        if status < 0 { throw SyntheticMediaError("set option \(key)", averror: status) }
    }

    var unused: [String] {
        var keys: [String] = []
        var entry: UnsafeMutablePointer<AVDictionaryEntry>? = nil
        while let next = av_dict_get(pointer, "", entry, AV_DICT_IGNORE_SUFFIX) {
            if let key = next.pointee.key { keys.append(String(cString: key)) }
            entry = next
        }
        return keys
    }
}
