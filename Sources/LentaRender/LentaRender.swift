import LentaCore
import LentaMedia

/// Project → timeline of exact frame ranges → frames (decode, edits, transitions) → encoder; audio mix.
public enum LentaRender {}
