// The box blur's row and column passes in AVX2, behind a run-time check (storykit_blur_avx2_available):
// Swift's SIMD types compile to 128-bit SSE2 on the baseline x86-64 target, and SwiftPM packages
// may not raise the target with unsafe flags, so the 256-bit form lives here, per function.
// Every operation is the Swift path's, in the same order (no fused multiply-add: the target
// attribute below does not enable FMA), so the bytes are the same; only the rounding to an
// integer (the Swift path adds 1.5·2²³ and keeps the low bits) is one conversion, which rounds
// the same way (to nearest, ties to even) for the values that occur.
#include "CBlur.h"
#include "CBlurInternal.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>

int storykit_blur_avx2_available(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & (1u << 27)) || !(c & (1u << 28))) return 0;  // OSXSAVE and AVX
    unsigned int lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 6u) != 6u) return 0;  // the OS saves XMM and YMM state
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & (1u << 5)) ? 1 : 0;  // AVX2
}

__attribute__((target("avx2")))
void storykit_blur_column_fused_avx2(const uint16_t *rowsOfU, long ringU, long w3, uint16_t *rowsOfE, long ringE,
                                     uint16_t *rowsOfF, long ringF, long firstStep, long rowLanes, long firstLane,
                                     long count, long skip, uint32_t *sums, long pairs, long quads, const float *biases,
                                     long pairPhase, long firstRow, float scale, uint8_t *dst, long rowBytes,
                                     const uint8_t *ahead, long aheadBytes) {
    enum { most = 64 };
    long uNow[most], uOld[most], eNow[most], eOld[most], fNow[most], fOld[most];
    if (count > most) count = most;  // bands are at most `most` steps (GaussianBlur.bandRows)
    storykit_blur_column_offsets(count, firstStep, w3, ringU, ringE, ringF, rowLanes, firstLane, uNow, uOld, eNow, eOld,
                                 fNow, fOld);
    const __m256 scales = _mm256_set1_ps(scale);
    const long step = pairs * 8;  // 32-bit lanes from one running sum to the next
    // A strip of `strip` quads at a time: its differences row by row (the rings read in order),
    // into a band that stays in L1, then its sums column by column.
    enum { strip = 96 };
    uint16_t band[(count > 0 ? count : 1) * strip * 16];
    // The lines of `ahead` (the next band's source rows), a share per quad, into L2 while the
    // sums run: the row passes then find them there instead of waiting on memory.
    long aheadLines = aheadBytes > 0 && quads > 0 ? (aheadBytes + 63) / 64 : 0;
    long perQuad = quads > 0 ? (aheadLines + quads - 1) / quads : 0;
    for (long q0 = 0; q0 < quads; q0 += strip) {
        long stripQuads = quads - q0 < strip ? quads - q0 : strip;
        for (long k = 0; k < count; k++) {
            const uint16_t *u = rowsOfU + uNow[k] + q0 * 16, *uo = rowsOfU + uOld[k] + q0 * 16;
            uint16_t *e = rowsOfE + eNow[k] + q0 * 16, *f = rowsOfF + fNow[k] + q0 * 16;
            const uint16_t *eo = rowsOfE + eOld[k] + q0 * 16, *fo = rowsOfF + fOld[k] + q0 * 16;
            uint16_t *out = band + k * strip * 16;
            for (long i = 0; i < stripQuads * 16; i += 16) {
                __m256i eNew = _mm256_sub_epi16(_mm256_loadu_si256((const __m256i *)(u + i)), _mm256_loadu_si256((const __m256i *)(uo + i)));
                __m256i fNew = _mm256_sub_epi16(eNew, _mm256_loadu_si256((const __m256i *)(eo + i)));
                _mm256_storeu_si256((__m256i *)(out + i), _mm256_sub_epi16(fNew, _mm256_loadu_si256((const __m256i *)(fo + i))));
                _mm256_storeu_si256((__m256i *)(e + i), eNew);
                _mm256_storeu_si256((__m256i *)(f + i), fNew);
            }
        }
        for (long q = q0; q < q0 + stripQuads; q++) {
            uint32_t *s = sums + q * 16;
            __m256i a1 = _mm256_loadu_si256((const __m256i *)s), b1 = _mm256_loadu_si256((const __m256i *)(s + 8));
            __m256i a2 = _mm256_loadu_si256((const __m256i *)(s + step)), b2 = _mm256_loadu_si256((const __m256i *)(s + step + 8));
            __m256i a3 = _mm256_loadu_si256((const __m256i *)(s + 2 * step)), b3 = _mm256_loadu_si256((const __m256i *)(s + 2 * step + 8));
            const uint16_t *from = band + (q - q0) * 16;
            uint8_t *to = dst + q * 16;
            for (long j = 0; j < perQuad && aheadLines > 0; j++, aheadLines--, ahead += 64) {
                _mm_prefetch((const char *)ahead, _MM_HINT_T1);
            }
            // Each quad of a line's first (four quads a line) asks for the line two on in each row.
            int asks = (q & 3) == 0;
            for (long k = 0; k < count; k++, from += strip * 16) {
                if (asks) _mm_prefetch((const char *)(to + 128), _MM_HINT_T0);
                a1 = _mm256_add_epi32(a1, _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)from)));
                b1 = _mm256_add_epi32(b1, _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(from + 8))));
                a2 = _mm256_add_epi32(a2, a1);
                b2 = _mm256_add_epi32(b2, b1);
                a3 = _mm256_add_epi32(a3, a2);
                b3 = _mm256_add_epi32(b3, b2);
                if (k < skip) continue;
                long phase = 2 * ((firstRow + k - skip) & 3);
                __m256 fa = _mm256_add_ps(_mm256_mul_ps(_mm256_cvtepi32_ps(a3), scales),
                                          _mm256_loadu_ps(biases + 8 * (pairPhase + phase)));
                __m256 fb = _mm256_add_ps(_mm256_mul_ps(_mm256_cvtepi32_ps(b3), scales),
                                          _mm256_loadu_ps(biases + 8 * ((pairPhase ^ 1) + phase)));
                // Rounded to the nearest integer, ties to even (the default rounding), as the
                // Swift path's + 1.5·2²³: every value lies in −0.5 ... 255.5, so the same bytes.
                __m256i ia = _mm256_cvtps_epi32(fa), ib = _mm256_cvtps_epi32(fb);
                __m256i words = _mm256_permute4x64_epi64(_mm256_packus_epi32(ia, ib), 0xD8);
                __m128i bytes = _mm_packus_epi16(_mm256_castsi256_si128(words), _mm256_extracti128_si256(words, 1));
                _mm_storeu_si128((__m128i *)to, bytes);
                to += rowBytes;
            }
            _mm256_storeu_si256((__m256i *)s, a1);
            _mm256_storeu_si256((__m256i *)(s + 8), b1);
            _mm256_storeu_si256((__m256i *)(s + step), a2);
            _mm256_storeu_si256((__m256i *)(s + step + 8), b2);
            _mm256_storeu_si256((__m256i *)(s + 2 * step), a3);
            _mm256_storeu_si256((__m256i *)(s + 2 * step + 8), b3);
        }
    }
}

