@testable import StoryKitUI
import Testing

@Suite struct PageSlotsTests {
    /// A stand-in for a page view: a reference, so identity shows reuse.
    final class FakeView {
        var page: Int
        init(page: Int) { self.page = page }
    }

    /// Provides a view for `index`, reusing the offered one, and records how many were made.
    struct Provider {
        var made = 0
        mutating func provide(_ index: Int, _ reusable: FakeView?) -> FakeView {
            if let reusable { reusable.page = index; return reusable }
            made += 1
            return FakeView(page: index)
        }
    }

    @Test func aTurnMountsTheArrivingPageAndATurnBackRecyclesIt() throws {
        // Given page 2 at rest, when the cube turns toward 3, then 3 gets a new view;
        // when it comes back to rest on 2, 3's view goes to the pool.
        var slots = PageSlots<FakeView>(capacity: 2)
        var provider = Provider()
        slots.update(visible: [2]) { provider.provide($0, $1) }
        let turning = slots.update(visible: [2, 3]) { provider.provide($0, $1) }
        #expect(turning.mounted == [3] && turning.unmounted.isEmpty)
        #expect(provider.made == 2)
        let view3 = try #require(slots.mounted[3])
        let resting = slots.update(visible: [2]) { provider.provide($0, $1) }
        #expect(resting.unmounted.map(ObjectIdentifier.init) == [ObjectIdentifier(view3)])
        #expect(slots.mounted.keys.sorted() == [2])
        #expect(slots.pool.count == 1)
    }

    @Test func aPageThatLeavesIsReusedByThePageThatArrivesInTheSameUpdate() throws {
        // Given page 0 mounted, when the pager jumps to page 5, then 5 gets page 0's view and no
        // new view is made.
        var slots = PageSlots<FakeView>(capacity: 2)
        var provider = Provider()
        slots.update(visible: [0]) { provider.provide($0, $1) }
        let view0 = try #require(slots.mounted[0])
        slots.update(visible: [5]) { provider.provide($0, $1) }
        #expect(slots.mounted[5] === view0 && view0.page == 5)
        #expect(provider.made == 1 && slots.pool.isEmpty)
    }

    @Test func swipingThroughManyPagesNeverHoldsMoreThanTwoMountedAndTwoPooled() {
        // Given a swipe from page 0 to page 9, one page at a time through the two-face turns,
        // then at most 2 views are on screen, at most `capacity` are pooled, and only 2 views are
        // ever made: the page that leaves lends its view to the page that arrives next.
        var slots = PageSlots<FakeView>(capacity: 2)
        var provider = Provider()
        for page in 0..<9 {
            slots.update(visible: [page]) { provider.provide($0, $1) }
            slots.update(visible: [page, page + 1]) { provider.provide($0, $1) }
            #expect(slots.mounted.count <= 2 && slots.pool.count <= 2)
        }
        slots.update(visible: [9]) { provider.provide($0, $1) }
        #expect(slots.mounted.keys.sorted() == [9])
        #expect(provider.made == 2)
        #expect(slots.mounted[9]?.page == 9)
    }

    @Test func aFullPoolDropsItsOldestView() throws {
        // Given a pool of one, when two pages leave, then the first to leave is dropped.
        var slots = PageSlots<FakeView>(capacity: 1)
        var provider = Provider()
        slots.update(visible: [0, 1]) { provider.provide($0, $1) }
        let view0 = try #require(slots.mounted[0]), view1 = try #require(slots.mounted[1])
        let changes = slots.update(visible: []) { provider.provide($0, $1) }
        #expect(changes.unmounted.count == 2)
        #expect(changes.dropped.map(ObjectIdentifier.init) == [ObjectIdentifier(view0)])
        #expect(slots.pool.map(ObjectIdentifier.init) == [ObjectIdentifier(view1)])
    }

