// Writes an 8x8 greyscale progressive JPEG with 631 scans (DC, then each AC coefficient alone,
// first at Al=9 then refined bit by bit).
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
int main(void) {
  struct jpeg_compress_struct c; struct jpeg_error_mgr e;
  c.err = jpeg_std_error(&e); jpeg_create_compress(&c);
  FILE *f = fopen("many-scans.jpg", "wb"); jpeg_stdio_dest(&c, f);
  c.image_width = 8; c.image_height = 8; c.input_components = 1; c.in_color_space = JCS_GRAYSCALE;
  jpeg_set_defaults(&c); jpeg_set_quality(&c, 100, TRUE);
  static jpeg_scan_info s[700]; int n = 0;
  s[n].comps_in_scan=1; s[n].component_index[0]=0; s[n].Ss=0; s[n].Se=0; s[n].Ah=0; s[n].Al=0; n++;
  for (int k=1;k<64;k++) {
    s[n].comps_in_scan=1; s[n].component_index[0]=0; s[n].Ss=k; s[n].Se=k; s[n].Ah=0; s[n].Al=9; n++;
    for (int a=9;a>=1;a--) { s[n].comps_in_scan=1; s[n].component_index[0]=0; s[n].Ss=k; s[n].Se=k; s[n].Ah=a; s[n].Al=a-1; n++; }
  }
  c.scan_info = s; c.num_scans = n;
  jpeg_start_compress(&c, TRUE);
  unsigned char px[64]; for (int i=0;i<64;i++) px[i] = (unsigned char)(i*4 ^ (i%7)*30);
  for (int y=0;y<8;y++){ JSAMPROW r = px+8*y; jpeg_write_scanlines(&c,&r,1); }
  jpeg_finish_compress(&c); fclose(f); printf("%d scans\n", n); return 0;
}
