import Foundation
import StoryMedia
import Testing

/// The in-memory cache of decoded images: its byte bound, its least-recently-used order, and
/// `removeAll()` for memory warnings.
@Suite struct MemoryImageCacheTests {
    @Test func theTotalCostNeverExceedsTheCapacity() {
        let cache = MemoryImageCache<Int, [UInt8]>(capacity: 10_000)
        var random = SystemRandomNumberGenerator()
        for key in 0..<2_000 {
            let cost = Int.random(in: 0...3_000, using: &random)
            cache.insert([], for: key % 50, cost: cost)
            #expect(cache.totalCost <= 10_000)
        }
        #expect(cache.insert([], for: -1, cost: 10_001) == false)
        #expect(cache.value(for: -1) == nil)
    }

    @Test func theLeastRecentlyUsedGoesFirst() {
        let cache = MemoryImageCache<String, String>(capacity: 300)
        cache.insert("A", for: "a", cost: 100)
        cache.insert("B", for: "b", cost: 100)
        cache.insert("C", for: "c", cost: 100)
        #expect(cache.value(for: "a") == "A")   // a is now the most recent

        cache.insert("D", for: "d", cost: 100)

        #expect(cache.value(for: "b") == nil)
        #expect(cache.keysLeastRecentFirst == ["c", "a", "d"])
        cache.insert("A2", for: "a", cost: 250)   // replacing makes room by dropping c and d
        #expect(cache.keysLeastRecentFirst == ["a"])
        #expect(cache.value(for: "a") == "A2")
        #expect(cache.totalCost == 250)
    }

    @Test func removeAllEmptiesItForAMemoryWarning() {
        let cache = MemoryImageCache<String, [UInt8]>(capacity: 1 << 20)
        cache.insert([1], for: "a", cost: 1_000)
        cache.insert([2], for: "b", cost: 0)   // counts as 1
        #expect(cache.totalCost == 1_001)
        cache.removeValue(for: "a")
        #expect(cache.count == 1)

        cache.removeAll()

        #expect(cache.count == 0 && cache.totalCost == 0)
        #expect(cache.value(for: "b") == nil)
        #expect(MemoryImageCache<Int, Int>(capacity: -1).insert(1, for: 1, cost: 1) == false)
    }

    @Test func manyThreadsShareOneCache() async {
        let cache = MemoryImageCache<Int, Int>(capacity: 5_000)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<50 {
                group.addTask {
                    for item in 0..<200 {
                        cache.insert(item, for: task * 1_000 + item, cost: 100)
                        _ = cache.value(for: task * 1_000 + item / 2)
                    }
                }
            }
        }
        #expect(cache.totalCost <= 5_000)
        #expect(cache.count == 50)
    }
}
