// The texture sampler's memory hints: the prefetch is inline in include/CPrefetch.h, the huge-page advice is here.
#include "CPrefetch.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

void storykit_advise_huge_pages(void *address, uintptr_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t)2 << 20;
    const uintptr_t start = ((uintptr_t)address + huge - 1) & ~(huge - 1);
    const uintptr_t end = ((uintptr_t)address + bytes) & ~(huge - 1);
    if (end > start) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
    (void)address;
    (void)bytes;
#endif
}
