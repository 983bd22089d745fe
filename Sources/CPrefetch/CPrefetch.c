// The target's one source file (SwiftPM needs one); everything is inline in include/CPrefetch.h.
#include "CPrefetch.h"
