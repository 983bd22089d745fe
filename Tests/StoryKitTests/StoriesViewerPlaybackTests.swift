import MotionCore
import StoryKit
import Testing

@Suite struct StoriesViewerPlaybackTests {
    @Test func progressWaitsForTheFirstFrameNotForReady() {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        viewer.advance(to: 1)
        #expect(viewer.elapsed == 0 && viewer.state == .loading)
        viewer.media(.ready, for: "a1", time: 1.5)           // readyToPlay: no picture yet
        viewer.advance(to: 2)
        #expect(viewer.elapsed == 0 && viewer.state == .loading)
        viewer.media(.displaying, for: "a1", time: 2)
        viewer.advance(to: 3.25)
        #expect(viewer.elapsed == 1.25 && viewer.state == .playing)
        #expect(viewer.progress == 0.25)
    }

    @Test func anItemEndingBetweenFramesHandsOverAtItsEnd() {
        var viewer = ViewerFixtures.viewer()
        viewer.media(.displaying, for: "a2", time: 0)        // preloaded: its first frame is ready
        let events = viewer.advance(to: 5.3)
        #expect(events.contains(.itemShown(user: 0, item: 1, id: "a2")))
        #expect(viewer.itemIndex == 1)
        #expect(abs(viewer.elapsed - 0.3) < 1e-9, "the next item was already on screen: it ran from 5.0")
        #expect(viewer.seen.contains("a1"))
    }

    @Test func theNextItemThatIsNotLoadedYetWaitsAtZero() {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        viewer.media(.displaying, for: "a1", time: 0)
        viewer.advance(to: 7)
        #expect(viewer.itemIndex == 1 && viewer.elapsed == 0 && viewer.state == .loading)
    }

    @Test func aStallPausesAtOnceAndShowsLoadingAfterTheGrace() {
        var viewer = ViewerFixtures.viewer()
        viewer.advance(to: 1)
        viewer.media(.stalled, for: "a1", time: 1)
        viewer.advance(to: 1.4)
        #expect(viewer.elapsed == 1)
        #expect(viewer.state == .paused(.stalled))
        viewer.advance(to: 1.6)
        #expect(viewer.state == .loading && viewer.elapsed == 1)
        viewer.media(.resumed, for: "a1", time: 2)
        viewer.advance(to: 2.5)
        #expect(viewer.elapsed == 1.5)
    }

    @Test func itemsCountAsSeenAfterOneSecondOrAtTheirEnd() {
        var viewer = ViewerFixtures.viewer()
        #expect(viewer.advance(to: 0.99).isEmpty)
        #expect(viewer.advance(to: 1.0) == [.itemSeen(id: "a1")])
        #expect(viewer.advance(to: 3).isEmpty, "once per item")
    }

    @Test func theViewerStartsEachUserAtTheirFirstUnseenItem() {
        let viewer = ViewerFixtures.viewer(seen: ["a1", "a2"])
        #expect(viewer.itemIndex == 2 && viewer.currentItem?.id == "a3")
        #expect(viewer.item(forUser: 1) == 0)
        let allSeen = ViewerFixtures.viewer(seen: ["b1", "b2"], user: 1)
        #expect(allSeen.itemIndex == 0, "a user seen to the end starts again at the first item")
    }

    @Test func theLastItemOfTheLastUserCloses() {
        var viewer = ViewerFixtures.viewer(user: 2)
        let events = viewer.advance(to: 8.5)
        #expect(events.last == .closed(.finished))
        #expect(viewer.state == .finished && viewer.players.isEmpty)
    }

    @Test func aVideoTakesItsMediasLengthAndFollowsItsPlayhead() {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, user: 2, pageSize: ViewerFixtures.page)
        viewer.media(.displaying, for: "c1", time: 0)
        viewer.advance(to: 1)
        #expect(viewer.progress == 0 && viewer.elapsed == 0, "no length yet: the bar waits")
        viewer.media(.duration(4), for: "c1", time: 1)
        viewer.advance(to: 1.5)
        #expect(viewer.elapsed == 0.5)
        viewer.media(.playhead(2), for: "c1", time: 1.2)
        #expect(viewer.elapsed == 2 && viewer.progress == 0.5)
        let events = viewer.media(.ended, for: "c1", time: 2.1)
        #expect(events.contains(.closed(.finished)))
    }

    @Test func backgroundAndVoiceOverHoldProgress() {
        var viewer = ViewerFixtures.viewer()
        viewer.setAppActive(false, time: 1)
        viewer.setVoiceOverFocus(true, time: 1.5)
        viewer.advance(to: 3)
        viewer.setAppActive(true, time: 3)
        viewer.advance(to: 4)
        #expect(viewer.elapsed == 1)
        #expect(viewer.state == .paused(.voiceOver))
        viewer.setVoiceOverFocus(false, time: 4)
        viewer.advance(to: 4.5)
        #expect(viewer.elapsed == 1.5)
    }

    @Test func aFailureOffersARetryThatLoadsAgain() {
        var viewer = ViewerFixtures.viewer()
        let events = viewer.media(.failed(reason: "offline"), for: "a1", time: 0.5)
        #expect(events == [.failed(id: "a1", reason: "offline")])
        #expect(viewer.state == .failed(reason: "offline"))
        #expect(viewer.players.allSatisfy { !$0.isPlaying })
        viewer.retry(time: 2)
        #expect(viewer.state == .loading)
        viewer.media(.displaying, for: "a1", time: 3)
        viewer.advance(to: 3.5)
        #expect(viewer.elapsed == 1)
    }

    @Test func timeGoingBackwardsIsTakenAsTheLatestTime() {
        var viewer = ViewerFixtures.viewer()
        viewer.advance(to: 2)
        viewer.advance(to: 1)
        viewer.advance(to: .nan)
        #expect(viewer.elapsed == 2 && viewer.time == 2)
    }
}
