// The box blur's column pass in AVX2, behind a run-time check (storykit_blur_avx2_available):
// Swift's SIMD types compile to 128-bit SSE2 on the baseline x86-64 target, and SwiftPM packages
// may not raise the target with unsafe flags, so the 256-bit form lives here, per function.
// Every operation is the Swift path's, in the same order (no fused multiply-add: the target
// attribute below does not enable FMA), so the bytes are the same.
#include "CBlur.h"

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
void storykit_blur_differences_avx2(const uint16_t *u, const uint16_t *uOld, uint16_t *e, const uint16_t *eOld,
                                    uint16_t *f, const uint16_t *fOld, long lanes, uint16_t *out) {
    long i = 0;
    for (; i + 16 <= lanes; i += 16) {
        __m256i eNow = _mm256_sub_epi16(_mm256_loadu_si256((const __m256i *)(u + i)), _mm256_loadu_si256((const __m256i *)(uOld + i)));
        __m256i fNow = _mm256_sub_epi16(eNow, _mm256_loadu_si256((const __m256i *)(eOld + i)));
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_sub_epi16(fNow, _mm256_loadu_si256((const __m256i *)(fOld + i))));
        _mm256_storeu_si256((__m256i *)(e + i), eNow);
        _mm256_storeu_si256((__m256i *)(f + i), fNow);
    }
    for (; i + 8 <= lanes; i += 8) {
        __m128i eNow = _mm_sub_epi16(_mm_loadu_si128((const __m128i *)(u + i)), _mm_loadu_si128((const __m128i *)(uOld + i)));
        __m128i fNow = _mm_sub_epi16(eNow, _mm_loadu_si128((const __m128i *)(eOld + i)));
        _mm_storeu_si128((__m128i *)(out + i), _mm_sub_epi16(fNow, _mm_loadu_si128((const __m128i *)(fOld + i))));
        _mm_storeu_si128((__m128i *)(e + i), eNow);
        _mm_storeu_si128((__m128i *)(f + i), fNow);
    }
}

__attribute__((target("avx2")))
void storykit_blur_column_quads_avx2(const uint16_t *tapped, long pairs, long count, long skip, uint32_t *sums,
                                     long quads, const float *biases, long pairPhase, long firstRow, float scale,
                                     uint8_t *dst, long rowBytes) {
    const __m256 scales = _mm256_set1_ps(scale), magic = _mm256_set1_ps(12582912.0f);
    const __m256i lowByte = _mm256_set1_epi32(0xFF);
    const long step = pairs * 8;  // 16-bit lanes from one step to the next
    for (long q = 0; q < quads; q++) {
        uint32_t *s = sums + q * 16;
        __m256i a1 = _mm256_loadu_si256((const __m256i *)s), b1 = _mm256_loadu_si256((const __m256i *)(s + 8));
        __m256i a2 = _mm256_loadu_si256((const __m256i *)(s + step)), b2 = _mm256_loadu_si256((const __m256i *)(s + step + 8));
        __m256i a3 = _mm256_loadu_si256((const __m256i *)(s + 2 * step)), b3 = _mm256_loadu_si256((const __m256i *)(s + 2 * step + 8));
        const uint16_t *from = tapped + q * 16;
        uint8_t *to = dst + q * 16;
        for (long k = 0; k < count; k++, from += step) {
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
            __m256i ia = _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(fa, magic)), lowByte);
            __m256i ib = _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(fb, magic)), lowByte);
            // 16-bit a0-3 b0-3 | a4-7 b4-7, reordered to a0-7 | b0-7, then to bytes.
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

#else

int storykit_blur_avx2_available(void) { return 0; }

void storykit_blur_differences_avx2(const uint16_t *u, const uint16_t *uOld, uint16_t *e, const uint16_t *eOld,
                                    uint16_t *f, const uint16_t *fOld, long lanes, uint16_t *out) {
    (void)u; (void)uOld; (void)e; (void)eOld; (void)f; (void)fOld; (void)lanes; (void)out;
}

void storykit_blur_column_quads_avx2(const uint16_t *tapped, long pairs, long count, long skip, uint32_t *sums,
                                     long quads, const float *biases, long pairPhase, long firstRow, float scale,
                                     uint8_t *dst, long rowBytes) {
    (void)tapped; (void)pairs; (void)count; (void)skip; (void)sums; (void)quads; (void)biases; (void)pairPhase;
    (void)firstRow; (void)scale; (void)dst; (void)rowBytes;
}

#endif
