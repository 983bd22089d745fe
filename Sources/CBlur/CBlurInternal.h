// What the AVX2 and AVX-512 kernels share (not part of the module's interface).
#ifndef STORYKIT_CBLUR_INTERNAL_H
#define STORYKIT_CBLUR_INTERNAL_H

#include <stdint.h>

/// Slots of a ring of `size` rows, `rowLanes` lanes each, for step `n` (may be negative).
static inline long storykit_blur_ring_offset(long n, long size, long rowLanes) {
    return (((n % size) + size) % size) * rowLanes;
}

/// The AVX-512 form of the row pass's first half (CBlurAVX512.c): `row` widened to 16 bits into
/// `lines`, its edge pixels repeated over `e` pixels on either side, and its first two differences
/// along x, f = (1 − z^−w₂)(1 − z^−w₃) u, into the second line for pixels 0 ..< `last` rounded
/// up to even. Only where storykit_blur_avx512_available() is 1.
void storykit_blur_widen_and_difference_avx512(const uint8_t *row, long w, long e, uint16_t *lines, long lineLength,
                                               long front, long w2, long w3, long last);

#endif
