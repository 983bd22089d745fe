import Foundation

/// The transparent bitmaps a renderer draws its offscreen groups, masks and shadows into, kept
/// from one frame to the next so that a frame reuses the memory of the last one instead of asking
/// the kernel for fresh pages (which it zeroes and faults in, page by page, every frame).
///
/// ``take(width:height:)`` hands out a transparent bitmap (a kept buffer large enough, cleared over
/// the bytes the bitmap uses, or a new one); ``give(_:)`` takes a bitmap back once it is no longer
/// needed. What is drawn never depends on which buffer is handed out: every bitmap starts
/// transparent, exactly as a new one.
///
/// Memory: at most ``maximumCount`` buffers and ``maximumBytes`` bytes are kept (the largest buffers
/// given back longest ago are let go first), on top of what a frame needs while it is drawn.
///
/// Thread safety: every call takes the pool's lock, so renderers used from several threads
/// share it safely (each bitmap is owned by one caller between take and give).
package final class ScratchBitmaps: @unchecked Sendable {
    /// The most buffers kept between frames.
    package static let maximumCount = 8
    /// The most bytes kept between frames: 64 MiB, about 8 frames of 1080 × 1920 px.
    package static let maximumBytes = 64 << 20

    // Guarded by `lock`.
    private let lock = NSLock()
    private var buffers: [[UInt8]] = []

    /// An empty pool.
    package init() {}

    /// The number of buffers and bytes kept, for tests.
    package var kept: (count: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (buffers.count, buffers.reduce(0) { $0 + $1.capacity })
    }

    /// A transparent `width` × `height` bitmap (negative sizes count as 0).
    ///
    /// - Parameter cleared: `false` skips clearing a reused buffer, for a caller that writes
    ///   every pixel (the shadow's cast): its pixels are then whatever was last drawn there.
    package func take(width: Int, height: Int, cleared: Bool = true) -> RGBAImage {
        let w = Swift.max(0, width), h = Swift.max(0, height)
        let (bytes, overflow) = w.multipliedReportingOverflow(by: h)
        guard !overflow, bytes <= Int.max / 4, bytes > 0 else { return RGBAImage(width: w, height: h) }
        let count = bytes * 4
        guard var pixels = reuse(atLeast: count) else { return RGBAImage(width: w, height: h) }
        if pixels.count > count { pixels.removeLast(pixels.count - count) }
        if cleared {
            pixels.withUnsafeMutableBytes { raw in
                if let base = raw.baseAddress { memset(base, 0, raw.count) }
            }
        }
        // Within the capacity: no reallocation.
        if pixels.count < count { pixels.append(contentsOf: repeatElement(0, count: count - pixels.count)) }
        return RGBAImage(width: w, height: h, pixels: pixels) ?? RGBAImage(width: w, height: h)
    }

    /// Keeps `image`'s buffer for a later ``take(width:height:)``; `image` becomes empty.
    package func give(_ image: inout RGBAImage) {
        var pixels: [UInt8] = []
        swap(&pixels, &image.pixels)
        image = RGBAImage(width: 0, height: 0)
        guard pixels.capacity > 0, pixels.capacity <= Self.maximumBytes else { return }
        lock.lock()
        defer { lock.unlock() }
        buffers.append(pixels)
        // Let the buffers given back longest ago go first.
        var total = buffers.reduce(0) { $0 + $1.capacity }
        while buffers.count > Self.maximumCount || total > Self.maximumBytes {
            total -= buffers.removeFirst().capacity
        }
    }

    /// The smallest kept buffer of at least `count` bytes, taken out of the pool.
    private func reuse(atLeast count: Int) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        var best: Int?
        for i in buffers.indices where buffers[i].capacity >= count {
            if best.map({ buffers[i].capacity < buffers[$0].capacity }) ?? true { best = i }
        }
        return best.map { buffers.remove(at: $0) }
    }
}
