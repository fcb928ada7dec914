import CFreeType

/// Owns one `FT_Library`: the FreeType instance faces are opened with.
final class FreeTypeLibrary {
    private let library: FT_Library

    init() throws {
        var made: FT_Library?
        let error = FT_Init_FreeType(&made)
        guard error == 0, let made else { throw TextError(operation: "FT_Init_FreeType", code: error) }
        library = made
    }

    deinit { FT_Done_FreeType(library) }

    func withUnsafeLibrary<T>(_ body: (FT_Library) throws -> T) rethrows -> T { try body(library) }
}
