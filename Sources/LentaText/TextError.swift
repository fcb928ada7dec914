/// A text library call that failed: which operation, on which font file, and why.
public struct TextError: Error, CustomStringConvertible, Sendable {
    /// The C call or step, `FT_New_Face`.
    public var operation: String
    /// The font file concerned, when there is one.
    public var fontFile: String?
    /// FreeType's error code, when the failure came with one.
    public var code: Int32?
    public var detail: String?

    public init(operation: String, fontFile: String? = nil, code: Int32? = nil, detail: String? = nil) {
        self.operation = operation
        self.fontFile = fontFile
        self.code = code
        self.detail = detail
    }

    public var description: String {
        var text = "\(operation) failed"
        if let fontFile { text += " for \(fontFile)" }
        if let code { text += " (FreeType error \(code))" }
        if let detail { text += ": \(detail)" }
        return text
    }
}
