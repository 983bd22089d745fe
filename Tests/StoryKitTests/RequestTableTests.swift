import StoryKit
import StoryKitStorm
import Testing

@Suite struct RequestTableTests {
    typealias Request = PrefetchPlan.Request
    typealias Change = RequestTable.Change

    /// A table whose changes are carried out on a fake transport, which refuses a second start
    /// of a running URL, a change on a download that does not run, and going over the limit.
    struct Driver {
        var table: RequestTable
        var transport: SimulatedTransport

        init(limit: Int = 4) {
            table = RequestTable(maximumConcurrent: limit)
            transport = SimulatedTransport(limit: table.maximumConcurrent)
        }

        @discardableResult
        mutating func apply(_ requests: [Request], mayPrefetch: Bool = true) -> [Change] {
            let changes = table.apply(PrefetchPlan(requests: requests, mayPrefetch: mayPrefetch))
            #expect(transport.apply(changes) == nil)
            #expect(Set(transport.connections.keys) == table.running)
            return changes
        }

        @discardableResult
        mutating func complete(_ url: String) -> RequestTable.Outcome {
            let running = table[url]?.state == .running
            let outcome = table.complete(url: url)
            if running { transport.close(url) }
            #expect(transport.apply(outcome.changes) == nil)
            return outcome
        }
    }

    static func image(_ id: String, _ priority: PrefetchPlan.Priority, url: String? = nil) -> Request {
        Request(itemID: id, url: url ?? "\(id).jpg", kind: .image, priority: priority)
    }

