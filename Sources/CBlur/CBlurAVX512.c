// The box blur's column pass and the row pass's widening and first differences in AVX-512 (BW),
// behind a run-time check (storykit_blur_avx512_available): the AVX2 kernels of CBlur.c with
// vectors twice as wide (eight pixels a step where those take four). Every operation is the
// Swift path's, in the same order, and no multiply and add is fused (FP_CONTRACT off below,
// as AVX-512F brings FMA with it), so the bytes are the same.
#include "CBlur.h"
#include "CBlurInternal.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>

#pragma STDC FP_CONTRACT OFF

int storykit_blur_avx512_available(void) {
    if (!storykit_blur_avx2_available()) return 0;
    unsigned int a, b, c, d;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    if (!(b & (1u << 16)) || !(b & (1u << 30))) return 0;  // AVX-512F and AVX-512BW
    unsigned int lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (lo & 0xE6u) == 0xE6u;  // the OS saves XMM, YMM, the mask registers and all of ZMM
}

__attribute__((target("avx512f,avx512bw")))
void storykit_blur_widen_and_difference_avx512(const uint8_t *row, long w, long e, uint16_t *lines, long lineLength,
                                               long front, long w2, long w3, long last) {
    uint16_t *widened = lines + (front + e) * 4;
    storykit_blur_repeat_edges(row, w, e, lines, front);
    long x = 0;
    for (; x + 16 <= w; x += 16) {
        // The row two on (the next pair's) is asked for as this one is read.
        _mm_prefetch((const char *)(row + (x + 2 * w) * 4), _MM_HINT_T0);
        _mm512_storeu_si512(widened + x * 4, _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(row + x * 4))));
        _mm512_storeu_si512(widened + (x + 8) * 4, _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(row + (x + 8) * 4))));
    }
    for (; x + 4 <= w; x += 4) {
        _mm256_storeu_si256((__m256i *)(widened + x * 4), _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(row + x * 4))));
    }
    for (; x < w; x++) {
        for (int c = 0; c < 4; c++) widened[x * 4 + c] = row[x * 4 + c];
    }
    // f for pixels 0 ..< last rounded up to even, as the AVX2 and Swift loops.
    const uint16_t *u = lines + front * 4, *u3 = u - w3 * 4, *u2 = u - w2 * 4, *u23 = u - (w2 + w3) * 4;
    uint16_t *f = lines + lineLength + front * 4;
    long even = (last + 1) & ~1L, k = 0;
    for (; k + 8 <= even; k += 8) {
        long o = k * 4;
        __m512i a = _mm512_sub_epi16(_mm512_loadu_si512(u + o), _mm512_loadu_si512(u3 + o));
        __m512i b = _mm512_sub_epi16(_mm512_loadu_si512(u2 + o), _mm512_loadu_si512(u23 + o));
        _mm512_storeu_si512(f + o, _mm512_sub_epi16(a, b));
    }
    for (; k < even; k += 2) {
        long o = k * 4;
        __m128i a = _mm_sub_epi16(_mm_loadu_si128((const __m128i *)(u + o)), _mm_loadu_si128((const __m128i *)(u3 + o)));
        __m128i b = _mm_sub_epi16(_mm_loadu_si128((const __m128i *)(u2 + o)), _mm_loadu_si128((const __m128i *)(u23 + o)));
        _mm_storeu_si128((__m128i *)(f + o), _mm_sub_epi16(a, b));
    }
}

