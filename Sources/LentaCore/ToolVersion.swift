/// lenta's version: shown by `--version`, and part of every story's render key (a new lenta
/// renders stories again).
public enum ToolVersion {
    public static let current = "0.1.0"
}