/// The source row widened to 16 bits at pixel front + e of `lines`, its edge pixels repeated
/// over e pixels on either side; then f = (1 − z^−w₂)(1 − z^−w₃) u into the second line, for
/// pixels 0 ..< last rounded up to even (as the Swift loop, two pixels a step).
__attribute__((target("avx2")))
static void widenAndDifference(const uint8_t *row, long w, long e, uint16_t *lines, long lineLength, long front,
                               long w2, long w3, long last) {
    uint16_t *widened = lines + (front + e) * 4;
    storykit_blur_repeat_edges(row, w, e, lines, front);
    long x = 0;
    for (; x + 16 <= w; x += 16) {
        // The row two on (the next pair's) is asked for as this one is read.
        _mm_prefetch((const char *)(row + (x + 2 * w) * 4), _MM_HINT_T0);
        for (int i = 0; i < 16; i += 4) {
            _mm256_storeu_si256((__m256i *)(widened + (x + i) * 4), _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(row + (x + i) * 4))));
        }
    }
    for (; x + 4 <= w; x += 4) {
        _mm256_storeu_si256((__m256i *)(widened + x * 4), _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(row + x * 4))));
    }
    for (; x < w; x++) {
        for (int c = 0; c < 4; c++) widened[x * 4 + c] = row[x * 4 + c];
    }
    const uint16_t *u = lines + front * 4, *u3 = u - w3 * 4, *u2 = u - w2 * 4, *u23 = u - (w2 + w3) * 4;
    uint16_t *f = lines + lineLength + front * 4;
    long k = 0;
    for (; k + 2 < last; k += 4) {
        long o = k * 4;
        __m256i a = _mm256_sub_epi16(_mm256_loadu_si256((const __m256i *)(u + o)), _mm256_loadu_si256((const __m256i *)(u3 + o)));
        __m256i b = _mm256_sub_epi16(_mm256_loadu_si256((const __m256i *)(u2 + o)), _mm256_loadu_si256((const __m256i *)(u23 + o)));
        _mm256_storeu_si256((__m256i *)(f + o), _mm256_sub_epi16(a, b));
    }
    if (k < last) {
        long o = k * 4;
        __m128i a = _mm_sub_epi16(_mm_loadu_si128((const __m128i *)(u + o)), _mm_loadu_si128((const __m128i *)(u3 + o)));
        __m128i b = _mm_sub_epi16(_mm_loadu_si128((const __m128i *)(u2 + o)), _mm_loadu_si128((const __m128i *)(u23 + o)));
        _mm_storeu_si128((__m128i *)(f + o), _mm_sub_epi16(a, b));
    }
}

