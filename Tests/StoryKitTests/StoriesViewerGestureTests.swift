import MotionCore
import StoryKit
import Testing

@Suite struct StoriesViewerGestureTests {
    @Test func aTapOnTheRightGoesToTheNextItemAndOnTheLeftBack() {
        var viewer = ViewerFixtures.viewer()
        viewer.advance(to: 1)
        #expect(viewer.tap(x: 300, at: 1).contains(.itemShown(user: 0, item: 1, id: "a2")))
        #expect(viewer.itemIndex == 1 && viewer.elapsed == 0)
        #expect(viewer.tap(x: 100, at: 2).contains(.itemShown(user: 0, item: 0, id: "a1")))
        #expect(viewer.itemIndex == 0)
    }

    @Test func aTapBackAtTheVeryFirstItemRestartsIt() {
        var viewer = ViewerFixtures.viewer()
        viewer.advance(to: 3)
        let events = viewer.tap(x: 10, at: 3)
        #expect(events.contains(.itemShown(user: 0, item: 0, id: "a1")))
        #expect(viewer.userIndex == 0 && viewer.itemIndex == 0 && viewer.elapsed == 0)
        #expect(viewer.cube.phase == .idle, "no turn before the first user")
    }

    @Test func aTapForwardAtTheLastItemOfTheLastUserCloses() {
        var viewer = ViewerFixtures.viewer(user: 2)
        #expect(viewer.tap(x: 300, at: 1).last == .closed(.finished))
        #expect(viewer.players.isEmpty)
    }

    @Test func aTapAtTheLastItemTurnsTheCubeToTheNextUserWhoStartsAtTheirFirstUnseenItem() {
        var viewer = ViewerFixtures.viewer(seen: ["b1"])
        viewer.tap(x: 300, at: 0.1)
        viewer.tap(x: 300, at: 0.2)
        let events = viewer.tap(x: 300, at: 0.3)
        #expect(viewer.cube.phase == .settling && viewer.pauseReasons.contains(.turning))
        let turned = events + viewer.run(to: 2, from: 0.35)
        #expect(turned.contains(.userChanged(from: 0, to: 1)))
        #expect(turned.contains(.itemShown(user: 1, item: 1, id: "b2")))
        #expect(viewer.userIndex == 1 && viewer.itemIndex == 1)
    }

    @Test func aUserTurnedAwayAndBackResumesWhereTheyWere() {
        var viewer = ViewerFixtures.viewer()
        viewer.tap(x: 300, at: 0.1)                              // Ava's second item
        viewer.showUser(1, time: 0.5)
        viewer.run(to: 2, from: 0.5)
        #expect(viewer.userIndex == 1)
        viewer.tap(x: 10, at: 2.1)                               // back from Ben's first: Ava
        viewer.run(to: 4, from: 2.2)
        #expect(viewer.userIndex == 0 && viewer.itemIndex == 1)
    }

    @Test func aHoldPausesFadesTheChromeOutAndResumesOnRelease() {
        var viewer = ViewerFixtures.viewer()
        viewer.advance(to: 1)
        viewer.touchBegan(at: Point(x: 300, y: 400), time: 1)
        viewer.advance(to: 1.1)
        #expect(viewer.pauseReasons == .held && viewer.chromeOpacity == 1, "held at once; the chrome waits for the hold")
        viewer.advance(to: 3)
        #expect(viewer.elapsed == 1 && viewer.chromeOpacity == 0)
        let events = viewer.touchEnded(at: Point(x: 300, y: 400), time: 3)
        #expect(events.isEmpty, "a hold is not a tap: no navigation")
        viewer.advance(to: 3.1)
        #expect(abs(viewer.chromeOpacity - 0.5) < 1e-9)
        viewer.advance(to: 4)
        #expect(viewer.itemIndex == 0 && abs(viewer.elapsed - 2) < 1e-9 && viewer.chromeOpacity == 1)
    }

    @Test func aHorizontalDragTurnsTheCubeAndPausesWhileItTurns() {
        var viewer = ViewerFixtures.viewer()
        viewer.advance(to: 1)
        var t = 1.0, x = 300.0
        viewer.touchBegan(at: Point(x: x, y: 400), time: t)
        for _ in 0..<12 {
            t += 1.0 / 60; x -= 25
            viewer.touchMoved(to: Point(x: x, y: 400), time: t)
        }
        #expect(viewer.cube.phase == .dragging && viewer.pauseReasons == .turning)
        viewer.touchEnded(at: Point(x: x, y: 400), time: t)
        let events = viewer.run(to: t + 1.5, from: t)
        #expect(events.contains(.userChanged(from: 0, to: 1)))
        #expect(viewer.userIndex == 1 && viewer.state == .playing)
        #expect(viewer.elapsed > 0.5 && viewer.elapsed < 1.5)
        #expect(viewer.itemIndex == 0)
    }

