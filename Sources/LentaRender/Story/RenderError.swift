/// Why a story could not be rendered, in words (the file and the reason, when a file is at fault).
public struct RenderError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
