// Writes the JPEG colour-management and orientation fixtures beside this file, with libjpeg's
// compressor (libjpeg-turbo) and Little CMS 2 (which makes the Adobe RGB (1998) profile):
//
//   orientation-1.jpg … orientation-8.jpg  24x16, six flat 8x8 blocks, top row red green blue,
//       bottom row white black grey(128), EXIF orientation N (odd N little-endian "II", even N
//       big-endian "MM"), no JFIF segment, as phones write them.
//   adobe-rgb.jpg  16x8, left block Adobe RGB (200, 60, 40), right block (40, 160, 90), with an
//       embedded Adobe RGB (1998) profile (D65 white, Adobe primaries, gamma 563/256).
//   phone-adobe-rgb-orientation-6.jpg  the 24x16 blocks with the Adobe RGB profile and EXIF
//       orientation 6: what a phone that shoots Adobe RGB held upright writes.
//   adobe-rgb.icc  the profile alone, which make-png-fixtures.py embeds in a PNG (run this first).
//
// Build and run (Debian: libjpeg-dev liblcms2-dev), from this folder:
//   cc make-jpeg-fixtures.c -ljpeg -llcms2 -o /tmp/make-jpeg-fixtures && /tmp/make-jpeg-fixtures
// Quality 95, 4:4:4 sampling, so a flat block decodes to within a level of its colour.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <lcms2.h>

static unsigned char blocks[16][24][3];

static void make_blocks(void) {
  static const unsigned char colours[2][3][3] = {{{255, 0, 0}, {0, 255, 0}, {0, 0, 255}},
                                                 {{255, 255, 255}, {0, 0, 0}, {128, 128, 128}}};
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 24; x++) memcpy(blocks[y][x], colours[y / 8][x / 8], 3);
}

/// An EXIF APP1 body: "Exif\0\0", a TIFF header and IFD0 with one entry, Orientation = value.
static size_t exif(unsigned char *out, int orientation, int little) {
  unsigned char tiff[26] = {0};
  if (little) { tiff[0] = tiff[1] = 'I'; tiff[2] = 42; tiff[4] = 8; tiff[8] = 1;
                tiff[10] = 0x12; tiff[11] = 0x01; tiff[12] = 3; tiff[14] = 1; tiff[18] = (unsigned char)orientation; }
  else        { tiff[0] = tiff[1] = 'M'; tiff[3] = 42; tiff[7] = 8; tiff[9] = 1;
                tiff[10] = 0x01; tiff[11] = 0x12; tiff[13] = 3; tiff[17] = 1; tiff[19] = (unsigned char)orientation; }
  memcpy(out, "Exif\0\0", 6);
  memcpy(out + 6, tiff, sizeof tiff);
  return 6 + sizeof tiff;
}

static void write_jpeg(const char *name, int width, int height, const unsigned char *rgb, int orientation,
                       const unsigned char *icc, unsigned icc_size) {
  struct jpeg_compress_struct c; struct jpeg_error_mgr e;
  c.err = jpeg_std_error(&e); jpeg_create_compress(&c);
  FILE *f = fopen(name, "wb"); jpeg_stdio_dest(&c, f);
  c.image_width = (JDIMENSION)width; c.image_height = (JDIMENSION)height;
  c.input_components = 3; c.in_color_space = JCS_RGB;
  jpeg_set_defaults(&c); jpeg_set_quality(&c, 95, TRUE);
  for (int i = 0; i < 3; i++) { c.comp_info[i].h_samp_factor = 1; c.comp_info[i].v_samp_factor = 1; }
  if (orientation) c.write_JFIF_header = FALSE;
  jpeg_start_compress(&c, TRUE);
  if (orientation) {
    unsigned char body[64];
    size_t n = exif(body, orientation, orientation % 2);
    jpeg_write_marker(&c, JPEG_APP0 + 1, body, (unsigned)n);
  }
  if (icc) jpeg_write_icc_profile(&c, icc, icc_size);
  for (int y = 0; y < height; y++) {
    JSAMPROW row = (JSAMPROW)(rgb + (size_t)y * width * 3);
    jpeg_write_scanlines(&c, &row, 1);
  }
  jpeg_finish_compress(&c); jpeg_destroy_compress(&c); fclose(f);
}

int main(void) {
  make_blocks();
  char name[64];
  for (int n = 1; n <= 8; n++) {
    snprintf(name, sizeof name, "orientation-%d.jpg", n);
    write_jpeg(name, 24, 16, &blocks[0][0][0], n, NULL, 0);
  }

  cmsCIExyY white = {0.3127, 0.3290, 1.0};
  cmsCIExyYTRIPLE primaries = {{0.6400, 0.3300, 1.0}, {0.2100, 0.7100, 1.0}, {0.1500, 0.0600, 1.0}};
  cmsToneCurve *gamma = cmsBuildGamma(NULL, 563.0 / 256.0);
  cmsToneCurve *curves[3] = {gamma, gamma, gamma};
  cmsHPROFILE adobe = cmsCreateRGBProfile(&white, &primaries, curves);
  cmsMLU *description = cmsMLUalloc(NULL, 1);
  cmsMLUsetASCII(description, "en", "US", "Adobe RGB (1998) compatible, made with Little CMS");
  cmsWriteTag(adobe, cmsSigProfileDescriptionTag, description);
  cmsUInt32Number size = 0;
  cmsSaveProfileToMem(adobe, NULL, &size);
  unsigned char *icc = malloc(size);
  cmsSaveProfileToMem(adobe, icc, &size);

  unsigned char two[8][16][3];
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 16; x++) {
      const unsigned char left[3] = {200, 60, 40}, right[3] = {40, 160, 90};
      memcpy(two[y][x], x < 8 ? left : right, 3);
    }
  write_jpeg("adobe-rgb.jpg", 16, 8, &two[0][0][0], 0, icc, size);
  FILE *profile_file = fopen("adobe-rgb.icc", "wb");
  fwrite(icc, 1, size, profile_file);
  fclose(profile_file);
  write_jpeg("phone-adobe-rgb-orientation-6.jpg", 24, 16, &blocks[0][0][0], 6, icc, size);
  printf("profile %u bytes\n", size);
  free(icc); cmsMLUfree(description); cmsFreeToneCurve(gamma); cmsCloseProfile(adobe);
  return 0;
}
