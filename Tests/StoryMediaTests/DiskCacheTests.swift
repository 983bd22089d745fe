import Foundation
import StoryKitTestSupport
@testable import StoryMedia
import Testing

/// The disk cache's round trip, restarts, collisions, concurrency and hostile input, with real
/// files in a fresh folder per test.
@Suite struct DiskCacheTests {
    @Test func storedBytesComeBackAndSurviveARestart() async throws {
        try await TemporaryFolder.with { folder in
            let cache = DiskCache(folder: folder.cacheFolder, capacity: 1 << 20)
            let image = CacheBytes.make(count: 5_000, seed: 1)

            try await #expect(cache.data(for: "https://example.com/a.jpg") == nil)
            try await #expect(cache.store(image, for: "https://example.com/a.jpg"))
            try await #expect(cache.store([], for: "https://example.com/empty"))

            try await #expect(cache.data(for: "https://example.com/a.jpg") == image)
            try await #expect(cache.data(for: "https://example.com/empty") == [])
            let restarted = DiskCache(folder: folder.cacheFolder, capacity: 1 << 20)
            try await #expect(restarted.data(for: "https://example.com/a.jpg") == image)
            try await #expect(restarted.data(for: "https://example.com/empty") == [])
            try await #expect(restarted.totalSize() == folder.cacheBytesOnDisk())
        }
    }

    @Test func storingAgainReplacesAndRemoveForgets() async throws {
        try await TemporaryFolder.with { folder in
            let cache = DiskCache(folder: folder.cacheFolder, capacity: 1 << 20)
            try await cache.store([1, 2, 3], for: "k")
            try await cache.store([4, 5], for: "k")
            try await #expect(cache.data(for: "k") == [4, 5])
            try await cache.remove("k")
            try await cache.remove("never stored")
            try await #expect(cache.data(for: "k") == nil)
            try await cache.store([6], for: "k")
            try await cache.store([7], for: "l")
            try await cache.removeAll()
            try await #expect(cache.data(for: "k") == nil)
            #expect(try folder.cacheFiles().isEmpty)
        }
    }