    @Test func unmountingAllOffersEveryPageItsViewBackOnReload() {
        // Given pages 3 and 4 mounted, when the data reloads, then every view is unmounted and
        // the next update reuses both, asking for each page again.
        var slots = PageSlots<FakeView>(capacity: 2)
        var provider = Provider()
        slots.update(visible: [3, 4]) { provider.provide($0, $1) }
        let changes = slots.unmountAll()
        #expect(changes.unmounted.count == 2 && slots.mounted.isEmpty && slots.pool.count == 2)
        var asked: [Int] = []
        slots.update(visible: [3, 4]) { asked.append($0); return provider.provide($0, $1) }
        #expect(asked == [3, 4] && provider.made == 2 && slots.pool.isEmpty)
    }

    @Test func duplicateIndicesMountOnce() {
        var slots = PageSlots<FakeView>(capacity: 2)
        var provider = Provider()
        let changes = slots.update(visible: [1, 1]) { provider.provide($0, $1) }
        #expect(changes.mounted == [1] && provider.made == 1)
    }

    @Test func aZeroCapacityPoolKeepsNothing() {
        var slots = PageSlots<FakeView>(capacity: -3)
        var provider = Provider()
        slots.update(visible: [0]) { provider.provide($0, $1) }
        let changes = slots.update(visible: [1]) { provider.provide($0, $1) }
        #expect(slots.capacity == 0 && slots.pool.isEmpty && changes.dropped.count == 1 && provider.made == 2)
    }

    @Test func unmountedPagesAreReportedWithTheirIndices() throws {
        // Given pages 4 and 5 on screen, when only 6 remains, then 4 and 5 are reported with
        // their own views, in page order.
        var slots = PageSlots<FakeView>(capacity: 2)
        var provider = Provider()
        slots.update(visible: [4, 5]) { provider.provide($0, $1) }
        let view4 = try #require(slots.mounted[4]), view5 = try #require(slots.mounted[5])
        let changes = slots.update(visible: [6]) { provider.provide($0, $1) }
        #expect(changes.unmountedIndices == [4, 5])
        #expect(changes.unmounted.map(ObjectIdentifier.init) == [ObjectIdentifier(view4), ObjectIdentifier(view5)])
        #expect(changes.mounted == [6])
    }

    @Test func loweringTheCapacityDropsTheOldestPooledViewsAtOnce() throws {
        // Given two pooled views, when the capacity drops to 0 (a view-controller container),
        // then the pool empties, and later unmounted views are dropped, not pooled.
        var slots = PageSlots<FakeView>(capacity: 2)
        var provider = Provider()
        slots.update(visible: [0, 1]) { provider.provide($0, $1) }
        slots.update(visible: []) { provider.provide($0, $1) }
        #expect(slots.pool.count == 2)
        slots.capacity = 0
        #expect(slots.pool.isEmpty)
        slots.update(visible: [2]) { provider.provide($0, $1) }
        let changes = slots.update(visible: [3]) { provider.provide($0, $1) }
        #expect(changes.dropped.count == 1 && slots.pool.isEmpty && provider.made == 4)
        slots.capacity = -1
        #expect(slots.capacity == 0)
    }

    @Test func aJumpReportsThePageThatLeftBeforeThePageThatCame() {
        // Given page 0 on screen, when the pager jumps to page 5, then page 0 goes off screen
        // first and page 5 comes on with the same view (reused at once), as the delegate hears it.
        var slots = PageSlots<FakeView>(capacity: 2)
        var provider = Provider()
        slots.update(visible: [0]) { provider.provide($0, $1) }
        let jump = slots.update(visible: [5]) { provider.provide($0, $1) }
        let changes = jump.displayChanges
        #expect(changes.map(\.index) == [0, 5])
        #expect(changes.map(\.isDisplayed) == [false, true])
        #expect(changes.count == 2 && changes[0].page === changes[1].page && provider.made == 1)
        #expect(slots.unmountAll().displayChanges.map(\.index) == [5])
    }
}
