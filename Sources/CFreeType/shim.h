#ifndef LENTA_CFREETYPE_SHIM_H
#define LENTA_CFREETYPE_SHIM_H

// FreeType rasterises glyphs, HarfBuzz shapes (kerning, marks), fontconfig finds the fonts.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ft.h>
#include <fontconfig/fontconfig.h>

#endif