    @Test func anUpwardSwipeAsksForAReplyOnce() {
        var viewer = ViewerFixtures.viewer()
        viewer.touchBegan(at: Point(x: 200, y: 600), time: 1)
        let events = viewer.touchMoved(to: Point(x: 200, y: 560), time: 1.02)
            + viewer.touchMoved(to: Point(x: 200, y: 500), time: 1.04)
            + viewer.touchEnded(at: Point(x: 200, y: 480), time: 1.06)
        #expect(events == [.reply(user: 0, item: 0, id: "a1")])
        #expect(viewer.itemIndex == 0 && viewer.cube.phase == .idle)
    }

    @Test func aSecondTouchDownEndsTheFirstAsACancel() {
        var viewer = ViewerFixtures.viewer()
        viewer.touchBegan(at: Point(x: 300, y: 400), time: 1)
        viewer.touchBegan(at: Point(x: 320, y: 400), time: 1.02)
        let events = viewer.touchEnded(at: Point(x: 320, y: 400), time: 1.05)
        #expect(events.contains(.itemShown(user: 0, item: 1, id: "a2")), "the second finger's tap")
        viewer.advance(to: 2)
        #expect(viewer.pauseReasons.isEmpty)
    }

    @Test func progressNeverRunsWhileTheFingerRests() {
        var viewer = ViewerFixtures.viewer()
        viewer.touchBegan(at: Point(x: 300, y: 400), time: 0.5)
        viewer.media(.stalled, for: "a1", time: 0.6)
        viewer.media(.resumed, for: "a1", time: 0.7)
        viewer.advance(to: 9)
        #expect(viewer.elapsed == 0.5 && viewer.itemIndex == 0)
    }
}

/// A hold in every state: progress stays where it was while the finger rests, and the state
/// the hold interrupted comes back when it lifts.
@Suite struct StoriesViewerHoldInEveryStateTests {
    enum Situation: String, CaseIterable { case loading, playing, stalled, failed, userPaused, background }

    static func viewer(in situation: Situation) -> StoriesViewer {
        var viewer = StoriesViewer(feed: ViewerFixtures.feed, pageSize: ViewerFixtures.page)
        if situation != .loading { viewer.media(.displaying, for: "a1", time: 0) }
        viewer.advance(to: 1)
        switch situation {
        case .loading, .playing: break
        case .stalled: viewer.media(.stalled, for: "a1", time: 1)
        case .failed: viewer.media(.failed(reason: "offline"), for: "a1", time: 1)
        case .userPaused: viewer.setPaused(true, time: 1)
        case .background: viewer.setAppActive(false, time: 1)
        }
        return viewer
    }

    @Test(arguments: Situation.allCases)
    func aHoldKeepsProgressAndGivesTheStateBack(situation: Situation) {
        var viewer = Self.viewer(in: situation)
        var untouched = viewer
        viewer.touchBegan(at: Point(x: 300, y: 400), time: 1.5)
        let elapsed = viewer.elapsed
        viewer.advance(to: 3)
        #expect(viewer.elapsed == elapsed, "\(situation)")
        #expect(viewer.players.allSatisfy { !$0.isPlaying && $0.isMuted }, "\(situation)")
        viewer.touchEnded(at: Point(x: 300, y: 400), time: 3)
        untouched.advance(to: 3)
        #expect(viewer.state == untouched.state, "\(situation)")
        #expect(untouched.elapsed - elapsed == (situation == .playing ? 1.5 : 0), "only the hold took that time")
        #expect(viewer.itemIndex == 0, "a hold is not a tap")
    }

    @Test func aHoldWhileTheCubeTurnsDoesNotStopTheTurnOrNavigate() {
        var viewer = ViewerFixtures.viewer()
        viewer.showUser(1, time: 1)
        viewer.touchBegan(at: Point(x: 300, y: 400), time: 1.05)        // catches the turn
        viewer.advance(to: 1.5)                                          // held: the cube lets go
        let events = viewer.touchEnded(at: Point(x: 300, y: 400), time: 1.6) + viewer.run(to: 3, from: 1.6)
        #expect(events.contains(.userChanged(from: 0, to: 1)))
        #expect(viewer.userIndex == 1 && viewer.itemIndex == 0)
    }

    @Test func itemsAdvanceAcrossUsersByThemselves() {
        var viewer = ViewerFixtures.viewer()
        let events = viewer.run(to: 16.5, from: 0)                       // Ava's three 5 s items, then the turn
        #expect(events.filter { if case .itemShown = $0 { return true } else { return false } }
            == [.itemShown(user: 0, item: 1, id: "a2"), .itemShown(user: 0, item: 2, id: "a3"),
                .itemShown(user: 1, item: 0, id: "b1")])
        #expect(events.contains(.userChanged(from: 0, to: 1)))
        #expect(["a1", "a2", "a3"].allSatisfy(viewer.seen.contains))
    }
}
