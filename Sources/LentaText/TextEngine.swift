import CFreeType
import LentaCore

// Placeholder: the FreeType/HarfBuzz/fontconfig text engine is being written.
