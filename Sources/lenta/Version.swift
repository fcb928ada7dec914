import LentaCore
import LentaMedia

enum LentaVersion {
    static let current = ToolVersion.current

    /// What `lenta --version` prints: lenta's version, then the C libraries it runs with.
    static var report: String {
        (["lenta \(current)"] + LinkedLibraries.all().map { "\($0.name) \($0.version)" }).joined(separator: "\n")
    }
}
