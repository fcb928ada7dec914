import Glibc

/// One plane's 8-bit samples, rows packed, in memory that starts on a 64-byte boundary: a value
/// with an array's semantics (copied on write) whose storage is aligned as FFmpeg aligns its own
/// frames. A Swift array's elements start 32 bytes into its allocation (48 bytes past a cache
/// line's start for the large blocks glibc maps), so every other 32-byte store of the resampler
/// and of x264's loads when it copies a lent frame straddled two cache lines (a 2160p render with
/// every plane so placed took 4 % more CPU than with every plane aligned), and the resampler could
/// not write whole lines (`vertical_whole4`). Bench/README, session 22.
public struct PlaneSamples: Sendable, RandomAccessCollection, MutableCollection, Hashable, ExpressibleByArrayLiteral {
    /// The bytes a plane starts on a multiple of.
    public static let alignment = 64

    private var storage: Storage

    public typealias Element = UInt8
    public typealias Index = Int
    public typealias Indices = Range<Int>
    public typealias SubSequence = Slice<PlaneSamples>

    /// No samples.
    public init() { self.init(repeating: 0, count: 0) }

    /// `count` samples of `value`.
    public init(repeating value: UInt8, count: Int) {
        storage = Storage(count: count)
        storage.base.initialize(repeating: value, count: count)
    }

    /// A copy of `samples`.
    public init<S: Sequence>(_ samples: S) where S.Element == UInt8 {
        let array = samples as? [UInt8] ?? Array(samples)
        storage = Storage(count: array.count)
        let base = storage.base
        array.withUnsafeBufferPointer { if let from = $0.baseAddress { base.initialize(from: from, count: $0.count) } }
    }

    public init(arrayLiteral elements: UInt8...) { self.init(elements) }

    /// `count` samples written by `initialize`, which must set every one of them (the memory is
    /// not cleared first).
    public init(unsafeUninitializedCount count: Int, initializingWith initialize: (UnsafeMutableBufferPointer<UInt8>) throws -> Void) rethrows {
        storage = Storage(count: count)
        try initialize(UnsafeMutableBufferPointer(start: storage.base, count: count))
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }
    public var count: Int { storage.count }

    public subscript(position: Int) -> UInt8 {
        get {
            precondition(position >= 0 && position < storage.count, "sample index in range")
            return storage.base[position]
        }
        set {
            precondition(position >= 0 && position < storage.count, "sample index in range")
            makeUnique()
            storage.base[position] = newValue
        }
    }

    public subscript(bounds: Range<Int>) -> Slice<PlaneSamples> {
        get {
            precondition(bounds.lowerBound >= 0 && bounds.upperBound <= storage.count, "sample range in range")
            return Slice(base: self, bounds: bounds)
        }
        set {
            precondition(bounds.lowerBound >= 0 && bounds.upperBound <= storage.count && newValue.count == bounds.count,
                         "a range replaced by as many samples")
            makeUnique()
            let target = storage.base + bounds.lowerBound
            newValue.base.withUnsafeBufferPointer { source in
                if let from = source.baseAddress {
                    target.update(from: from + newValue.startIndex, count: bounds.count)
                }
            }
        }
    }

    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    public mutating func withUnsafeMutableBufferPointer<R>(_ body: (inout UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R {
        makeUnique()
        var buffer = UnsafeMutableBufferPointer(start: storage.base, count: storage.count)
        return try body(&buffer)
    }

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage.base, count: storage.count))
    }

    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    public mutating func withContiguousMutableStorageIfAvailable<R>(_ body: (inout UnsafeMutableBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try withUnsafeMutableBufferPointer(body)
    }

    public static func == (lhs: PlaneSamples, rhs: PlaneSamples) -> Bool {
        lhs.count == rhs.count && (lhs.storage === rhs.storage || memcmp(lhs.storage.base, rhs.storage.base, lhs.count) == 0)
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// The aligned block. Unchecked as an array's buffer is (a raw pointer is not Sendable): a
    /// `PlaneSamples` writes only into a storage it holds the one reference to (`makeUnique`),
    /// so a storage two values share, on any threads, is only read.
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let count: Int
        /// The allocation `base` lies in.
        private let block: UnsafeMutableRawPointer

        init(count: Int) {
            precondition(count >= 0, "a plane has a non-negative sample count")
            self.count = count
            // A plain allocation a line longer, and the plane from its first line boundary: an
            // aligned allocation (`posix_memalign`) of a frame's planes left glibc's arenas
            // holding 24–90 MB more at a 2160p render's peak than the same blocks from `malloc`.
            let alignment = PlaneSamples.alignment
            block = UnsafeMutableRawPointer.allocate(byteCount: count + alignment, alignment: 16)
            let skip = (alignment - Int(bitPattern: UInt(bitPattern: block) % UInt(alignment))) % alignment
            base = (block + skip).bindMemory(to: UInt8.self, capacity: Swift.max(count, 1))
        }

        func copy() -> Storage {
            let copy = Storage(count: count)
            copy.base.initialize(from: base, count: count)
            return copy
        }

        deinit { block.deallocate() }
    }
}
