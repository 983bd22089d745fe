// JPEG decoding through libjpeg's classic API, with libjpeg's error handling (its setjmp/longjmp
// recovery) kept entirely inside this file. See include/CJPEG.h.
#if defined(__APPLE__)
// Apple platforms decode JPEG with ImageIO (RGBAImage+ImageIO.swift); nothing to build here.
#else

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__has_include)
#if !__has_include(<jpeglib.h>)
#error "StoryRender decodes JPEG with libjpeg: install its headers (Debian/Ubuntu: apt-get install libjpeg-dev)"
#endif
#endif
#include <jpeglib.h>
#include <jerror.h>

#ifndef JCS_EXTENSIONS
#error "StoryRender needs libjpeg-turbo's libjpeg (it decodes straight to RGBA); Debian's libjpeg-dev is that"
#endif

#include "CJPEG.h"

/// libjpeg's error manager extended with the jump back into the decoding function and the
/// caller's message buffer. `manager` comes first, so `cinfo->err` casts to this.
struct storykit_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
    /// While set, warnings are ignored (an unreadable ICC profile is dropped, not fatal).
    int tolerant;
};

/// `error_exit`: keeps libjpeg's message and jumps back to the `setjmp` of the running function
/// (instead of printing it and calling `exit()`).
static void storykit_jpeg_fail(j_common_ptr cinfo) {
    struct storykit_jpeg_error *error = (struct storykit_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, error->message);
    longjmp(error->jump, 1);
}

/// `emit_message`: trace messages (level ≥ 0) are dropped; a warning (level -1) fails the decode,
/// unless it is the one that loses no pixel: stray bytes between segments.
static void storykit_jpeg_emit(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    cinfo->err->num_warnings++;
    if (((struct storykit_jpeg_error *)cinfo->err)->tolerant) return;
    if (cinfo->err->msg_code == JWRN_EXTRANEOUS_DATA) return;
    storykit_jpeg_fail(cinfo);
}

/// `output_message`: libjpeg prints nothing.
static void storykit_jpeg_output(j_common_ptr cinfo) { (void)cinfo; }

/// The progress monitor: refuses a file once it passes its maximum number of scans.
static void storykit_jpeg_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    if (((j_decompress_ptr)cinfo)->input_scan_number <= STORYKIT_JPEG_MAXIMUM_SCANS) return;
    struct storykit_jpeg_error *error = (struct storykit_jpeg_error *)cinfo->err;
    snprintf(error->message, STORYKIT_JPEG_MESSAGE_CAPACITY, "Progressive JPEG image has more than %d scans",
             STORYKIT_JPEG_MAXIMUM_SCANS);
    longjmp(error->jump, 1);
}

/// Sets up the error manager and progress monitor for a decompressor that is about to be created.
static void storykit_jpeg_prepare(struct jpeg_decompress_struct *cinfo, struct storykit_jpeg_error *error,
                                  struct jpeg_progress_mgr *progress, char *message) {
    memset(cinfo, 0, sizeof *cinfo);
    memset(progress, 0, sizeof *progress);
    message[0] = '\0';
    error->tolerant = 0;
    cinfo->err = jpeg_std_error(&error->manager);
    error->manager.error_exit = storykit_jpeg_fail;
    error->manager.emit_message = storykit_jpeg_emit;
    error->manager.output_message = storykit_jpeg_output;
    error->message = message;
    progress->progress_monitor = storykit_jpeg_progress;
}

/// Reads the headers, then, when `pixels` is given, decodes into it. One function, so that one
/// `setjmp` covers every libjpeg call of a decode.
static int storykit_jpeg_run(const unsigned char *data, size_t size, storykit_jpeg_header *header,
                             unsigned char *pixels, size_t pixels_size, unsigned char *icc, size_t icc_size,
                             char *message) {
    struct jpeg_decompress_struct cinfo;
    struct storykit_jpeg_error error;
    struct jpeg_progress_mgr progress;
    storykit_jpeg_prepare(&cinfo, &error, &progress, message);
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    cinfo.progress = &progress;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);  // ICC_PROFILE segments
    jpeg_read_header(&cinfo, TRUE);
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    JOCTET *profile = NULL;
    unsigned int profile_size = 0;
    error.tolerant = 1;  // a damaged profile is ignored, as browsers and ImageIO do
    if (!jpeg_read_icc_profile(&cinfo, &profile, &profile_size)) profile_size = 0;
    error.tolerant = 0;
    size_t found = profile ? (size_t)profile_size : 0;
    int copied = found == icc_size && (found == 0 || icc);
    if (copied && found > 0) memcpy(icc, profile, found);
    free(profile);  // allocated by libjpeg with malloc
    if (header) {
        header->width = (int)cinfo.image_width;
        header->height = (int)cinfo.image_height;
        header->is_cmyk = cmyk;
        header->is_grey = cinfo.num_components == 1;
        header->icc_size = found;
    }
    if (!pixels) {
        jpeg_destroy_decompress(&cinfo);
        return 0;
    }
    if (!copied) {
        snprintf(message, STORYKIT_JPEG_MESSAGE_CAPACITY, "ICC profile size does not match the buffer");
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    size_t row_size = (size_t)cinfo.output_width * 4;
    if (cinfo.output_components != 4 || row_size * cinfo.output_height != pixels_size) {
        snprintf(message, STORYKIT_JPEG_MESSAGE_CAPACITY, "decoded size %ux%u does not match the buffer",
                 (unsigned)cinfo.output_width, (unsigned)cinfo.output_height);
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + row_size * cinfo.output_scanline;
        // A memory source cannot suspend: it ends early only with a warning, which jumps above.
        if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) {
            snprintf(message, STORYKIT_JPEG_MESSAGE_CAPACITY, "Premature end of JPEG file");
            jpeg_destroy_decompress(&cinfo);
            return -1;
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

int storykit_jpeg_read_header(const unsigned char *data, size_t size, storykit_jpeg_header *header,
                              char *message) {
    return storykit_jpeg_run(data, size, header, NULL, 0, NULL, 0, message);
}

int storykit_jpeg_decode(const unsigned char *data, size_t size, unsigned char *pixels, size_t pixels_size,
                         unsigned char *icc, size_t icc_size, char *message) {
    if (!pixels) {
        snprintf(message, STORYKIT_JPEG_MESSAGE_CAPACITY, "no pixel buffer");
        return -1;
    }
    return storykit_jpeg_run(data, size, NULL, pixels, pixels_size, icc, icc_size, message);
}

#endif
