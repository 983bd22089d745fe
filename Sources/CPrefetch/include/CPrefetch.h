#ifndef STORYKIT_CPREFETCH_H
#define STORYKIT_CPREFETCH_H

/// Asks the CPU to start loading the cache line holding `address` for reading, into every cache
/// level. A hint only: it never faults, so `address` may be any value, even outside any buffer.
/// Swift has no spelling for this; the function is inlined into the Swift caller.
static inline __attribute__((always_inline)) void storykit_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
