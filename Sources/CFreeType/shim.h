// FreeType, from the system (Debian: libfreetype-dev): glyph outlines, advances, kerning and
// anti-aliased rasterisation for the compositor's text on Linux.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H
#include FT_OUTLINE_H
