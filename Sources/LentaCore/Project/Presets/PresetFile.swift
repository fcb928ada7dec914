import Foundation

/// The one reader of the preset library's JSON files (output presets and look recipes): parsed
/// strictly, decoded, then checked, every problem collected and thrown together naming the file.
enum PresetFile {
    /// - Parameters:
    ///   - decode: makes the value from the document, reporting what it cannot read to the reader.
    ///   - check: the value's own problems (ranges, names).
    /// - Throws: `PresetLibraryError.invalid` naming `file`, with every problem.
    static func read<Value>(
        _ data: Data, file: String,
        decode: (StrictJSON.Value, StrictJSONReader) -> Value?,
        check: (Value) -> [ProjectProblem]
    ) throws -> Value {
        let document: StrictJSON.Value
        do {
            document = try StrictJSON.parse(data)
        } catch {
            throw PresetLibraryError.invalid(file: file, problems: [ProjectProblem(path: .root, message: "\(error)")])
        }
        let reader = StrictJSONReader()
        let value = decode(document, reader)
        let problems = reader.problems + (value.map(check) ?? [])
        guard let value, problems.isEmpty else { throw PresetLibraryError.invalid(file: file, problems: problems) }
        return value
    }
}