    @Test func theLeastRecentlyUsedOrderSurvivesARestart() async throws {
        try await TemporaryFolder.with { folder in
            let entrySize = DiskCacheEntry.encode(key: "a", body: Array(repeating: 0, count: 1_000)).count
            let cache = DiskCache(folder: folder.cacheFolder, capacity: 4 * entrySize)
            for key in ["a", "b", "c", "d"] { try await cache.store(Array(repeating: 0, count: 1_000), for: key) }
            _ = try await cache.data(for: "a")   // a is now the most recent
            _ = try await cache.data(for: "c")

            let restarted = DiskCache(folder: folder.cacheFolder, capacity: 4 * entrySize)
            try await #expect(restarted.keysLeastRecentFirst() == ["b", "d", "a", "c"])
            try await restarted.store(Array(repeating: 1, count: 1_000), for: "e")

            try await #expect(restarted.data(for: "b") == nil)   // the least recently used went
            for key in ["a", "c", "d", "e"] { try await #expect(restarted.data(for: key) != nil) }
        }
    }

    @Test func keysThatShareAFileNeverSeeEachOthersBytes() async throws {
        try await TemporaryFolder.with { folder in
            let cache = DiskCache(folder: folder.cacheFolder, capacity: 1 << 20,
                                  fileName: { _ in "collision.entry" }, afterEachStage: nil)
            try await cache.store([1, 1, 1], for: "https://a.example/1")
            try await cache.store([2, 2], for: "https://b.example/2")

            try await #expect(cache.data(for: "https://a.example/1") == nil)
            try await #expect(cache.data(for: "https://b.example/2") == [2, 2])
            // After a restart too, and whichever key asks first.
            let restarted = DiskCache(folder: folder.cacheFolder, capacity: 1 << 20,
                                      fileName: { _ in "collision.entry" }, afterEachStage: nil)
            try await #expect(restarted.data(for: "https://a.example/1") == nil)
            try await #expect(restarted.data(for: "https://b.example/2") == [2, 2])
            try await restarted.remove("https://a.example/1")   // not its file: b stays
            try await #expect(restarted.data(for: "https://b.example/2") == [2, 2])
            #expect(try folder.cacheFiles() == ["collision.entry"])
        }
    }

    @Test func fiftyTasksStoringAndReadingLoseNothingAndStayWithinTheBound() async throws {
        try await TemporaryFolder.with { folder in
            let body = 2_000
            let roomy = DiskCache(folder: folder.cacheFolder, capacity: 1 << 20)   // 250 entries ≈ 510 KB
            let tight = DiskCache(folder: folder.url.appendingPathComponent("tight"), capacity: 40_000)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<50 {
                    group.addTask {
                        for item in 0..<5 {
                            let key = "https://example.com/\(task)/\(item)"
                            let bytes = CacheBytes.make(count: body + task + item, seed: UInt8(task))
                            try await roomy.store(bytes, for: key)
                            try await tight.store(bytes, for: key)
                            try await #expect(roomy.data(for: key) == bytes)
                            let other = "https://example.com/\((task + 1) % 50)/\(item)"
                            _ = try await roomy.data(for: other)
                            try await #expect(tight.totalSize() <= 40_000)
                        }
                    }
                }
                try await group.waitForAll()
            }
            let restarted = DiskCache(folder: folder.cacheFolder, capacity: 1 << 20)
            for task in 0..<50 {
                for item in 0..<5 {
                    let bytes = CacheBytes.make(count: body + task + item, seed: UInt8(task))
                    try await #expect(restarted.data(for: "https://example.com/\(task)/\(item)") == bytes)
                }
            }
            let tightBytes = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("tight").path)
                .map { try Data(contentsOf: folder.url.appendingPathComponent("tight/\($0)")).count }
                .reduce(0, +)
            #expect(tightBytes <= 40_000)
            try await #expect(tight.totalSize() == tightBytes)
        }
    }

    @Test func anEntryLargerThanTheCapacityIsNotStoredAndDropsTheOldOne() async throws {
        try await TemporaryFolder.with { folder in
            let cache = DiskCache(folder: folder.cacheFolder, capacity: 1_000)
            try await #expect(cache.store([1], for: "k"))
            try await #expect(cache.store(Array(repeating: 0, count: 1_000), for: "k") == false)
            try await #expect(cache.data(for: "k") == nil)
            #expect(try folder.cacheFiles().isEmpty)
        }
    }

    @Test func hostileInputIsAClearErrorNeverATrap() async throws {
        try await TemporaryFolder.with { folder in
            let cache = DiskCache(folder: folder.cacheFolder, capacity: 1 << 20)
            await #expect(throws: DiskCacheError.invalidKey("an empty key")) { try await cache.data(for: "") }
            await #expect(throws: DiskCacheError.invalidKey("an empty key")) { try await cache.store([1], for: "") }
            let huge = String(repeating: "é", count: 5_000)
            await #expect(throws: DiskCacheError.invalidKey("a key of 10000 bytes (at most 8192)")) {
                try await cache.store([1], for: huge)
            }
            let longest = String(repeating: "x", count: DiskCache.maximumKeyLength)
            try await #expect(cache.store([9], for: longest))
            try await #expect(DiskCache(folder: folder.cacheFolder, capacity: 1 << 20).data(for: longest) == [9])
            try await #expect(cache.store([8], for: "\u{0}/../\n\u{FFFF}"))
            try await #expect(cache.data(for: "\u{0}/../\n\u{FFFF}") == [8])

            // Capacity 0 (and below) stores nothing; a huge capacity is lowered.
            let none = DiskCache(folder: folder.url.appendingPathComponent("none"), capacity: -5)
            #expect(none.capacity == 0)
            try await #expect(none.store([], for: "k") == false)
            #expect(DiskCache(folder: folder.cacheFolder, capacity: .max).capacity == DiskCache.maximumCapacity)

            // A file where the folder should be.
            let file = folder.url.appendingPathComponent("file")
            try Data([1]).write(to: file)
            let misplaced = DiskCache(folder: file, capacity: 1 << 20)
            let expected = DiskCacheError.unusableFolder(path: file.path, reason: "Not a directory")
            await #expect(throws: expected) { try await misplaced.data(for: "k") }
            await #expect(throws: expected) { try await misplaced.store([1], for: "k") }
            #expect(expected.description == "cannot use \(file.path) as the disk cache's folder: Not a directory")
            // Not a file URL.
            let remote = DiskCache(folder: URL(string: "https://example.com/cache")!, capacity: 1 << 20)
            await #expect(throws: DiskCacheError.self) { try await remote.store([1], for: "k") }
        }
    }

    @Test func theIndexIgnoresForeignFilesAndSweepsTemporaryOnes() async throws {
        try await TemporaryFolder.with { folder in
            let cache = DiskCache(folder: folder.cacheFolder, capacity: 1 << 20)
            try await cache.store([1, 2], for: "k")
            let leftover = folder.cacheFolder.appendingPathComponent("." + DiskCache.fileName(for: "x") + ".tmp-0123456789abcdef")
            try Data([0, 0, 0]).write(to: leftover)
            try Data("not ours".utf8).write(to: folder.cacheFolder.appendingPathComponent("notes.txt"))
            try Data("SKDC".utf8).write(to: folder.cacheFolder.appendingPathComponent("0000000000000000.entry"))

            let restarted = DiskCache(folder: folder.cacheFolder, capacity: 1 << 20)
            try await #expect(restarted.data(for: "k") == [1, 2])
            #expect(try folder.cacheFiles() == [DiskCache.fileName(for: "k"), "notes.txt"])
        }
    }
}
