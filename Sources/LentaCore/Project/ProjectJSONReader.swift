/// Collects the problems met while reading a project file's JSON into the model.
public final class ProjectJSONReader {
    public private(set) var problems: [ProjectProblem] = []

    public init() {}

    public func report(_ path: ProjectJSON.Path, _ message: String) {
        problems.append(ProjectProblem(path, message))
    }

    /// `expected a number, found a string`.
    public func mismatch(_ expected: String, _ value: ProjectJSON.Value, at path: ProjectJSON.Path) {
        report(path, "expected \(expected), found \(value.kindName)")
    }

    public func number(_ value: ProjectJSON.Value, at path: ProjectJSON.Path) -> Double? {
        guard let d = value.doubleValue else {
            mismatch("a number", value, at: path)
            return nil
        }
        return d
    }

    /// A whole number; `2.0` is accepted as JSON Schema does, `2.5` is not.
    public func integer(_ value: ProjectJSON.Value, at path: ProjectJSON.Path) -> Int? {
        switch value {
        case .integer(let i): return i
        case .number(let d) where d.rounded() == d && abs(d) < 9e15: return Int(d)
        case .number(let d):
            report(path, "expected a whole number, found \(d)")
            return nil
        default:
            mismatch("a whole number", value, at: path)
            return nil
        }
    }

    /// One of an enumeration's values, or aliases of them (`center` for `centre`).
    public func enumeration<E: RawRepresentable & CaseIterable>(
        _ type: E.Type, _ value: ProjectJSON.Value, at path: ProjectJSON.Path, aliases: [String: E] = [:]
    ) -> E? where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        guard case .string(let s) = value else {
            mismatch(ProjectWords.oneOf(names.map { "\"\($0)\"" }), value, at: path)
            return nil
        }
        if let e = E(rawValue: s) ?? aliases[s] { return e }
        var message = "\(DiagnosticText.quoted(s)) is not \(ProjectWords.oneOf(names))"
        if let guess = ProjectSuggestion.closest(to: s, in: names + aliases.keys.sorted()) {
            message += " (did you mean \"\(guess)\"?)"
        }
        report(path, message)
        return nil
    }

    /// Checks that `value` is an object with only `keys` (reporting unknown keys, with a guess
    /// at the meant one, and keys written twice) and every one of `required`.
    public func object(_ value: ProjectJSON.Value, at path: ProjectJSON.Path, keys: [String], required: [String] = []) -> ProjectJSONFields? {
        guard case .object(let members) = value else {
            mismatch("an object", value, at: path)
            return nil
        }
        var fields: [String: ProjectJSON.Value] = [:]
        var seen: Set<String> = []
        for (key, member) in members {
            if !seen.insert(key).inserted {
                report(path + key, "duplicate key (a key may appear once in an object)")
                continue
            }
            guard keys.contains(key) else {
                if let guess = ProjectSuggestion.closest(to: key, in: keys.filter { !members.map(\.key).contains($0) }) {
                    report(path + key, "unknown key (did you mean \"\(guess)\"?)")
                } else {
                    report(path + key, "unknown key (expected \(ProjectWords.oneOf(keys)))")
                }
                continue
            }
            fields[key] = member
        }
        for key in required where fields[key] == nil && !seen.contains(key) {
            report(path + key, "missing (it is required)")
        }
        return ProjectJSONFields(values: fields, path: path, reader: self)
    }
}

/// The known members of one JSON object, read one key at a time.
public struct ProjectJSONFields {
    public let values: [String: ProjectJSON.Value]
    public let path: ProjectJSON.Path
    public let reader: ProjectJSONReader

    public func has(_ key: String) -> Bool { values[key] != nil }

    /// The member `key` as `T`, or nil when absent or unreadable (the reader has been told why).
    public func read<T: ProjectJSONConvertible>(_ key: String, as type: T.Type = T.self) -> T? {
        guard let value = values[key] else { return nil }
        return T(projectJSON: value, at: path + key, reader: reader)
    }

    /// The member `key` read with `read`, which gets the value and its path.
    public func read<T>(_ key: String, with read: (ProjectJSON.Value, ProjectJSON.Path) -> T?) -> T? {
        guard let value = values[key] else { return nil }
        return read(value, path + key)
    }

    /// An array member: each element read by `element`, which returns a stand-in for an
    /// unreadable element so that indices keep matching the document.
    public func list<T>(_ key: String, element: (ProjectJSON.Value, ProjectJSON.Path) -> T) -> [T]? {
        guard let value = values[key] else { return nil }
        guard case .array(let elements) = value else {
            reader.mismatch("an array", value, at: path + key)
            return nil
        }
        return elements.enumerated().map { element($1, path + key + $0) }
    }
}

/// Builds a JSON object member by member, leaving out absent (nil) members.
public struct ProjectJSONObjectBuilder {
    public private(set) var members: [(key: String, value: ProjectJSON.Value)] = []

    public init() {}

    public mutating func set(_ key: String, _ value: ProjectJSONConvertible?) {
        if let value { members.append((key, value.projectJSON)) }
    }

    public mutating func set(_ key: String, _ value: ProjectJSON.Value?) {
        if let value { members.append((key, value)) }
    }

    public var value: ProjectJSON.Value { .object(members) }
}
