/// lenta's version: shown by `--version`, and part of every story's render key (a new lenta
/// renders stories again). 0.2.0: the project file's `route` (a travelled track). 0.3.0: an
/// item's `routeInterlude` (the route map with a travelling dot before it).
public enum ToolVersion {
    public static let current = "0.3.0"
}
