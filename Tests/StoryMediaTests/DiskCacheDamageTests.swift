import Foundation
import StoryKitTestSupport
@testable import StoryMedia
import Testing

/// Entry files damaged on disk between runs (every single-bit flip, every cut) and the byte bound
/// over thousands of inserts, checked against the files on disk.
@Suite struct DiskCacheDamageTests {
    static let key = "https://cdn.example.com/u/7/s.jpg"
    static let body = CacheBytes.make(count: 64, seed: 42)

    /// Writes the entry with a first cache and returns its bytes on disk.
    static func writeEntry(in folder: TemporaryFolder) async throws -> [UInt8] {
        try await DiskCache(folder: folder.cacheFolder, capacity: 1 << 20).store(body, for: key)
        return Array(try Data(contentsOf: folder.entryFile(key)))
    }

    /// Puts `damaged` where the entry was, then checks that a new cache answers nil, the file is
    /// gone and a store works again.
    static func expectRefused(_ damaged: [UInt8], in folder: TemporaryFolder, _ what: String) async throws {
        try Data(damaged).write(to: folder.entryFile(key))
        let cache = DiskCache(folder: folder.cacheFolder, capacity: 1 << 20)
        let read = try await cache.data(for: key)
        #expect(read == nil, "\(what) was served")
        #expect(!FileManager.default.fileExists(atPath: folder.entryFile(key).path), "\(what) was kept")
        try await cache.store(body, for: key)
        try await #expect(cache.data(for: key) == body)
    }

    @Test func everySingleBitFlipIsAMissAndTheFileIsDeleted() async throws {
        try await TemporaryFolder.with { folder in
            let original = try await Self.writeEntry(in: folder)
            #expect(original.count == 28 + Self.key.utf8.count + Self.body.count)
            var flips = 0
            for bit in 0..<(original.count * 8) {
                var damaged = original
                damaged[bit / 8] ^= 1 << UInt8(bit % 8)
                try await Self.expectRefused(damaged, in: folder, "bit \(bit) flipped")
                flips += 1
            }
            #expect(flips == 1_000)   // (28 + 33 + 64) bytes × 8
        }
    }

    @Test func everyTruncationAndAnExtensionIsAMissAndTheFileIsDeleted() async throws {
        try await TemporaryFolder.with { folder in
            let original = try await Self.writeEntry(in: folder)
            for length in 0..<original.count {
                try await Self.expectRefused(Array(original.prefix(length)), in: folder, "cut at \(length)")
            }
            try await Self.expectRefused(original + [0], in: folder, "one byte appended")
        }
    }

    @Test func damageWhileTheCacheRunsIsCaughtOnTheNextRead() async throws {
        try await TemporaryFolder.with { folder in
            let cache = DiskCache(folder: folder.cacheFolder, capacity: 1 << 20)
            try await cache.store(Self.body, for: Self.key)
            var bytes = Array(try Data(contentsOf: folder.entryFile(Self.key)))
            bytes[bytes.count - 1] ^= 0x10   // the body's last byte
            try Data(bytes).write(to: folder.entryFile(Self.key))

            try await #expect(cache.data(for: Self.key) == nil)
            #expect(!FileManager.default.fileExists(atPath: folder.entryFile(Self.key).path))
            try await #expect(cache.totalSize() == 0)
        }
    }

    @Test(arguments: [1, 2])
    func theByteBoundHoldsOnDiskOverFiveThousandRandomInserts(seed: UInt64) async throws {
        try await TemporaryFolder.with { folder in
            let capacity = 100_000
            // The folder's bytes at every step of every write: the temporary file counts too.
            let peak = Locked(0)
            let cacheFolder = folder.cacheFolder
            let cache = DiskCache(folder: cacheFolder, capacity: capacity, fileName: nil, afterEachStage: { _ in
                let bytes = (try? FileManager.default.contentsOfDirectory(atPath: cacheFolder.path))?.reduce(0) { sum, name in
                    let attributes = try? FileManager.default.attributesOfItem(atPath: cacheFolder.path + "/" + name)
                    return sum + ((attributes?[.size] as? NSNumber)?.intValue ?? 0)
                } ?? 0
                peak.withLock { $0 = max($0, bytes) }
            })
            var random = SeededRandom(seed: seed)
            var stored = 0
            for insert in 0..<5_000 {
                let size = Int(random.next() % 12_000)   // 0…12 KB bodies: about 16 entries fit
                let key = "https://example.com/\(random.next() % 400)"
                if try await cache.store(CacheBytes.make(count: size, seed: UInt8(insert % 256)), for: key) { stored += 1 }
                if insert % 10 == 0 {
                    let onDisk = try folder.cacheBytesOnDisk()
                    #expect(onDisk <= capacity, "insert \(insert): \(onDisk) bytes")
                    try await #expect(cache.totalSize() == onDisk)
                }
            }
            #expect(stored == 5_000)
            #expect(peak.value <= capacity)
            #expect(peak.value > capacity - 12_100)   // the bound was reached, not avoided
            let restarted = DiskCache(folder: folder.cacheFolder, capacity: capacity)
            try await #expect(restarted.totalSize() == folder.cacheBytesOnDisk())
        }
    }
}
