import Foundation
import MotionCore
import StoryKit
import StoryMedia
import Testing

/// A memory warning applied to the decoded-image cache: StoryKit's `MemoryWarningRule` says what
/// stays, `MemoryImageCache.removeAll(keeping:)` drops the rest, counted in entries and bytes.
@Suite struct MemoryWarningTrimTests {
    static let feed = StoryFeed(users: [
        StoryUser(id: "ava", name: "Ava", items: (1...4).map { StoryItem(id: "a\($0)", kind: .image, url: "a\($0).jpg") }),
        StoryUser(id: "ben", name: "Ben", items: (1...2).map { StoryItem(id: "b\($0)", kind: .image, url: "b\($0).jpg") }),
    ])

    @Test func aMemoryWarningKeepsOnlyTheCurrentAndNextItemsImages() {
        // Given six decoded images of 1 MB each (a 1170 × 2532 bitmap is about 11.9 MB; smaller
        // here), the viewer on Ava's second item.
        let cache = MemoryImageCache<String, [UInt8]>(capacity: 64 << 20)
        for item in Self.feed.users.flatMap(\.items) { cache.insert([], for: item.url, cost: 1_000_000) }
        var viewer = StoriesViewer(feed: Self.feed, pageSize: Size(width: 390, height: 844))
        viewer.media(.displaying, for: "a1", time: 0)
        viewer.nextItem(time: 0.5)
        #expect(viewer.currentItem?.id == "a2")
        #expect(cache.count == 6 && cache.totalCost == 6_000_000)

        // When the warning arrives.
        let rule = MemoryWarningRule(viewer: viewer)
        let removed = cache.removeAll { rule.keepsImage(url: $0) }

        // Then a2 and a3 stay (2 MB), the four others go (4 MB).
        #expect(removed.count == 4 && removed.bytes == 4_000_000)
        #expect(cache.count == 2 && cache.totalCost == 2_000_000)
        #expect(Set(cache.keysLeastRecentFirst) == ["a2.jpg", "a3.jpg"])
        #expect(cache.value(for: "a1.jpg") == nil && cache.value(for: "b1.jpg") == nil)
    }

    @Test func removingWithNothingKeptEmptiesTheCacheAndKeepsTheOrderOfTheRest() {
        let cache = MemoryImageCache<Int, Int>(capacity: 100)
        for key in 0..<10 { cache.insert(key, for: key, cost: 10) }
        _ = cache.value(for: 2)   // 2 is the most recent now
        let removed = cache.removeAll { $0 % 2 == 0 }
        #expect(removed.count == 5 && removed.bytes == 50)
        #expect(cache.keysLeastRecentFirst == [0, 4, 6, 8, 2])
        let rest = cache.removeAll { _ in false }
        #expect(rest.count == 5 && rest.bytes == 50)
        #expect(cache.count == 0 && cache.totalCost == 0)
    }
}