/// `storykit_blur_row_pair_avx2`, its rows widened and differenced by the AVX-512 kernel when `avx512`.
__attribute__((target("avx2")))
static void rowPair(const uint8_t *rowA, const uint8_t *rowB, long width, long extending,
                    uint16_t *linesA, uint16_t *linesB, long lineLength, long front,
                    long w1, long w2, long w3, long reach, long padding, long firstColumn, long columns,
                    float scale, uint16_t *outA, uint16_t *outB, int avx512) {
    long firstOut = firstColumn - padding;
    long ahead = firstOut + reach > 0 ? firstOut + reach : 0;
    long start = firstOut - ((ahead + 1) & ~1L);
    long pairsCount = (firstOut + columns - start) / 2;
    long last = start + 2 * pairsCount + reach;
    if (avx512) {
        storykit_blur_widen_and_difference_avx512(rowA, width, extending, linesA, lineLength, front, w2, w3, last);
        storykit_blur_widen_and_difference_avx512(rowB, width, extending, linesB, lineLength, front, w2, w3, last);
    } else {
        widenAndDifference(rowA, width, extending, linesA, lineLength, front, w2, w3, last);
        widenAndDifference(rowB, width, extending, linesB, lineLength, front, w2, w3, last);
    }
    const uint16_t *nowA = linesA + lineLength + (front + start + reach) * 4, *beforeA = nowA - w1 * 4;
    const uint16_t *nowB = linesB + lineLength + (front + start + reach) * 4, *beforeB = nowB - w1 * 4;
    const __m256 scales = _mm256_set1_ps(scale);
    __m256i i1 = _mm256_setzero_si256(), i2 = i1, i3 = i1;
    long warm = (firstOut - start) / 2;
    for (long k = 0; k < pairsCount; k++) {
        long o = k * 8;
        __m128i dA = _mm_sub_epi16(_mm_loadu_si128((const __m128i *)(nowA + o)), _mm_loadu_si128((const __m128i *)(beforeA + o)));
        __m128i dB = _mm_sub_epi16(_mm_loadu_si128((const __m128i *)(nowB + o)), _mm_loadu_si128((const __m128i *)(beforeB + o)));
        // Pixel 2k of both rows, then pixel 2k + 1: row A in the low four lanes, row B high.
        i1 = _mm256_add_epi32(i1, _mm256_cvtepi16_epi32(_mm_unpacklo_epi64(dA, dB)));
        i2 = _mm256_add_epi32(i2, i1);
        i3 = _mm256_add_epi32(i3, i2);
        __m256i first = i3;
        i1 = _mm256_add_epi32(i1, _mm256_cvtepi16_epi32(_mm_unpackhi_epi64(dA, dB)));
        i2 = _mm256_add_epi32(i2, i1);
        i3 = _mm256_add_epi32(i3, i2);
        if (k < warm) continue;
        // Rounded to the nearest integer, ties to even, as the Swift path's + 1.5·2²³ (the
        // values lie in 0 ... 4080).
        __m256i roundedFirst = _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_cvtepi32_ps(first), scales));
        __m256i roundedSecond = _mm256_cvtps_epi32(_mm256_mul_ps(_mm256_cvtepi32_ps(i3), scales));
        // 16-bit: row A's two pixels in the low half, row B's in the high half.
        __m256i words = _mm256_packus_epi32(roundedFirst, roundedSecond);
        _mm_storeu_si128((__m128i *)(outA + (k - warm) * 8), _mm256_castsi256_si128(words));
        _mm_storeu_si128((__m128i *)(outB + (k - warm) * 8), _mm256_extracti128_si256(words, 1));
    }
}

