#if canImport(Glibc)
import Glibc
#endif

/// glibc's allocator, set for frames made on one thread and freed on another.
///
/// When worker threads allocate frame-sized buffers (a frame, its un-premultiplied copy, its
/// palette indices) that the main thread frees, glibc trims each thread's heap and returns the
/// pages to the kernel, then faults them in again for the next frame: the demo reel on two
/// threads measured 5× the page faults and 7× the system time of one thread (0.44 s against
/// 0.11 s for two clips). Keeping up to 512 MB of freed memory and serving blocks below 32 MB from
/// the heap brings it back under the one-thread figures, for about 20 MB more peak memory.
/// Elsewhere (Darwin's allocator) this does nothing.
enum AllocatorTuning {
    /// Applies the settings; call before starting the threads (it is process-wide and idempotent).
    static func keepFreedFrames() {
        #if canImport(Glibc)
        // <malloc.h> is not in Swift's Glibc module: mallopt is looked up in the C library.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let library = dlopen(nil, RTLD_NOW), let symbol = dlsym(library, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-1, 512 << 20)   // M_TRIM_THRESHOLD
        _ = mallopt(-3, 32 << 20)    // M_MMAP_THRESHOLD
        #endif
    }
}
