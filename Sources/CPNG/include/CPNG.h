#ifndef STORYKIT_CPNG_H
#define STORYKIT_CPNG_H

#include <stddef.h>

#if !defined(__APPLE__)
// The simplified write API (`png_image_write_to_memory`) is used from Swift directly.
#include <png.h>
#endif

/// PNG decoding through libpng's classic API (Debian's libpng-dev), for the compositor on Linux.
/// Apple platforms decode with ImageIO and do not build this.
///
/// libpng's simplified API (`png_image`) decodes Adam7-interlaced 16-bit files wrong when it
/// narrows them to 8 bits (every row that interlace passes 1–6 fill is off, by up to 251 levels
/// in PngSuite's basi0g16), so the rows are read here with the classic API and explicit
/// transforms. libpng reports errors by `longjmp`; the `setjmp` and every jump stay inside the
/// functions below, so no jump crosses a Swift frame and libpng prints nothing.

/// The size of the message buffer the functions fill on failure.
#define STORYKIT_PNG_MESSAGE_CAPACITY 200

/// What a PNG's chunks before its image data declare.
typedef struct storykit_png_header {
    /// Width and height in pixels.
    int width;
    int height;
    /// 1 for greyscale colour types (0 and 4), whose ICC profile must be a grey one.
    int is_grey;
    /// The byte count of the decompressed ICC profile of an `iCCP` chunk, 0 when the file has
    /// none or has an `sRGB` chunk (which takes precedence).
    size_t icc_size;
} storykit_png_header;

/// Reads the chunks of the PNG in `data` up to its image data, without decoding pixels.
///
/// Returns 0 and fills `header`, or returns -1 and writes a one-line NUL-terminated reason into
/// `message` (at least `STORYKIT_PNG_MESSAGE_CAPACITY` bytes; "end of data" when the file ends
/// early).
int storykit_png_read_header(const unsigned char *data, size_t size, storykit_png_header *header, char *message);

/// Decodes the PNG in `data` into `pixels`, `width × height × 4` bytes of straight-alpha RGBA8:
/// palettes and low bit depths expanded, `tRNS` turned into alpha, 16-bit samples scaled to 8
/// bits as `round(v / 257)`, every interlace pass combined.
///
/// Without an ICC profile (`header.icc_size == 0`) a file that declares a gamma (`gAMA`) is
/// converted to sRGB; with one, the samples are left as stored and the profile, `icc_size`
/// bytes, is copied into `icc` for the caller to convert (`icc` may be NULL when it is 0).
///
/// Returns 0, or -1 with a one-line reason in `message`; `pixels_size` must be exactly
/// `width × height × 4` for the header's size.
int storykit_png_decode(const unsigned char *data, size_t size, unsigned char *pixels, size_t pixels_size,
                        unsigned char *icc, size_t icc_size, char *message);

#endif
