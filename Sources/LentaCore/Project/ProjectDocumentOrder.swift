/// Puts problems in the order of the file they are about, so a report reads top to bottom
/// alongside it. Problems at the same place keep their order; a missing key sorts after the
/// keys its object has.
enum ProjectDocumentOrder {
    static func sort(_ problems: [ProjectProblem], in document: ProjectJSON.Value) -> [ProjectProblem] {
        let keyed = problems.enumerated().map { (position: position(of: $1.path, in: document), index: $0, problem: $1) }
        return keyed.sorted { a, b in
            a.position == b.position ? a.index < b.index : a.position.lexicographicallyPrecedes(b.position)
        }.map(\.problem)
    }

    /// The place of each component among its siblings, as far as the document goes.
    static func position(of path: ProjectJSON.Path, in document: ProjectJSON.Value) -> [Int] {
        var value: ProjectJSON.Value? = document
        var position: [Int] = []
        for component in path.components {
            switch (component, value) {
            case let (.key(key), .object(members)?):
                if let i = members.firstIndex(where: { $0.key == key }) {
                    position.append(i)
                    value = members[i].value
                } else {
                    position.append(members.count)
                    value = nil
                }
            case let (.index(i), .array(elements)?):
                position.append(i)
                value = elements.indices.contains(i) ? elements[i] : nil
            case (.index(let i), _):
                position.append(i)
                value = nil
            default:
                position.append(Int.max)
                value = nil
            }
        }
        return position
    }
}

extension ProjectJSON.Path {
    /// Reads back what `description` wrote: `items[3].kenBurns.to`, `items[0]["my key"]`.
    public init(parsing text: String) {
        var components: [Component] = []
        var scalars = Array(text.unicodeScalars)[...]
        var name = String.UnicodeScalarView()
        func flush() {
            if !name.isEmpty { components.append(.key(String(name))); name = String.UnicodeScalarView() }
        }
        while let c = scalars.first {
            scalars = scalars.dropFirst()
            switch c {
            case ".":
                flush()
            case "[":
                flush()
                if scalars.first == "\"" {
                    scalars = scalars.dropFirst()
                    var key = String.UnicodeScalarView()
                    while let k = scalars.first, k != "\"" {
                        scalars = scalars.dropFirst()
                        if k == "\\", let next = scalars.first {
                            scalars = scalars.dropFirst()
                            key.append(next == "n" ? "\n" : next == "t" ? "\t" : next == "r" ? "\r" : next)
                        } else {
                            key.append(k)
                        }
                    }
                    scalars = scalars.dropFirst()  // the closing quote
                    components.append(.key(String(key)))
                } else {
                    var digits = ""
                    while let d = scalars.first, d != "]" { digits.unicodeScalars.append(d); scalars = scalars.dropFirst() }
                    components.append(.index(Int(digits) ?? 0))
                }
                if scalars.first == "]" { scalars = scalars.dropFirst() }
            default:
                name.append(c)
            }
        }
        flush()
        self.init(components)
    }
}
