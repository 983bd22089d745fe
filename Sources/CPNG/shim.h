// libpng, from the system (Debian: libpng-dev; Homebrew: libpng).
#include <png.h>