__attribute__((target("avx2")))
void storykit_blur_row_pair_avx2(const uint8_t *rowA, const uint8_t *rowB, long width, long extending,
                                 uint16_t *linesA, uint16_t *linesB, long lineLength, long front,
                                 long w1, long w2, long w3, long reach, long padding, long firstColumn, long columns,
                                 float scale, uint16_t *outA, uint16_t *outB) {
    rowPair(rowA, rowB, width, extending, linesA, linesB, lineLength, front, w1, w2, w3, reach, padding, firstColumn,
            columns, scale, outA, outB, 0);
}

__attribute__((target("avx2")))
void storykit_blur_row_pair_avx512(const uint8_t *rowA, const uint8_t *rowB, long width, long extending,
                                   uint16_t *linesA, uint16_t *linesB, long lineLength, long front,
                                   long w1, long w2, long w3, long reach, long padding, long firstColumn, long columns,
                                   float scale, uint16_t *outA, uint16_t *outB) {
    rowPair(rowA, rowB, width, extending, linesA, linesB, lineLength, front, w1, w2, w3, reach, padding, firstColumn,
            columns, scale, outA, outB, 1);
}


__attribute__((target("avx2")))
void storykit_blur_alpha_step_avx2(uint32_t *sums, long vectors, const uint32_t *row, uint32_t *new0,
                                   const uint32_t *old0, uint32_t *new1, const uint32_t *old1, uint32_t *new2,
                                   const uint32_t *old2, float scale, const float *bias, uint8_t *to, long width) {
    const long n = vectors * 16;  // 32-bit lanes per row of the rings
    const __m256 scales = _mm256_set1_ps(scale);
    const __m256 bias0 = _mm256_loadu_ps(bias), bias1 = _mm256_loadu_ps(bias + 8);
    for (long v = 0; v < vectors; v++) {
        uint8_t bytes[16];
        for (int h = 0; h < 2; h++) {
            long i = v * 16 + h * 8;
            __m256i fresh = row ? _mm256_loadu_si256((const __m256i *)(row + i)) : _mm256_setzero_si256();
            _mm256_storeu_si256((__m256i *)(new0 + i), fresh);
            __m256i s1 = _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)(sums + i)),
                                          _mm256_sub_epi32(fresh, _mm256_loadu_si256((const __m256i *)(old0 + i))));
            _mm256_storeu_si256((__m256i *)(sums + i), s1);
            _mm256_storeu_si256((__m256i *)(new1 + i), s1);
            __m256i s2 = _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)(sums + n + i)),
                                          _mm256_sub_epi32(s1, _mm256_loadu_si256((const __m256i *)(old1 + i))));
            _mm256_storeu_si256((__m256i *)(sums + n + i), s2);
            _mm256_storeu_si256((__m256i *)(new2 + i), s2);
            __m256i s3 = _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)(sums + 2 * n + i)),
                                          _mm256_sub_epi32(s2, _mm256_loadu_si256((const __m256i *)(old2 + i))));
            _mm256_storeu_si256((__m256i *)(sums + 2 * n + i), s3);
            if (!to) continue;
            __m256 value = _mm256_add_ps(_mm256_mul_ps(_mm256_cvtepi32_ps(s3), scales), h ? bias1 : bias0);
            // Rounded to the nearest integer, ties to even, as the Swift path's + 1.5·2²³ (the
            // values lie in −0.5 ... 255.5).
            __m256i rounded = _mm256_cvtps_epi32(value);
            __m128i words = _mm_packus_epi32(_mm256_castsi256_si128(rounded), _mm256_extracti128_si256(rounded, 1));
            _mm_storel_epi64((__m128i *)(bytes + h * 8), _mm_packus_epi16(words, words));
        }
        if (!to) continue;
        long left = width - v * 16;
        if (left >= 16) {
            __builtin_memcpy(to + v * 16, bytes, 16);
        } else {
            for (long l = 0; l < left; l++) to[v * 16 + l] = bytes[l];
        }
    }
}

