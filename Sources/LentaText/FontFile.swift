/// A face in a font file: the path and the face's index in it (collections hold several).
public struct FontFile: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var index: Int

    public init(path: String, index: Int = 0) {
        self.path = path
        self.index = index
    }

    public var description: String { index == 0 ? path : "\(path)#\(index)" }
}
