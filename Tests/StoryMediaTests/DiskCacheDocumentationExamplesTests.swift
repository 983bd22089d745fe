import Foundation
import StoryKitTestSupport
import StoryMedia
import Testing

/// Mirrors the disk-cache snippet of README.md ("Disk and memory caches"), of ``DiskCache``'s
/// documentation and of the DocC article, so that it compiles and does what the comments say.
@Suite struct DiskCacheDocumentationExamplesTests {
    @Test func theSnippetDownloadsOnceThenServesFromDisk() async throws {
        try await TemporaryFolder.with { temporary in
            let downloads = Locked(0)
            @Sendable func download(_ url: String) async throws -> [UInt8] {
                downloads.withLock { $0 += 1 }
                return Array(url.utf8)
            }
            var shown: [[UInt8]] = []
            func show(_ bytes: [UInt8]) { shown.append(bytes) }
            // The documentation's folder, which the test does not write into:
            #expect(!FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).isEmpty)
            let caches = temporary.url

            for _ in 0..<2 {
                // The snippet, with the test's folder.
                let cache = DiskCache(folder: caches.appendingPathComponent("stories"), capacity: 200 << 20)
                let key = "https://example.com/story-17.jpg"
                if let bytes = try await cache.data(for: key) {
                    show(bytes)                                  // checked: length, CRC-32, key
                } else {
                    let bytes = try await download(key)
                    try await cache.store(bytes, for: key)       // atomic; evicts the least recently used
                    show(bytes)
                }
            }

            #expect(downloads.value == 1)   // the second run, a "relaunch", read it from disk
            #expect(shown == Array(repeating: Array("https://example.com/story-17.jpg".utf8), count: 2))
        }
    }

    @Test func theMemoryCacheSnippetKeepsAndForgets() {
        let pixels: [UInt8] = Array(repeating: 7, count: 4_096)
        let images = MemoryImageCache<String, [UInt8]>(capacity: 64 << 20)   // 64 MiB
        images.insert(pixels, for: "https://example.com/a.jpg", cost: pixels.count)
        let hit = images.value(for: "https://example.com/a.jpg")            // most recent now
        images.removeAll()                                                   // on a memory warning
        #expect(hit == pixels)
        #expect(images.count == 0)
    }
}
