// Colour management through Little CMS 2 on Linux, loaded at run time (see CLCMS2.c).
#ifndef STORYKIT_CLCMS2_H
#define STORYKIT_CLCMS2_H

#include <stdint.h>

/// What the pixels hold (four bytes a pixel), and so which kind of ICC profile fits them.
enum storykit_cms_content {
    /// RGBA8: an RGB profile; alpha is left alone.
    STORYKIT_CMS_RGB = 0,
    /// Grey expanded to RGBA8 (R = G = B): a grey profile; alpha is left alone.
    STORYKIT_CMS_GREY = 1,
    /// Adobe-style inverted CMYK (255 = no ink): a CMYK profile; the result is opaque RGBA8.
    STORYKIT_CMS_INVERTED_CMYK = 2,
};

/// Whether Little CMS 2 (liblcms2.so.2) could be loaded.
int storykit_cms_available(void);

/// Converts `count` pixels in place from the colour space `profile` (`size` bytes of ICC
/// profile) describes to sRGB, perceptual intent, 8 bits.
///
/// Returns 1 when converted; 0 when the profile was ignored (Little CMS missing, a profile it
/// cannot read, or one whose colour space does not fit `content`).
int storykit_cms_convert_to_srgb(const void *profile, uint32_t size, int content, uint8_t *pixels, uint32_t count);

#endif
