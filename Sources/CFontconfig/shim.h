// fontconfig, from the system (Debian: libfontconfig-dev): matches a family and weight to the
// installed fonts, in fallback order, for the compositor's text on Linux.
#include <fontconfig/fontconfig.h>
