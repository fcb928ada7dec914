import LentaCore
import LentaMedia

enum LentaVersion {
    static let current = ToolVersion.current

    /// The configuration's version, which ArgumentParser builds for every command: only lenta's.
    static var short: String { "lenta \(current)" }

    /// What `lenta --version` prints: lenta's version, then the C libraries it runs with. Made
    /// only when asked for (`Lenta.main`), since naming libavfilter's version opens it.
    static var report: String {
        (["lenta \(current)"] + LinkedLibraries.all().map { "\($0.name) \($0.version)" }).joined(separator: "\n")
    }
}
