/// 64-bit FNV-1a: a fast, stable hash of bytes (the same on every machine and run), enough to
/// notice a change or to seed a choice; not a security measure.
public enum FNV1a {
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01B3
        }
        return h
    }
}
