/// A value read from and written to strict JSON (a project file, a preset, a look). Reading never stops at the first problem:
/// it reports each one to the reader with its path and returns nil only when nothing usable is
/// left of the value (a string where an object was expected).
public protocol StrictJSONConvertible {
    init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader)
    /// The value as it is written to its file, in exactly the schema's shape.
    var json: StrictJSON.Value { get }
}

/// A JSON object of a file read strictly: its keys (the schema's `properties`) and the required ones.
/// `Codable` comes from the same reading and writing, so `JSONDecoder` is as strict as
/// `ProjectFile.load` (it throws `ProjectFileError`) and `JSONEncoder` writes the same shape.
public protocol StrictJSONObject: StrictJSONConvertible, Codable {
    /// Every key the object may have, in the order the documentation lists them.
    static var jsonKeys: [String] { get }
    /// The keys it must have.
    static var requiredKeys: [String] { get }
}

extension StrictJSONObject {
    public static var requiredKeys: [String] { [] }

    public init(from decoder: Decoder) throws {
        let value = try StrictJSON.Value(from: decoder)
        let reader = StrictJSONReader()
        let path = JSONPath(codingPath: decoder.codingPath)
        let decoded = Self(json: value, at: path, reader: reader)
        guard let decoded, reader.problems.isEmpty else {
            throw ProjectFileError(problems: reader.problems.isEmpty ? [ProjectProblem(path, "cannot be read")] : reader.problems)
        }
        self = decoded
    }

    public func encode(to encoder: Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension StrictJSONConvertible where Self: RawRepresentable & CaseIterable, RawValue == String {
    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let found = reader.enumeration(Self.self, value, at: path) else { return nil }
        self = found
    }

    public var json: StrictJSON.Value { .string(rawValue) }
}

extension Double: StrictJSONConvertible {
    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let d = reader.number(value, at: path) else { return nil }
        self = d
    }

    public var json: StrictJSON.Value { .number(self) }
}

extension Int: StrictJSONConvertible {
    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard let i = reader.integer(value, at: path) else { return nil }
        self = i
    }

    public var json: StrictJSON.Value { .integer(self) }
}

extension String: StrictJSONConvertible {
    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard case .string(let s) = value else {
            reader.mismatch("a string", value, at: path)
            return nil
        }
        self = s
    }

    public var json: StrictJSON.Value { .string(self) }
}

extension Bool: StrictJSONConvertible {
    public init?(json value: StrictJSON.Value, at path: JSONPath, reader: StrictJSONReader) {
        guard case .bool(let b) = value else {
            reader.mismatch("true or false", value, at: path)
            return nil
        }
        self = b
    }

    public var json: StrictJSON.Value { .bool(self) }
}

extension JSONPath {
    init(codingPath: [CodingKey]) {
        self.init(codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) })
    }
}
