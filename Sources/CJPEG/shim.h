// libjpeg-turbo, from the system (Debian: libjpeg62-turbo-dev; Homebrew: jpeg-turbo).
// jpeglib.h needs FILE and size_t declared before it.
#include <stdio.h>
#include <stddef.h>
#include <setjmp.h>
#include <jpeglib.h>
