#ifndef STORYKIT_CBLUR_H
#define STORYKIT_CBLUR_H

#include <stdint.h>

/// 1 when this CPU and its OS run AVX2 (x86-64 only; 0 elsewhere): the kernels below may be called.
int storykit_blur_avx2_available(void);

/// The column pass of one band of `count` steps (at most 64) for `quads` pairs of pixel pairs (4
/// pixels each), its column differences included, in AVX2: byte for byte the Swift
/// `GaussianBlur.differences` then `GaussianBlur.columnPass` for pairs that lie wholly inside the
/// window. The rings hold rows of `rowLanes` 16-bit lanes; step n reads u at ring slot n and
/// n − w₃ (mod `ringU`), writes e at slot n and reads the one at n + 1 (mod `ringE`), the same for
/// f (mod `ringF`); `firstStep` is the band's first n, `firstLane` the first quad's lane in a row.
/// `sums` points at the first quad's first running sum (the three sums are `pairs` pairs apart);
/// the first `skip` steps only run the sums, each of the `count − skip` others writes 16 bytes per
/// quad at `dst` (then `rowBytes` on). `biases` are the 8 dither vectors (8 floats each) indexed
/// `pairPhase + 2 · (row mod 4)`, with `pairPhase` the first pair's (0 or 1) and `firstRow` the
/// picture row of the first written step; `scale` turns a sum into levels. The `aheadBytes`
/// bytes at `ahead` (the next band's source rows; may be NULL with 0) are asked into L2 as the
/// sums run, and each quad's next output lines into L1 (hints only: nothing there is read).
void storykit_blur_column_fused_avx2(const uint16_t *rowsOfU, long ringU, long w3, uint16_t *rowsOfE, long ringE,
                                     uint16_t *rowsOfF, long ringF, long firstStep, long rowLanes, long firstLane,
                                     long count, long skip, uint32_t *sums, long pairs, long quads, const float *biases,
                                     long pairPhase, long firstRow, float scale, uint8_t *dst, long rowBytes,
                                     const uint8_t *ahead, long aheadBytes);

/// The row pass of two source rows at once, in AVX2 (the two rows' running sums share a 256-bit
/// vector): byte for byte the Swift `GaussianBlur.rowPass` of each row (see it for the
/// arguments; `lines…` are each row's two lines, `2 · lineLength` 16-bit lanes, zero outside
/// the widened row; w₁, w₂, w₃ the box widths).
void storykit_blur_row_pair_avx2(const uint8_t *rowA, const uint8_t *rowB, long width, long extending,
                                 uint16_t *linesA, uint16_t *linesB, long lineLength, long front,
                                 long w1, long w2, long w3, long reach, long padding, long firstColumn, long columns,
                                 float scale, uint16_t *outA, uint16_t *outB);

/// 1 when this CPU and its OS run AVX-512F and AVX-512BW with the ZMM state saved (x86-64 only; 0
/// elsewhere): the `…_avx512` kernels below may be called (the AVX2 ones may then too).
int storykit_blur_avx512_available(void);

/// `storykit_blur_column_fused_avx2` with eight pixels a step (512-bit vectors; an odd last quad
/// in AVX2): the same arguments, byte for byte the same result.
void storykit_blur_column_fused_avx512(const uint16_t *rowsOfU, long ringU, long w3, uint16_t *rowsOfE, long ringE,
                                       uint16_t *rowsOfF, long ringF, long firstStep, long rowLanes, long firstLane,
                                       long count, long skip, uint32_t *sums, long pairs, long quads, const float *biases,
                                       long pairPhase, long firstRow, float scale, uint8_t *dst, long rowBytes,
                                       const uint8_t *ahead, long aheadBytes);

/// `storykit_blur_row_pair_avx2` with the rows widened and differenced 512 bits at a time: the
/// same arguments, byte for byte the same result.
void storykit_blur_row_pair_avx512(const uint8_t *rowA, const uint8_t *rowB, long width, long extending,
                                   uint16_t *linesA, uint16_t *linesB, long lineLength, long front,
                                   long w1, long w2, long w3, long reach, long padding, long firstColumn, long columns,
                                   float scale, uint16_t *outA, uint16_t *outB);

/// One step of the one-byte-per-pixel blur's column sweep (`GaussianBlur.BoxRings.advance` over
/// all `vectors` vectors of 16 pixels, then its rounding to bytes) in AVX2, byte for byte the
/// Swift path: the three running sums (`sums`, three rows of `vectors · 16` 32-bit lanes) take
/// this step's `row` (NULL: zeros; copied into the ring row `new0`) − `old0`, write their new
/// rows `new1` and `new2`, drop `old1` and
/// `old2`; then, when `to` is not NULL, the third sum times `scale` plus `bias` (16 floats, the
/// dither of lanes 0 ..< 16) rounded to `width` bytes at `to`.
void storykit_blur_alpha_step_avx2(uint32_t *sums, long vectors, const uint32_t *row, uint32_t *new0,
                                   const uint32_t *old0, uint32_t *new1, const uint32_t *old1, uint32_t *new2,
                                   const uint32_t *old2, float scale, const float *bias, uint8_t *to, long width);

#endif
