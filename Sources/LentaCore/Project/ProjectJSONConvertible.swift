/// A value read from and written to project-file JSON. Reading never stops at the first problem:
/// it reports each one to the reader with its path and returns nil only when nothing usable is
/// left of the value (a string where an object was expected).
public protocol ProjectJSONConvertible {
    init?(projectJSON value: ProjectJSON.Value, at path: ProjectJSON.Path, reader: ProjectJSONReader)
    /// The value as it is written to a project file, in exactly the schema's shape.
    var projectJSON: ProjectJSON.Value { get }
}

/// A JSON object of the project file: its keys (the schema's `properties`) and the required ones.
/// `Codable` comes from the same reading and writing, so `JSONDecoder` is as strict as
/// `ProjectFile.load` (it throws `ProjectFileError`) and `JSONEncoder` writes the same shape.
public protocol ProjectJSONObject: ProjectJSONConvertible, Codable {
    /// Every key the object may have, in the order the documentation lists them.
    static var jsonKeys: [String] { get }
    /// The keys it must have.
    static var requiredKeys: [String] { get }
}

extension ProjectJSONObject {
    public static var requiredKeys: [String] { [] }

    public init(from decoder: Decoder) throws {
        let value = try ProjectJSON.Value(from: decoder)
        let reader = ProjectJSONReader()
        let path = ProjectJSON.Path(codingPath: decoder.codingPath)
        let decoded = Self(projectJSON: value, at: path, reader: reader)
        guard let decoded, reader.problems.isEmpty else {
            throw ProjectFileError(problems: reader.problems.isEmpty ? [ProjectProblem(path, "cannot be read")] : reader.problems)
        }
        self = decoded
    }

    public func encode(to encoder: Encoder) throws {
        try projectJSON.encode(to: encoder)
    }
}

extension ProjectJSONConvertible where Self: RawRepresentable & CaseIterable, RawValue == String {
    public init?(projectJSON value: ProjectJSON.Value, at path: ProjectJSON.Path, reader: ProjectJSONReader) {
        guard let found = reader.enumeration(Self.self, value, at: path) else { return nil }
        self = found
    }

    public var projectJSON: ProjectJSON.Value { .string(rawValue) }
}

extension Double: ProjectJSONConvertible {
    public init?(projectJSON value: ProjectJSON.Value, at path: ProjectJSON.Path, reader: ProjectJSONReader) {
        guard let d = reader.number(value, at: path) else { return nil }
        self = d
    }

    public var projectJSON: ProjectJSON.Value { .number(self) }
}

extension Int: ProjectJSONConvertible {
    public init?(projectJSON value: ProjectJSON.Value, at path: ProjectJSON.Path, reader: ProjectJSONReader) {
        guard let i = reader.integer(value, at: path) else { return nil }
        self = i
    }

    public var projectJSON: ProjectJSON.Value { .integer(self) }
}

extension String: ProjectJSONConvertible {
    public init?(projectJSON value: ProjectJSON.Value, at path: ProjectJSON.Path, reader: ProjectJSONReader) {
        guard case .string(let s) = value else {
            reader.mismatch("a string", value, at: path)
            return nil
        }
        self = s
    }

    public var projectJSON: ProjectJSON.Value { .string(self) }
}

extension Bool: ProjectJSONConvertible {
    public init?(projectJSON value: ProjectJSON.Value, at path: ProjectJSON.Path, reader: ProjectJSONReader) {
        guard case .bool(let b) = value else {
            reader.mismatch("true or false", value, at: path)
            return nil
        }
        self = b
    }

    public var projectJSON: ProjectJSON.Value { .bool(self) }
}

extension ProjectJSON.Path {
    init(codingPath: [CodingKey]) {
        self.init(codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) })
    }
}
