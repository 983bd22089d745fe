#ifndef STORYKIT_CPREFETCH_H
#define STORYKIT_CPREFETCH_H

#include <stdint.h>

/// Asks the CPU to start loading the cache line holding `address` for reading, into every cache
/// level. A hint only: it never faults, so `address` may be any value, even outside any buffer.
/// Swift has no spelling for this; the function is inlined into the Swift caller.
static inline __attribute__((always_inline)) void storykit_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// Asks Linux to back the 2 MiB-aligned pages inside the `bytes` bytes at `address` with
/// transparent huge pages (`madvise(MADV_HUGEPAGE)`; a hint: contents and addresses unchanged),
/// so that a texture sampled along slanted lines misses the TLB less. Call before the memory is
/// first written. Does nothing on other systems or for a region holding no whole huge page.
void storykit_advise_huge_pages(void *address, uintptr_t bytes);

#endif
