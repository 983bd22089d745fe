import Foundation
import StoryKitTestSupport
@testable import StoryMedia
import Testing

/// The disk cache's own queue: its blocking file I/O runs there (not on Swift's cooperative
/// pool), and calls run in the order they were made, stores queued in the background included.
@Suite struct DiskCacheQueueTests {
    @Test func writesRunOutsideEverySwiftTask() async throws {
        try await TemporaryFolder.with { folder in
            // On the cooperative pool every job runs for a task; on the cache's queue there is none.
            let inTask = Locked<[Bool]>([])
            let cache = DiskCache(folder: folder.cacheFolder, capacity: 1 << 20, fileName: nil) { _ in
                let running = withUnsafeCurrentTask { $0 != nil }
                inTask.withLock { $0.append(running) }
            }
            try await cache.store([1, 2, 3], for: "k")
            cache.storeInBackground([4], for: "k")
            await cache.flush()
            #expect(inTask.value.count == 2 * AtomicWriteStage.allCases.count)
            #expect(!inTask.value.contains(true))
        }
    }

    @Test func queuedStoresAndARemovalAreSeenInTheOrderTheyWereMade() async throws {
        try await TemporaryFolder.with { folder in
            let cache = DiskCache(folder: folder.cacheFolder, capacity: 1 << 20)
            for value in 0..<20 { cache.storeInBackground([UInt8(value)], for: "k") }
            try await #expect(cache.data(for: "k") == [19])   // no flush: the read queues behind them

            cache.storeInBackground([1], for: "gone")
            try await cache.remove("gone")
            cache.storeInBackground(CacheBytes.make(count: 100, seed: 3), for: "last")
            await cache.flush()
            try await #expect(cache.data(for: "gone") == nil)
            let restarted = DiskCache(folder: folder.cacheFolder, capacity: 1 << 20)
            try await #expect(restarted.data(for: "last") == CacheBytes.make(count: 100, seed: 3))
            try await #expect(restarted.keysLeastRecentFirst().sorted() == ["k", "last"])
        }
    }
}
