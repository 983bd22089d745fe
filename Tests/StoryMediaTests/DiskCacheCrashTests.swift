import Foundation
import StoryKitTestSupport
@testable import StoryMedia
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stores in a child process (`seen-state-crasher cache-store`) that dies at a chosen step of the
/// atomic write: a new cache on the folder then serves the old entry or the new one, never a mix.
@Suite struct DiskCacheCrashTests {
    static let key = "https://cdn.example.com/video/9.mp4"
    /// How many times each step is killed, each time with other sizes.
    static let runs = 0..<4

    @Test(arguments: AtomicWriteStage.allCases, runs)
    func aStoreKilledAtAnyStepLeavesTheOldEntryOrTheNew(stage: AtomicWriteStage, run: Int) async throws {
        try await TemporaryFolder.with { folder in
            let old = CacheBytes.make(count: 1_000 + 300 * run, seed: 1)
            try await DiskCache(folder: folder.cacheFolder, capacity: 1 << 30).store(old, for: Self.key)
            let newCount = 20_000 + 70_000 * run   // 20 KB to 230 KB
            let new = CacheBytes.make(count: newCount, seed: 2)

            let child = try ChildProcess.run("seen-state-crasher",
                                             ["cache-store", folder.cacheFolder.path, Self.key, stage.rawValue, "\(newCount)", "2"])

            #expect(child.wasKilled(by: SIGKILL), "\(child.reason) \(child.status): \(child.output)")
            let cache = DiskCache(folder: folder.cacheFolder, capacity: 1 << 30)
            try await #expect(cache.data(for: Self.key) == (stage == .renamed ? new : old))
            // The restart swept the killed write's temporary file.
            #expect(try folder.cacheFiles() == [DiskCache.fileName(for: Self.key)])
            try await cache.store([7], for: Self.key)
            try await #expect(cache.data(for: Self.key) == [7])
        }
    }

    @Test(arguments: AtomicWriteStage.allCases)
    func aFirstStoreKilledBeforeTheRenameLeavesAMiss(stage: AtomicWriteStage) async throws {
        try await TemporaryFolder.with { folder in
            let child = try ChildProcess.run("seen-state-crasher",
                                             ["cache-store", folder.cacheFolder.path, Self.key, stage.rawValue, "50000", "3"])

            #expect(child.wasKilled(by: SIGKILL), "\(child.reason) \(child.status): \(child.output)")
            let cache = DiskCache(folder: folder.cacheFolder, capacity: 1 << 30)
            let read = try await cache.data(for: Self.key)
            #expect(read == (stage == .renamed ? CacheBytes.make(count: 50_000, seed: 3) : nil))
            #expect(try folder.cacheFiles() == (stage == .renamed ? [DiskCache.fileName(for: Self.key)] : []))
        }
    }

    @Test func aStoreIntoAReadOnlyFolderFailsClearlyAndKeepsTheOldEntry() async throws {
        try await TemporaryFolder.with { folder in
            try await DiskCache(folder: folder.cacheFolder, capacity: 1 << 20).store([1, 2, 3], for: Self.key)
            #expect(chmod(folder.cacheFolder.path, 0o555) == 0)

            // In a child that drops root privileges first: root may write into any folder.
            let child = try ChildProcess.run("seen-state-crasher",
                                             ["cache-store-unprivileged", folder.cacheFolder.path, Self.key, "10", "4"])

            #expect(child.reason == .exit && child.status == 1)
            let file = folder.entryFile(Self.key).path
            #expect(child.output == "cannot write to the disk cache at \(file): creating a temporary file in "
                + "\(folder.cacheFolder.path): Permission denied; the cache is as it was\n")
            try await #expect(DiskCache(folder: folder.cacheFolder, capacity: 1 << 20).data(for: Self.key) == [1, 2, 3])
        }
    }
}
