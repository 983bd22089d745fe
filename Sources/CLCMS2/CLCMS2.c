// Colour management with Little CMS 2 (Debian's liblcms2-2, which every desktop install and this
// project's machines have), loaded with dlopen at the first use so that building StoryKit needs no
// -dev package: the README's two set-up commands work on a machine with only the runtime
// library. The seven functions used are declared here with lcms2.h's signatures (lcms2 2.x keeps
// them stable); without the library, profiles are ignored and pixels stay as stored.
#if defined(__APPLE__)
// Apple platforms use ColorSync through ImageIO (RGBAImage+ImageIO.swift); nothing to build here.
#else

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

#include "CLCMS2.h"

typedef void *cms_profile;
typedef void *cms_transform;

static struct {
    cms_profile (*open_from_memory)(const void *, uint32_t);
    int (*close_profile)(cms_profile);
    uint32_t (*color_space)(cms_profile);
    cms_profile (*create_srgb)(void);
    cms_transform (*create_transform)(cms_profile, uint32_t, cms_profile, uint32_t, uint32_t, uint32_t);
    void (*transform)(cms_transform, const void *, void *, uint32_t);
    void (*delete_transform)(cms_transform);
    int loaded;
} cms;

static pthread_once_t cms_once = PTHREAD_ONCE_INIT;

static void cms_load(void) {
    void *library = dlopen("liblcms2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("liblcms2.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    *(void **)&cms.open_from_memory = dlsym(library, "cmsOpenProfileFromMem");
    *(void **)&cms.close_profile = dlsym(library, "cmsCloseProfile");
    *(void **)&cms.color_space = dlsym(library, "cmsGetColorSpace");
    *(void **)&cms.create_srgb = dlsym(library, "cmsCreate_sRGBProfile");
    *(void **)&cms.create_transform = dlsym(library, "cmsCreateTransform");
    *(void **)&cms.transform = dlsym(library, "cmsDoTransform");
    *(void **)&cms.delete_transform = dlsym(library, "cmsDeleteTransform");
    cms.loaded = cms.open_from_memory && cms.close_profile && cms.color_space && cms.create_srgb
        && cms.create_transform && cms.transform && cms.delete_transform;
}

int storykit_cms_available(void) {
    pthread_once(&cms_once, cms_load);
    return cms.loaded;
}

// lcms2.h's colour-space signatures, pixel types and TYPE_… layout:
// colour space << 16 | flavour (1: inverted) << 13 | extra channels << 7 | channels << 3 | bytes.
enum { SIG_RGB = 0x52474220, SIG_GRAY = 0x47524159, SIG_CMYK = 0x434D594B };
enum { PT_GRAY = 3, PT_RGB = 4, PT_CMYK = 6 };
static uint32_t cms_format(uint32_t space, uint32_t channels, uint32_t extra, int inverted) {
    return space << 16 | (inverted ? 1u << 13 : 0u) | extra << 7 | channels << 3 | 1u;
}

int storykit_cms_convert_to_srgb(const void *profile, uint32_t size, int content, uint8_t *pixels, uint32_t count) {
    if (!storykit_cms_available() || !profile || size == 0 || !pixels) return 0;
    cms_profile input = cms.open_from_memory(profile, size);
    if (!input) return 0;
    uint32_t space = cms.color_space(input), format;
    switch (content) {
    case STORYKIT_CMS_RGB: format = space == SIG_RGB ? cms_format(PT_RGB, 3, 1, 0) : 0; break;
    case STORYKIT_CMS_GREY: format = space == SIG_GRAY ? cms_format(PT_GRAY, 1, 3, 0) : 0; break;  // R of each pixel
    case STORYKIT_CMS_INVERTED_CMYK: format = space == SIG_CMYK ? cms_format(PT_CMYK, 4, 0, 1) : 0; break;
    default: format = 0;
    }
    int converted = 0;
    cms_profile output = format ? cms.create_srgb() : NULL;
    if (output) {
        // Perceptual intent (0), no flags.
        cms_transform transform = cms.create_transform(input, format, output, cms_format(PT_RGB, 3, 1, 0), 0, 0);
        if (transform) {
            // In place: both formats are four bytes a pixel; extra output channels (alpha) are left alone.
            cms.transform(transform, pixels, pixels, count);
            cms.delete_transform(transform);
            converted = 1;
        }
        cms.close_profile(output);
    }
    cms.close_profile(input);
    return converted;
}

#endif
