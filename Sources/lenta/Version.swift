import LentaCore

enum LentaVersion {
    static let current = ToolVersion.current
}
