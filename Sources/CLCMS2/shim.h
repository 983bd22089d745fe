// Little CMS 2, from the system (Debian: liblcms2-dev; Homebrew: little-cms2): converts images
// with an embedded ICC profile to sRGB on Linux. Apple platforms use ColorSync through ImageIO.
#include <lcms2.h>