__attribute__((target("avx512f,avx512bw")))
void storykit_blur_column_fused_avx512(const uint16_t *rowsOfU, long ringU, long w3, uint16_t *rowsOfE, long ringE,
                                       uint16_t *rowsOfF, long ringF, long firstStep, long rowLanes, long firstLane,
                                       long count, long skip, uint32_t *sums, long pairs, long quads, const float *biases,
                                       long pairPhase, long firstRow, float scale, uint8_t *dst, long rowBytes,
                                       const uint8_t *ahead, long aheadBytes) {
    long octs = quads / 2;
    if (quads & 1) {
        // The last quad in AVX2 (its lanes, sums and pixels are its own).
        long q = 2 * octs;
        storykit_blur_column_fused_avx2(rowsOfU, ringU, w3, rowsOfE, ringE, rowsOfF, ringF, firstStep, rowLanes,
                                        firstLane + q * 16, count, skip, sums + q * 16, pairs, 1, biases, pairPhase,
                                        firstRow, scale, dst + q * 16, rowBytes, octs == 0 ? ahead : 0,
                                        octs == 0 ? aheadBytes : 0);
    }
    if (octs == 0) return;
    enum { most = 64 };
    long uNow[most], uOld[most], eNow[most], eOld[most], fNow[most], fOld[most];
    if (count > most) count = most;  // bands are at most `most` steps (GaussianBlur.bandRows)
    storykit_blur_column_offsets(count, firstStep, w3, ringU, ringE, ringF, rowLanes, firstLane, uNow, uOld, eNow, eOld,
                                 fNow, fOld);
    const __m512 scales = _mm512_set1_ps(scale);
    // The dither of a quad's four pixels (two pairs, phases pairPhase and pairPhase ^ 1) for
    // picture rows with y mod 4 = r, at index r.
    __m512 dither[4];
    for (int r = 0; r < 4; r++) {
        __m256 first = _mm256_loadu_ps(biases + 8 * (pairPhase + 2 * r));
        __m256 second = _mm256_loadu_ps(biases + 8 * ((pairPhase ^ 1) + 2 * r));
        dither[r] = _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_castps_pd(first)),
                                                        _mm256_castps_pd(second), 1));
    }
    const long step = pairs * 8;  // 32-bit lanes from one running sum to the next
    // A strip of `strip` octs at a time: its differences row by row (the rings read in order),
    // into a band that stays in L1, then its sums column by column.
    enum { strip = 48 };
    uint16_t band[(count > 0 ? count : 1) * strip * 32];
    // The lines of `ahead` (the next band's source rows), a share per oct, into L2 while the sums
    // run: the row passes then find them there instead of waiting on memory.
    long aheadLines = aheadBytes > 0 ? (aheadBytes + 63) / 64 : 0, perOct = (aheadLines + octs - 1) / octs;
    for (long o0 = 0; o0 < octs; o0 += strip) {
        long stripOcts = octs - o0 < strip ? octs - o0 : strip;
        for (long k = 0; k < count; k++) {
            const uint16_t *u = rowsOfU + uNow[k] + o0 * 32, *uo = rowsOfU + uOld[k] + o0 * 32;
            uint16_t *e = rowsOfE + eNow[k] + o0 * 32, *f = rowsOfF + fNow[k] + o0 * 32;
            const uint16_t *eo = rowsOfE + eOld[k] + o0 * 32, *fo = rowsOfF + fOld[k] + o0 * 32;
            uint16_t *out = band + k * strip * 32;
            for (long i = 0; i < stripOcts * 32; i += 32) {
                __m512i eNew = _mm512_sub_epi16(_mm512_loadu_si512(u + i), _mm512_loadu_si512(uo + i));
                __m512i fNew = _mm512_sub_epi16(eNew, _mm512_loadu_si512(eo + i));
                _mm512_storeu_si512(out + i, _mm512_sub_epi16(fNew, _mm512_loadu_si512(fo + i)));
                _mm512_storeu_si512(e + i, eNew);
                _mm512_storeu_si512(f + i, fNew);
            }
        }
        for (long o = o0; o < o0 + stripOcts; o++) {
            uint32_t *s = sums + o * 32;
            __m512i a1 = _mm512_loadu_si512(s), b1 = _mm512_loadu_si512(s + 16);
            __m512i a2 = _mm512_loadu_si512(s + step), b2 = _mm512_loadu_si512(s + step + 16);
            __m512i a3 = _mm512_loadu_si512(s + 2 * step), b3 = _mm512_loadu_si512(s + 2 * step + 16);
            const uint16_t *from = band + (o - o0) * 32;
            uint8_t *to = dst + o * 32;
            for (long j = 0; j < perOct && aheadLines > 0; j++, aheadLines--, ahead += 64) {
                _mm_prefetch((const char *)ahead, _MM_HINT_T1);
            }
            // Each oct of a line's first (two octs a line) asks for the line two on in each row.
            int asks = (o & 1) == 0;
            for (long k = 0; k < count; k++, from += strip * 32) {
                if (asks) _mm_prefetch((const char *)(to + 128), _MM_HINT_T0);
                a1 = _mm512_add_epi32(a1, _mm512_cvtepi16_epi32(_mm256_loadu_si256((const __m256i *)from)));
                b1 = _mm512_add_epi32(b1, _mm512_cvtepi16_epi32(_mm256_loadu_si256((const __m256i *)(from + 16))));
                a2 = _mm512_add_epi32(a2, a1);
                b2 = _mm512_add_epi32(b2, b1);
                a3 = _mm512_add_epi32(a3, a2);
                b3 = _mm512_add_epi32(b3, b2);
                if (k < skip) continue;
                __m512 bias = dither[(firstRow + k - skip) & 3];
                __m512 fa = _mm512_add_ps(_mm512_mul_ps(_mm512_cvtepi32_ps(a3), scales), bias);
                __m512 fb = _mm512_add_ps(_mm512_mul_ps(_mm512_cvtepi32_ps(b3), scales), bias);
                // Rounded to the nearest integer, ties to even (the default rounding), as the
                // Swift path's + 1.5·2²³: every value lies in −0.5 ... 255.5, so 0 ... 255.
                __m128i bytesA = _mm512_cvtepi32_epi8(_mm512_cvtps_epi32(fa));
                __m128i bytesB = _mm512_cvtepi32_epi8(_mm512_cvtps_epi32(fb));
                _mm256_storeu_si256((__m256i *)to, _mm256_inserti128_si256(_mm256_castsi128_si256(bytesA), bytesB, 1));
                to += rowBytes;
            }
            _mm512_storeu_si512(s, a1);
            _mm512_storeu_si512(s + 16, b1);
            _mm512_storeu_si512(s + step, a2);
            _mm512_storeu_si512(s + step + 16, b2);
            _mm512_storeu_si512(s + 2 * step, a3);
            _mm512_storeu_si512(s + 2 * step + 16, b3);
        }
    }
}

#else

int storykit_blur_avx512_available(void) { return 0; }

void storykit_blur_column_fused_avx512(const uint16_t *rowsOfU, long ringU, long w3, uint16_t *rowsOfE, long ringE,
                                       uint16_t *rowsOfF, long ringF, long firstStep, long rowLanes, long firstLane,
                                       long count, long skip, uint32_t *sums, long pairs, long quads, const float *biases,
                                       long pairPhase, long firstRow, float scale, uint8_t *dst, long rowBytes,
                                       const uint8_t *ahead, long aheadBytes) {
    (void)rowsOfU; (void)ringU; (void)w3; (void)rowsOfE; (void)ringE; (void)rowsOfF; (void)ringF; (void)firstStep;
    (void)rowLanes; (void)firstLane; (void)count; (void)skip; (void)sums; (void)pairs; (void)quads; (void)biases;
    (void)pairPhase; (void)firstRow; (void)scale; (void)dst; (void)rowBytes; (void)ahead; (void)aheadBytes;
}

#endif
