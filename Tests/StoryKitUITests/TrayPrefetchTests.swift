import Foundation
import StoryKit
import StoryMedia
@testable import StoryKitUI
import Testing

/// The row's prefetching: bounded, in order, far-away reads cancelled, nothing read twice.
@Suite struct TrayPrefetchTests {
    static func request(_ id: String) -> TrayMediaRequest {
        TrayMediaRequest(itemID: id, url: URL(string: "https://x.example/\(id).jpg")!, amount: .whole)
    }

    static let a = request("a"), b = request("b"), c = request("c"), d = request("d"), e = request("e")

    @Test func atMostTheLimitRunInTheOrderWanted() {
        var queue = TrayPrefetchQueue(limit: 2)
        let changes = queue.want([Self.a, Self.b, Self.c, Self.a])
        #expect(changes.start == [Self.a, Self.b] && changes.cancel.isEmpty)
        #expect(queue.running == [Self.a, Self.b] && queue.wanted == [Self.a, Self.b, Self.c])
        #expect(queue.finish("a") == [Self.c])
        #expect(queue.finish("a").isEmpty, "once")
        #expect(queue.finish("zzz").isEmpty)
    }

    @Test func readsScrolledFarAwayAreCancelledAndTheNewOnesStart() {
        var queue = TrayPrefetchQueue(limit: 2)
        queue.want([Self.a, Self.b, Self.c])
        let changes = queue.want([Self.c, Self.d, Self.b])
        #expect(changes.cancel == [Self.a])
        #expect(changes.start == [Self.c])
        #expect(queue.running == [Self.b, Self.c])
        // A cancelled read is read again if wanted again.
        queue.finish("b")
        #expect(queue.want([Self.a]).start == [Self.a])
    }

    @Test func finishedReadsAreNotReadAgain() {
        var queue = TrayPrefetchQueue(limit: 0)
        #expect(queue.limit == 1)
        queue.want([Self.a])
        queue.finish("a")
        #expect(queue.want([Self.a, Self.b]).start == [Self.b])
        #expect(queue.finished == ["a"])
    }

    /// A source that answers at once and counts the reads it got.
    final class CountingSource: MediaByteSource, @unchecked Sendable {
        private let lock = NSLock()
        private var _reads: [String] = []
        var reads: [String] { lock.withLock { _reads } }
        func info(for url: URL) async throws -> MediaInfo { MediaInfo(length: 10, contentType: nil, servesRanges: true) }
        func bytes(of url: URL, in range: Range<Int>) async throws -> [UInt8] { [] }
        func data(of url: URL) async throws -> [UInt8] {
            lock.withLock { _reads.append(url.lastPathComponent) }
            return [1, 2, 3]
        }
    }

    @MainActor
    @Test func thePrefetcherReadsEachWantedItemOnceThroughTheSource() async {
        let source = CountingSource()
        let prefetcher = TrayPrefetcher(source: source, limit: 2)
        prefetcher.want([Self.a, Self.b, Self.c, Self.d, Self.e])
        #expect(prefetcher.queue.running.count == 2)
        await prefetcher.waitUntilIdle()
        #expect(prefetcher.isIdle)
        #expect(source.reads.sorted() == ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg"])
        prefetcher.want([Self.a, Self.b])
        await prefetcher.waitUntilIdle()
        #expect(source.reads.count == 5, "cached by the source: not read twice")
    }
}
