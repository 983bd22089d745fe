import MotionCore
import StoryKit
import Testing

@Suite struct PrefetchPlanTests {
    typealias Request = PrefetchPlan.Request

    /// The plan's requests as "id:priority" strings, in order.
    static func summary(_ plan: PrefetchPlan) -> [String] {
        plan.requests.map { "\($0.itemID):\($0.priority)" }
    }

    @Test func sequentialViewingLoadsTheCurrentItemThenItsUserThenTheNextUsers() {
        // Given a viewer on Ava's first image (Ava a1–a3, Ben b1–b2, Cleo's video c1).
        let viewer = ViewerFixtures.viewer()
        // When the plan is made.
        let plan = PrefetchPlan(viewer: viewer)
        // Then: the current item, Ava's next two, then Ben's and Cleo's pages.
        #expect(Self.summary(plan) == ["a1:current", "a2:nextItem", "a3:nextItem", "b1:nextUser", "c1:nextUser"])
        #expect(plan.direction == .forward && plan.user == 0 && plan.item == 0)
        #expect(plan.current?.itemID == "a1")
        #expect(plan.requests.last?.kind == .videoPrefix(bytes: 1 << 20))  // a prefetched video: its first MiB
        #expect(plan.mayPrefetch)
    }

    @Test func theItemsAndUsersAheadAndTheVideoPrefixAreConfigurable() {
        let configuration = PrefetchPlan.Configuration(itemsAhead: 1, usersAhead: 1, videoPrefixBytes: 300_000)
        let plan = PrefetchPlan(viewer: ViewerFixtures.viewer(), configuration: configuration)
        #expect(Self.summary(plan) == ["a1:current", "a2:nextItem", "b1:nextUser"])
        let onBen = PrefetchPlan(viewer: ViewerFixtures.viewer(user: 1), configuration: configuration)
        #expect(onBen.requests.map(\.kind) == [.image, .image, .videoPrefix(bytes: 300_000)])
        #expect(PrefetchPlan.Configuration(itemsAhead: -3, usersAhead: 1_000, videoPrefixBytes: 0)
            == PrefetchPlan.Configuration(itemsAhead: 0, usersAhead: 16, videoPrefixBytes: 1_024))
    }

    @Test func theCurrentVideoIsLoadedWhole() {
        let plan = PrefetchPlan(viewer: ViewerFixtures.viewer(user: 2))
        #expect(plan.requests == [Request(itemID: "c1", url: "c1.mp4", kind: .wholeVideo, priority: .current)])
        #expect(plan.current?.byteLimit == nil)
    }

    @Test func aSkipForwardMovesTheWindowAndKeepsGoingForward() {
        var viewer = ViewerFixtures.viewer()
        let before = PrefetchPlan(viewer: viewer)
        viewer.nextItem(time: 0.5)
        viewer.displayEverythingListed(time: 0.5)
        let plan = PrefetchPlan(viewer: viewer, following: before)
        #expect(plan.direction == .forward)
        #expect(Self.summary(plan) == ["a2:current", "a3:nextItem", "b1:nextUser", "c1:nextUser"])
    }

    @Test func aTurnBackPrefetchesThePreviousUserLast() {
        // Given the viewer on Cleo, when the user goes back to Ben.
        var viewer = ViewerFixtures.viewer(user: 2)
        let before = PrefetchPlan(viewer: viewer)
        viewer.previousItem(time: 0.1)
        viewer.run(to: 3, from: 0.1)  // the cube turns and settles
        #expect(viewer.userIndex == 1)
        let plan = PrefetchPlan(viewer: viewer, following: before)
        // Then the direction is backward and Ava's page comes after everything ahead.
        #expect(plan.direction == .backward)
        #expect(Self.summary(plan) == ["b1:current", "b2:nextItem", "c1:nextUser", "a1:previousUser"])
        // And standing still keeps the direction; going forward again drops Ava.
        let still = PrefetchPlan(viewer: viewer, following: plan)
        #expect(still.direction == .backward)
        viewer.nextItem(time: 3.1)
        let forward = PrefetchPlan(viewer: viewer, following: still)
        #expect(forward.direction == .forward && !forward.requests.contains { $0.priority == .previousUser })
    }

    @Test func prefetchingWaitsUntilTheCurrentItemIsDisplayable() {
        // Given a viewer whose first item has not shown its first frame yet.
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        #expect(viewer.state == .loading)
        #expect(!PrefetchPlan(viewer: viewer).mayPrefetch)
        // When it displays, prefetching may start.
        viewer.media(.displaying, for: "a1", time: 0.2)
        #expect(PrefetchPlan(viewer: viewer).mayPrefetch)
        // A failed current item does not hold prefetching back.
        viewer.media(.failed(reason: "404"), for: "a1", time: 0.3)
        #expect(PrefetchPlan(viewer: viewer).mayPrefetch)
    }

    @Test func aClosedViewerPlansNothing() {
        var viewer = ViewerFixtures.viewer()
        viewer.close(time: 1)
        let plan = PrefetchPlan(viewer: viewer)
        #expect(plan.requests.isEmpty && !plan.mayPrefetch && plan.current == nil && plan.user == nil)
    }

    @Test(arguments: [1, 10, 1_000])
    func thePlanIsBoundedWhateverTheFeedLength(users: Int) {
        let feed = StoryFeed(users: (0..<users).map { u in
            StoryUser(id: "u\(u)", name: "", items: (0..<10).map { StoryItem(id: "u\(u)-\($0)", kind: .image, url: "u\(u)-\($0).jpg") })
        })
        var viewer = StoriesViewer(feed: feed, user: users / 2, pageSize: ViewerFixtures.page)
        viewer.media(.displaying, for: "u\(users / 2)-0", time: 0)
        let plan = PrefetchPlan(viewer: viewer)
        #expect(plan.requests.count <= plan.configuration.maximumRequests)
        #expect(plan.requests.count == 1 + 2 + Swift.min(2, users - users / 2 - 1))
    }

    @Test func anItemIsRequestedOnce() {
        let a = Request(itemID: "a", url: "a.jpg", kind: .image, priority: .current)
        let plan = PrefetchPlan(requests: [a, Request(itemID: "a", url: "b.jpg", kind: .image, priority: .nextItem)], mayPrefetch: true)
        #expect(plan.requests == [a])
    }
}
