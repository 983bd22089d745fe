#ifndef STORYKIT_CJPEG_H
#define STORYKIT_CJPEG_H

#include <stddef.h>

/// JPEG decoding through libjpeg's classic API (`jpeglib.h`: Debian's libjpeg-dev, which every
/// libjpeg-turbo install provides), for the compositor on Linux. Apple platforms decode with ImageIO
/// and do not build this.
///
/// libjpeg reports errors by calling `error_exit`, whose default calls `exit()`, and the usual way
/// to recover is a `longjmp` back to a `setjmp`. Both the `setjmp` and every `longjmp` stay inside
/// the two functions below, so no jump ever crosses a Swift frame: a corrupt file is a return code
/// and a message, never an exit, and libjpeg prints nothing.

/// The size of the message buffer the functions fill on failure (libjpeg's `JMSG_LENGTH_MAX`).
#define STORYKIT_JPEG_MESSAGE_CAPACITY 200

/// The most scans a progressive file may have before it is refused; bounds the time a hostile
/// file can take (TurboJPEG's `TJFLAG_LIMITSCANS` uses the same number and message).
#define STORYKIT_JPEG_MAXIMUM_SCANS 500

/// What a JPEG's headers declare.
typedef struct storykit_jpeg_header {
    /// Width and height in pixels.
    int width;
    int height;
    /// 1 when the file stores CMYK or YCCK: `storykit_jpeg_decode` then writes Adobe-style
    /// inverted CMYK (255 = no ink), four bytes a pixel; 0 for RGBA with alpha 255.
    int is_cmyk;
    /// 1 when the file stores one greyscale component (its ICC profile must be a grey one).
    int is_grey;
    /// The byte count of the ICC profile embedded in the file's APP2 `ICC_PROFILE` segments, 0
    /// when it has none (or an incomplete one, which is ignored as browsers do).
    size_t icc_size;
} storykit_jpeg_header;

/// Reads the headers of the JPEG in `data` (up to the first scan) without decoding pixels.
///
/// Returns 0 and fills `header`, or returns -1 and writes a one-line NUL-terminated reason into
/// `message` (at least `STORYKIT_JPEG_MESSAGE_CAPACITY` bytes).
int storykit_jpeg_read_header(const unsigned char *data, size_t size, storykit_jpeg_header *header,
                              char *message);

/// Decodes the JPEG in `data` into `pixels`: `width × height × 4` bytes, row by row, RGBA with
/// alpha 255 or inverted CMYK as `storykit_jpeg_read_header` reported; accurate integer IDCT and
/// smooth chroma upsampling (libjpeg's defaults).
///
/// Every libjpeg warning is an error, because it means pixels were lost and painted grey
/// ("Premature end of JPEG file"), except stray bytes between segments (`JWRN_EXTRANEOUS_DATA`),
/// which lose nothing and which browsers accept. A progressive file with more than
/// `STORYKIT_JPEG_MAXIMUM_SCANS` scans is refused.
///
/// The embedded ICC profile, `icc_size` bytes as `storykit_jpeg_read_header` reported, is copied
/// into `icc` (which may be NULL when the size is 0); the pixels are left as stored for the
/// caller to convert.
///
/// Returns 0, or -1 with a one-line reason in `message`; `pixels_size` must be exactly
/// `width × height × 4` for the header's size.
int storykit_jpeg_decode(const unsigned char *data, size_t size, unsigned char *pixels, size_t pixels_size,
                         unsigned char *icc, size_t icc_size, char *message);

#endif