#else

int storykit_blur_avx2_available(void) { return 0; }

void storykit_blur_row_pair_avx512(const uint8_t *rowA, const uint8_t *rowB, long width, long extending,
                                   uint16_t *linesA, uint16_t *linesB, long lineLength, long front,
                                   long w1, long w2, long w3, long reach, long padding, long firstColumn, long columns,
                                   float scale, uint16_t *outA, uint16_t *outB) {
    (void)rowA; (void)rowB; (void)width; (void)extending; (void)linesA; (void)linesB; (void)lineLength; (void)front;
    (void)w1; (void)w2; (void)w3; (void)reach; (void)padding; (void)firstColumn; (void)columns; (void)scale;
    (void)outA; (void)outB;
}

void storykit_blur_row_pair_avx2(const uint8_t *rowA, const uint8_t *rowB, long width, long extending,
                                 uint16_t *linesA, uint16_t *linesB, long lineLength, long front,
                                 long w1, long w2, long w3, long reach, long padding, long firstColumn, long columns,
                                 float scale, uint16_t *outA, uint16_t *outB) {
    (void)rowA; (void)rowB; (void)width; (void)extending; (void)linesA; (void)linesB; (void)lineLength; (void)front;
    (void)w1; (void)w2; (void)w3; (void)reach; (void)padding; (void)firstColumn; (void)columns; (void)scale;
    (void)outA; (void)outB;
}

void storykit_blur_column_fused_avx2(const uint16_t *rowsOfU, long ringU, long w3, uint16_t *rowsOfE, long ringE,
                                     uint16_t *rowsOfF, long ringF, long firstStep, long rowLanes, long firstLane,
                                     long count, long skip, uint32_t *sums, long pairs, long quads, const float *biases,
                                     long pairPhase, long firstRow, float scale, uint8_t *dst, long rowBytes,
                                     const uint8_t *ahead, long aheadBytes) {
    (void)rowsOfU; (void)ringU; (void)w3; (void)rowsOfE; (void)ringE; (void)rowsOfF; (void)ringF; (void)firstStep;
    (void)rowLanes; (void)firstLane; (void)count; (void)skip; (void)sums; (void)pairs; (void)quads; (void)biases;
    (void)pairPhase; (void)firstRow; (void)scale; (void)dst; (void)rowBytes; (void)ahead; (void)aheadBytes;
}

void storykit_blur_alpha_step_avx2(uint32_t *sums, long vectors, const uint32_t *row, uint32_t *new0,
                                   const uint32_t *old0, uint32_t *new1, const uint32_t *old1, uint32_t *new2,
                                   const uint32_t *old2, float scale, const float *bias, uint8_t *to, long width) {
    (void)sums; (void)vectors; (void)row; (void)new0; (void)old0; (void)new1; (void)old1; (void)new2; (void)old2;
    (void)scale; (void)bias; (void)to; (void)width;
}

#endif
