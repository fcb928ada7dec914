/// Puts problems in the order of the file they are about, so a report reads top to bottom
/// alongside it. Problems at the same place keep their order; a missing key sorts after the
/// keys its object has.
enum ProjectDocumentOrder {
    static func sort(_ problems: [ProjectProblem], in document: StrictJSON.Value) -> [ProjectProblem] {
        let keyed = problems.enumerated().map { (position: position(of: $1.path, in: document), index: $0, problem: $1) }
        return keyed.sorted { a, b in
            a.position == b.position ? a.index < b.index : a.position.lexicographicallyPrecedes(b.position)
        }.map(\.problem)
    }

    /// The place of each component among its siblings, as far as the document goes.
    static func position(of path: JSONPath, in document: StrictJSON.Value) -> [Int] {
        var value: StrictJSON.Value? = document
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
