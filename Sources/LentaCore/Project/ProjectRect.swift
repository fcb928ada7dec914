/// A rectangle `[x, y, width, height]` normalised to the picture: `[0, 0, 1, 1]` is all of it,
/// (0, 0) its top-left corner, after EXIF orientation. The project validator checks that it lies
/// inside the unit square; reading only checks that it is four numbers.
public struct ProjectRect: Hashable, Codable, Sendable, StrictJSONConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let full = ProjectRect(x: 0, y: 0, width: 1, height: 1)

    /// The names of the four numbers, in order, as messages use them.
    public static let componentNames = ["x", "y", "width", "height"]

    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let n = reader.numbers(value, at: path, names: Self.componentNames) else { return nil }
        self.init(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    public var json: StrictJSON.Value { .array([x, y, width, height].map { .number($0) }) }

    public init(from decoder: Decoder) throws {
        let v = try [Double](from: decoder)
        guard v.count == 4 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected [x, y, width, height]"))
        }
        self.init(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    public func encode(to encoder: Encoder) throws { try [x, y, width, height].encode(to: encoder) }
}

extension StrictJSONReader {
    /// An array of exactly `names.count` numbers, e.g. `[x, y, width, height]`.
    public func numbers(_ value: StrictJSON.Value, at path: JSONPath, names: [String]) -> [Double]? {
        let shape = "[" + names.joined(separator: ", ") + "]"
        guard case .array(let elements) = value else {
            mismatch(shape, value, at: path)
            return nil
        }
        guard elements.count == names.count else {
            report(path, "expected \(names.count) numbers \(shape), found \(ProjectWords.plural(elements.count, "element"))")
            return nil
        }
        var numbers: [Double] = []
        for (i, element) in elements.enumerated() {
            guard let d = element.doubleValue else {
                report(path + i, "expected a number (\(names[i])), found \(element.kindName)")
                continue
            }
            numbers.append(d)
        }
        return numbers.count == names.count ? numbers : nil
    }
}
