// PNG decoding through libpng's classic API, with libpng's error handling (its setjmp/longjmp
// recovery) kept entirely inside this file. See include/CPNG.h.
#if defined(__APPLE__)
// Apple platforms decode PNG with ImageIO (RGBAImage+ImageIO.swift); nothing to build here.
#else

#include <png.h>
#include <stdio.h>
#include <string.h>

#include "CPNG.h"

/// The bytes being read and the caller's message buffer, libpng's I/O and error pointer.
struct storykit_png_source {
    const unsigned char *data;
    size_t size;
    size_t offset;
    char *message;
};

/// The read callback: copies the next `length` bytes, or fails with "end of data".
static void storykit_png_read(png_structp png, png_bytep out, size_t length) {
    struct storykit_png_source *source = (struct storykit_png_source *)png_get_io_ptr(png);
    if (source->size - source->offset < length) png_error(png, "end of data");
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

/// The error callback: keeps libpng's message and jumps back to the running function's `setjmp`.
static void storykit_png_fail(png_structp png, png_const_charp text) {
    struct storykit_png_source *source = (struct storykit_png_source *)png_get_error_ptr(png);
    snprintf(source->message, STORYKIT_PNG_MESSAGE_CAPACITY, "%s", text);
    png_longjmp(png, 1);
}

/// The warning callback: libpng prints nothing (benign problems such as a bad ancillary chunk
/// are skipped, as browsers do).
static void storykit_png_warn(png_structp png, png_const_charp text) { (void)png; (void)text; }

/// Reads the header and, when `pixels` is given, the pixels. One function, so that one `setjmp`
/// covers every libpng call of a decode.
static int storykit_png_run(const unsigned char *data, size_t size, storykit_png_header *header,
                            unsigned char *pixels, size_t pixels_size, unsigned char *icc, size_t icc_size,
                            char *message) {
    struct storykit_png_source source = {data, size, 0, message};
    message[0] = '\0';
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, storykit_png_fail, storykit_png_warn);
    if (!png) {
        snprintf(message, STORYKIT_PNG_MESSAGE_CAPACITY, "out of memory");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        snprintf(message, STORYKIT_PNG_MESSAGE_CAPACITY, "out of memory");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    png_set_read_fn(png, &source, storykit_png_read);
    // The Swift side checks every chunk's CRC first and names the damaged chunk; libpng's own
    // check stays on as a second line.
    png_read_info(png, info);

    png_uint_32 width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    int colour = png_get_color_type(png, info);
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_size = 0;
    int has_profile = !png_get_valid(png, info, PNG_INFO_sRGB)
        && png_get_iCCP(png, info, &name, &compression, &profile, &profile_size) != 0 && profile_size > 0;
    if (header) {
        header->width = (int)width;
        header->height = (int)height;
        header->is_grey = (colour & PNG_COLOR_MASK_COLOR) == 0;
        header->icc_size = has_profile ? (size_t)profile_size : 0;
    }
    if (!pixels) {
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    if ((has_profile ? (size_t)profile_size : 0) != icc_size || (icc_size > 0 && !icc)) {
        snprintf(message, STORYKIT_PNG_MESSAGE_CAPACITY, "ICC profile size does not match the buffer");
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    if (has_profile) memcpy(icc, profile, profile_size);

    png_set_expand(png);    // palette to RGB, grey below 8 bits to 8, tRNS to alpha
    png_set_scale_16(png);  // 16 bits to 8, rounded: round(v / 257)
    png_set_gray_to_rgb(png);
    if ((colour & PNG_COLOR_MASK_ALPHA) == 0 && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    // A declared gamma is converted to sRGB; no gAMA is taken as sRGB already. The profile, when
    // there is one, describes the stored samples, so they are left alone.
    if (!has_profile) png_set_gamma(png, PNG_DEFAULT_sRGB, PNG_DEFAULT_sRGB);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t row_size = (size_t)width * 4;
    if (png_get_rowbytes(png, info) != row_size || row_size * height != pixels_size) {
        snprintf(message, STORYKIT_PNG_MESSAGE_CAPACITY, "decoded size %ux%u does not match the buffer",
                 (unsigned)width, (unsigned)height);
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) png_read_row(png, pixels + row_size * y, NULL);
    }
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int storykit_png_read_header(const unsigned char *data, size_t size, storykit_png_header *header, char *message) {
    return storykit_png_run(data, size, header, NULL, 0, NULL, 0, message);
}

int storykit_png_decode(const unsigned char *data, size_t size, unsigned char *pixels, size_t pixels_size,
                        unsigned char *icc, size_t icc_size, char *message) {
    if (!pixels) {
        snprintf(message, STORYKIT_PNG_MESSAGE_CAPACITY, "no pixel buffer");
        return -1;
    }
    return storykit_png_run(data, size, NULL, pixels, pixels_size, icc, icc_size, message);
}

#endif
