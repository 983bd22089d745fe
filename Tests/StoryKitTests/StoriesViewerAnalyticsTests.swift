import MotionCore
import StoryKit
import Testing

@Suite struct StoriesViewerAnalyticsTests {
    typealias Event = StoriesViewer.Event

    /// A viewer over the fixtures' feed whose first item shows its first frame at 0.3 s.
    static func opened() -> (StoriesViewer, [Event]) {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        let events = viewer.displayEverythingListed(time: 0.3)
        return (viewer, events)
    }

    /// Runs at 60 Hz from `start` to `end`, displaying whatever is listed, with each event's time.
    static func run(_ viewer: inout StoriesViewer, from start: Double, to end: Double) -> [(time: Double, event: Event)] {
        var timed: [(time: Double, event: Event)] = []
        var t = start
        while t < end {
            t = Swift.min(t + 1.0 / 60, end)
            for event in viewer.advance(to: t) + viewer.displayEverythingListed(time: t) { timed.append((t, event)) }
        }
        return timed
    }

    @Test func theFirstItemStartsWithItsUsersEntryWhenItsFirstFrameShows() {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        #expect(viewer.advance(to: 0.2).isEmpty, "nothing starts while loading")
        let (_, events) = Self.opened()
        #expect(events == [.userEntered(user: 0, item: 0, id: "a1"), .itemStarted(user: 0, item: 0, id: "a1")])
    }

    @Test func anItemCompletesOnceAtItsEndAndTheNextStartsWhenShown() {
        var (viewer, _) = Self.opened()
        let timed = Self.run(&viewer, from: 0.3, to: 6)
        let completed = timed.filter { $0.event == .itemCompleted(user: 0, item: 0, id: "a1") }
        #expect(completed.count == 1)
        #expect(completed.first.map { abs($0.time - 5.3) < 1.0 / 60 + 1e-9 } == true, "at the end of the 5 s image")
        let started = timed.filter { $0.event == .itemStarted(user: 0, item: 1, id: "a2") }
        #expect(started.count == 1 && started.first.map { abs($0.time - 5.3) < 1.0 / 60 + 1e-9 } == true)
        #expect(!timed.contains { if case .itemSkipped = $0.event { return true } else { return false } })
    }

    @Test func aTapForwardAt40PercentSkipsWithTheFractionAndSeconds() {
        var (viewer, _) = Self.opened()
        viewer.advance(to: 2.3)                                 // 2 s of 5 s shown
        let events = viewer.tap(x: 300, at: 2.3)                // the finger holds progress while down
        guard case let .itemSkipped(user, item, id, fraction, seconds)? = events.first else {
            Issue.record("no skip first: \(events)")
            return
        }
        #expect(user == 0 && item == 0 && id == "a1")
        #expect(abs(fraction - 0.4) < 1e-9 && abs(seconds - 2) < 1e-9)
        #expect(events.contains(.itemShown(user: 0, item: 1, id: "a2")))
        #expect(events.filter { if case .itemSkipped = $0 { return true } else { return false } }.count == 1)
    }

    @Test func aTurnToTheNextUserSkipsLeavesAndEntersInOrder() {
        var (viewer, _) = Self.opened()
        viewer.advance(to: 1.3)
        let timed = viewer.showUser(1, time: 1.3).map { (time: 1.3, event: $0) } + Self.run(&viewer, from: 1.3, to: 3)
        let analytics = timed.map(\.event).filter(Self.isAnalytics)
        #expect(analytics == [.itemSkipped(user: 0, item: 0, id: "a1", fraction: 0.2, seconds: 1),
                              .userLeft(user: 0, item: 0, id: "a1"),
                              .userEntered(user: 1, item: 0, id: "b1"),
                              .itemStarted(user: 1, item: 0, id: "b1")])
    }

    @Test func theHostsCloseSkipsTheItemLeavesTheUserAndSaysWhyBeforeClosed() {
        var (viewer, _) = Self.opened()
        let events = viewer.close(time: 1.3)
        #expect(events.filter { $0 != .itemSeen(id: "a1") } == [.itemSkipped(user: 0, item: 0, id: "a1", fraction: 0.2, seconds: 1),
                           .userLeft(user: 0, item: 0, id: "a1"),
                           .viewerClosed(reason: .closedByHost, user: 0, item: 0, id: "a1"),
                           .closed(.closedByHost)])
    }

    @Test func theLastItemEndingCompletesItThenClosesAsFinished() {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, user: 1, pageSize: ViewerFixtures.page)
        viewer.displayEverythingListed(time: 0)
        _ = viewer.nextItem(time: 1)
        viewer.displayEverythingListed(time: 1)
        viewer.showUser(2, time: 1.5)
        _ = Self.run(&viewer, from: 1.5, to: 3)
        #expect(viewer.userIndex == 2)
        let events = viewer.media(.ended, for: "c1", time: 4)
        #expect(events.filter(Self.isAnalytics) == [.itemCompleted(user: 2, item: 0, id: "c1"),
                                                    .userLeft(user: 2, item: 0, id: "c1"),
                                                    .viewerClosed(reason: .finished, user: 2, item: 0, id: "c1")])
        #expect(events.last == .closed(.finished))
    }

    @Test func anItemThatNeverShowedIsNeitherStartedNorSkipped() {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        let events = viewer.nextItem(time: 1) + viewer.close(time: 2)
        #expect(events.filter(Self.isAnalytics) == [.viewerClosed(reason: .closedByHost, user: 0, item: 1, id: "a2")])
    }

    static func isAnalytics(_ event: Event) -> Bool {
        switch event {
        case .itemStarted, .itemCompleted, .itemSkipped, .userEntered, .userLeft, .viewerClosed, .areaTapped, .muteChanged:
            return true
        case .itemShown, .itemSeen, .userChanged, .reply, .failed, .closed:
            return false
        }
    }
}