    @Test func queuedDownloadsStartInThePlansOrder() {
        var driver = Driver()
        let changes = driver.apply([Self.image("a1", .current), Self.image("a2", .nextItem), Self.image("b1", .nextUser)])
        #expect(changes == [.start(url: "a1.jpg", priority: .current, byteLimit: nil),
                            .start(url: "a2.jpg", priority: .nextItem, byteLimit: nil),
                            .start(url: "b1.jpg", priority: .nextUser, byteLimit: nil)])
        // The same plan again changes nothing.
        #expect(driver.apply([Self.image("a1", .current), Self.image("a2", .nextItem), Self.image("b1", .nextUser)]).isEmpty)
    }

    @Test func twoSubscribersShareOneDownloadAtTheHigherPriority() {
        var driver = Driver()
        // Given two items with the same URL, one current, one prefetched: one download, current.
        let shared = "shared.jpg"
        var changes = driver.apply([Self.image("x", .current, url: shared), Self.image("y", .nextUser, url: shared)])
        #expect(changes == [.start(url: shared, priority: .current, byteLimit: nil)])
        #expect(driver.table[shared]?.subscribers.keys.sorted() == ["x", "y"])
        // When the current item leaves: not cancelled (y still wants it), lowered at once.
        changes = driver.apply([Self.image("z", .current), Self.image("y", .nextUser, url: shared)])
        #expect(changes == [.reprioritise(url: shared, priority: .nextUser), .start(url: "z.jpg", priority: .current, byteLimit: nil)])
        // When y comes closer: raised at once.
        changes = driver.apply([Self.image("z", .current), Self.image("y", .nextItem, url: shared)])
        #expect(changes == [.reprioritise(url: shared, priority: .nextItem)])
        // When the last subscriber leaves: cancelled, and forgotten.
        changes = driver.apply([Self.image("z", .current)])
        #expect(changes == [.cancel(url: shared)])
        #expect(driver.table[shared] == nil)
    }

    @Test func theCurrentItemIsNeverQueuedBehindPrefetches() {
        // Given two connections, both taken by prefetches after the current item finished.
        var driver = Driver(limit: 2)
        driver.apply([Self.image("c", .current), Self.image("p1", .nextItem), Self.image("p2", .nextUser)])
        driver.complete("c.jpg")
        #expect(driver.table.running == ["p1.jpg", "p2.jpg"])
        // When the viewer moves to an item nobody loads yet.
        let changes = driver.apply([Self.image("n", .current), Self.image("p1", .nextItem), Self.image("p2", .nextUser)])
        // Then the least important prefetch makes room first, and the current item starts.
        #expect(changes == [.suspend(url: "p2.jpg"), .start(url: "n.jpg", priority: .current, byteLimit: nil)])
        #expect(driver.table["p2.jpg"]?.state == .queued)
        // And the suspended one resumes when a connection frees up.
        let outcome = driver.complete("n.jpg")
        #expect(outcome.items == ["n"])
        #expect(outcome.changes == [.start(url: "p2.jpg", priority: .nextUser, byteLimit: nil)])
        #expect(driver.transport.mostAtOnce == 2)
    }

    @Test func prefetchesWaitWhileTheCurrentItemIsNotDisplayable() {
        var driver = Driver()
        let plan = [Self.image("a", .current), Self.image("b", .nextItem)]
        // While the current item loads, only it runs.
        #expect(driver.apply(plan, mayPrefetch: false) == [.start(url: "a.jpg", priority: .current, byteLimit: nil)])
        // Once its bytes are in, nothing competes with it any more: prefetches start.
        #expect(driver.complete("a.jpg").changes == [.start(url: "b.jpg", priority: .nextItem, byteLimit: nil)])
        // When the viewer moves to an item that must load, the running prefetches make way.
        let changes = driver.apply([Self.image("c", .current), Self.image("b", .nextItem)], mayPrefetch: false)
        #expect(changes == [.suspend(url: "b.jpg"), .start(url: "c.jpg", priority: .current, byteLimit: nil)])
        // And come back when it is displayable.
        #expect(driver.apply([Self.image("c", .current), Self.image("b", .nextItem)]) == [.start(url: "b.jpg", priority: .nextItem, byteLimit: nil)])
    }

    @Test func aResponseForAnItemTheViewerLeftIsNeverDelivered() {
        var driver = Driver()
        driver.apply([Self.image("a", .current), Self.image("b", .nextItem)])
        // The viewer moves on past both before a's bytes arrive.
        #expect(driver.apply([Self.image("c", .current)]) == [.cancel(url: "a.jpg"), .cancel(url: "b.jpg"),
                                                              .start(url: "c.jpg", priority: .current, byteLimit: nil)])
        // The late response hands nothing on and changes nothing.
        #expect(driver.complete("a.jpg").items.isEmpty && driver.table.running == ["c.jpg"])
        let late = driver.table.fail(url: "b.jpg")
        #expect(late.items.isEmpty && late.changes.isEmpty)
        // A response for the current item goes to it first, then to the other subscribers.
        driver.apply([Self.image("c", .current), Self.image("d", .nextUser, url: "c.jpg")])
        #expect(driver.complete("c.jpg").items == ["c", "d"])
        #expect(driver.complete("c.jpg").items.isEmpty)  // delivered once
    }

    @Test func aPrefetchedVideoPrefixIsExtendedWhenItBecomesCurrent() {
        var driver = Driver()
        let prefix = Request(itemID: "v", url: "v.mp4", kind: .videoPrefix(bytes: 1 << 20), priority: .nextItem)
        driver.apply([Self.image("a", .current), prefix])
        #expect(driver.table["v.mp4"]?.byteLimit == 1 << 20)
        let whole = Request(itemID: "v", url: "v.mp4", kind: .wholeVideo, priority: .current)
        #expect(driver.apply([whole]) == [.cancel(url: "a.jpg"), .reprioritise(url: "v.mp4", priority: .current),
                                          .extend(url: "v.mp4", byteLimit: nil)])
        // A finished prefix that must now be whole is started again for the rest.
        var other = Driver()
        other.apply([Self.image("a", .current), prefix])
        other.complete("v.mp4")
        #expect(other.apply([whole]) == [.cancel(url: "a.jpg"), .start(url: "v.mp4", priority: .current, byteLimit: nil)])
    }

    @Test func aFailedDownloadStaysFailedUntilRetried() {
        var driver = Driver()
        driver.apply([Self.image("a", .current), Self.image("b", .nextItem)])
        let outcome = driver.table.fail(url: "a.jpg")
        driver.transport.close("a.jpg")
        #expect(outcome.items == ["a"])
        #expect(driver.apply([Self.image("a", .current), Self.image("b", .nextItem)]).isEmpty)
        #expect(driver.table["a.jpg"]?.state == .failed)
        let changes = driver.table.retry(url: "a.jpg")
        #expect(changes == [.start(url: "a.jpg", priority: .current, byteLimit: nil)])
        #expect(driver.transport.apply(changes) == nil)
    }

    @Test func theLimitIsClamped() {
        #expect(RequestTable().maximumConcurrent == 4)
        #expect(RequestTable(maximumConcurrent: 0).maximumConcurrent == 1)
        #expect(RequestTable(maximumConcurrent: .max).maximumConcurrent == 64)
    }
}
