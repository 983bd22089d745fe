// What the AVX2 and AVX-512 kernels share (not part of the module's interface).
#ifndef STORYKIT_CBLUR_INTERNAL_H
#define STORYKIT_CBLUR_INTERNAL_H

#include <stdint.h>

/// Slots of a ring of `size` rows, `rowLanes` lanes each, for step `n` (may be negative).
static inline long storykit_blur_ring_offset(long n, long size, long rowLanes) {
    return (((n % size) + size) % size) * rowLanes;
}

/// The row's edge pixels (four bytes each) repeated over `e` pixels on either side of its
/// widened copy in `lines`, which starts at pixel `front + e`: the first pixel at `front ..< front
/// + e`, the last after the row's `w` pixels. The AVX2 and AVX-512 row passes alike.
static inline void storykit_blur_repeat_edges(const uint8_t *row, long w, long e, uint16_t *lines, long front) {
    if (e <= 0) return;
    uint16_t *widened = lines + (front + e) * 4;
    const uint8_t *end = row + (w - 1) * 4;
    for (long x = 0; x < e; x++) {
        for (int c = 0; c < 4; c++) {
            lines[(front + x) * 4 + c] = row[c];
            widened[(w + x) * 4 + c] = end[c];
        }
    }
}

/// The slots, in the rings of the column pass (u, e, f: `ringU`, `ringE`, `ringF` rows of
/// `rowLanes` lanes), of each of a band's `count` steps from `firstStep`, offset by `firstLane`:
/// the row entering (`now`) and the row leaving (`old`: `w3` steps back for u, the next slot for
/// e and f), for the AVX2 and AVX-512 column kernels alike.
static inline void storykit_blur_column_offsets(long count, long firstStep, long w3, long ringU, long ringE, long ringF,
                                                long rowLanes, long firstLane, long *uNow, long *uOld, long *eNow,
                                                long *eOld, long *fNow, long *fOld) {
    for (long k = 0; k < count; k++) {
        long n = firstStep + k;
        uNow[k] = storykit_blur_ring_offset(n, ringU, rowLanes) + firstLane;
        uOld[k] = storykit_blur_ring_offset(n - w3, ringU, rowLanes) + firstLane;
        eNow[k] = storykit_blur_ring_offset(n, ringE, rowLanes) + firstLane;
        eOld[k] = storykit_blur_ring_offset(n + 1, ringE, rowLanes) + firstLane;
        fNow[k] = storykit_blur_ring_offset(n, ringF, rowLanes) + firstLane;
        fOld[k] = storykit_blur_ring_offset(n + 1, ringF, rowLanes) + firstLane;
    }
}

/// The AVX-512 form of the row pass's first half (CBlurAVX512.c): `row` widened to 16 bits into
/// `lines`, its edge pixels repeated over `e` pixels on either side, and its first two differences
/// along x, f = (1 − z^−w₂)(1 − z^−w₃) u, into the second line for pixels 0 ..< `last` rounded
/// up to even. Only where storykit_blur_avx512_available() is 1.
void storykit_blur_widen_and_difference_avx512(const uint8_t *row, long w, long e, uint16_t *lines, long lineLength,
                                               long front, long w2, long w3, long last);

#endif
