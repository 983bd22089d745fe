import StoryKit
@testable import StoryKitUI
import Testing

/// The Stories controller's bookkeeping: the first item and an early close are reported once,
/// the close dismisses once, the app's activity and the screen hold playback, audio
/// interruptions pause and resume, VoiceOver holds progress, one finger reaches the model.
@Suite struct StoriesSessionTests {
    typealias Session = StoriesSession<Int>
    static let feed = StoriesFrontEndRulesTests.feed
    static let page = StoriesFrontEndRulesTests.page

    static func playing() -> StoriesViewer {
        var viewer = StoriesViewer(feed: feed, pageSize: page)
        StoriesFrontEndRulesTests.showing(&viewer, time: 0)
        return viewer
    }

    static func run(_ changes: [Session.Change]?, on viewer: inout StoriesViewer) {
        for change in changes ?? [] { change.apply(to: &viewer) }
    }

    // MARK: Layout

    @Test func aLayoutResizesThePageOnlyWhenItsSizeChanges() {
        // Given the viewer laid out on a portrait iPhone, then the same layout again changes
        // nothing, and a rotation (a landscape iPad stage) gives the model the new size: the
        // bars span the new width.
        let session = Session()
        var viewer = Self.playing()
        #expect(session.layout(pageSize: Self.page, in: viewer) == nil)
        let landscape = Size(width: 1_180, height: 796)
        let changes = session.layout(pageSize: landscape, in: viewer)
        #expect(changes == [.pageSize(landscape)])
        Self.run(changes, on: &viewer)
        #expect(viewer.pageSize == landscape && viewer.segments(forUser: 0).last?.frame.maxX == 1_180 - 8)
        #expect(session.layout(pageSize: landscape, in: viewer) == nil)
    }

    // MARK: Appearance and close

    @Test func theFirstAppearanceReportsTheFirstItemOnce() {
        var session = Session()
        let viewer = Self.playing()
        let ava = Self.feed.users[1]
        #expect(session.appear(in: viewer) == .itemShown(user: ava, item: ava.items[0]))
        #expect(session.isOnScreen)
        #expect(session.appear(in: viewer) == nil, "coming back from a covering screen says nothing")
        #expect(session.unreportedClose(in: viewer) == nil)
    }

    @Test func aFeedWithoutItemsReportsItsCloseOnAppearanceOnly() {
        var session = Session()
        let viewer = StoriesViewer(feed: StoryFeed(users: [Self.feed.users[0]]), pageSize: Self.page)
        #expect(session.appear(in: viewer) == nil)
        #expect(session.unreportedClose(in: viewer) == .closed(.finished))
        _ = session.closed(.finished, dismissesOnClose: true, isPresented: true, isBeingDismissed: false)
        #expect(session.unreportedClose(in: viewer) == nil, "the host hears of a close once")
    }

    @Test func theCloseIsHandledOnceAndDismissesWithoutAnimationAfterASwipeDown() {
        var swiped = Session()
        _ = swiped.touch(.began, [(1, Point(x: 100, y: 100))], timestamp: 0, now: 0, in: Self.playing())
        #expect(swiped.closed(.dismissed, dismissesOnClose: true, isPresented: true, isBeingDismissed: false)
            == .stopAndDismiss(animated: false))
        #expect(swiped.touches.tracked == nil, "the finger is let go")
        #expect(swiped.closed(.dismissed, dismissesOnClose: true, isPresented: true, isBeingDismissed: false) == .none)
        var host = Session()
        #expect(host.closed(.closedByHost, dismissesOnClose: true, isPresented: true, isBeingDismissed: false)
            == .stopAndDismiss(animated: true))
        var swiftUI = Session(), gone = Session(), going = Session()
        #expect(swiftUI.closed(.finished, dismissesOnClose: false, isPresented: true, isBeingDismissed: false) == .stop)
        #expect(gone.closed(.finished, dismissesOnClose: true, isPresented: false, isBeingDismissed: false) == .stop)
        #expect(going.closed(.finished, dismissesOnClose: true, isPresented: true, isBeingDismissed: true) == .stop)
    }

    @Test func leavingClosesTheViewerAndBeingCoveredHoldsIt() {
        var session = Session(), viewer = Self.playing()
        _ = session.appear(in: viewer)
        Self.run(session.activityChange(in: viewer, now: 0.1), on: &viewer)
        #expect(!viewer.pauseReasons.contains(.background))
        Self.run(session.disappear(removed: false, inPresentation: true, in: viewer, now: 0.2), on: &viewer)
        #expect(viewer.pauseReasons.contains(.background) && !viewer.isClosed)
        _ = session.appear(in: viewer)
        Self.run(session.activityChange(in: viewer, now: 0.3), on: &viewer)
        #expect(!viewer.pauseReasons.contains(.background), "back on screen: it plays again")
        Self.run(session.disappear(removed: true, inPresentation: true, in: viewer, now: 0.4), on: &viewer)
        #expect(viewer.closeReason == .closedByHost)
        #expect(session.disappear(removed: true, inPresentation: true, in: viewer, now: 0.5) == [], "closed already: nothing more")
        var orphan = Session(), other = Self.playing()
        _ = orphan.appear(in: other)
        Self.run(orphan.disappear(removed: false, inPresentation: false, in: other, now: 1), on: &other)
        #expect(other.closeReason == .closedByHost, "in no presentation any more: it is gone, not covered")
    }

    @Test func anInactiveAppHoldsPlaybackUntilItIsActiveAgain() {
        var session = Session(), viewer = Self.playing()
        _ = session.appear(in: viewer)
        Self.run(session.activityChange(in: viewer, now: 0.1), on: &viewer)
        #expect(session.activityChange(in: viewer, now: 0.2) == nil, "nothing to change: the views are refreshed")
        Self.run(session.appActivityChanged(false, in: viewer, now: 0.3), on: &viewer)
        #expect(viewer.pauseReasons.contains(.background))
        #expect(session.appActivityChanged(false, in: viewer, now: 0.4) == nil)
        Self.run(session.appActivityChanged(true, in: viewer, now: 0.5), on: &viewer)
        #expect(!viewer.pauseReasons.contains(.background))
    }

    // MARK: Interruptions and pauses

    @Test func aCallPausesAndTheNextTouchResumesWhenItEndedWithoutResume() {
        var session = Session(), viewer = Self.playing()
        Self.run(session.audioInterruption(.init(began: true, shouldResume: false), in: viewer, now: 1), on: &viewer)
        #expect(viewer.pauseReasons.contains(.user))
        #expect(session.audioInterruption(.init(began: false, shouldResume: false), in: viewer, now: 2).isEmpty)
        let changes = session.touch(.began, [(7, Point(x: 300, y: 400))], timestamp: 2.9, now: 3, in: viewer)
        #expect(changes == [.action(.resume, time: 3), .touch(.began(Point(x: 300, y: 400)), time: 2.9)],
                "the resume comes first, at the frame clock's time; the touch at its own")
        Self.run(changes, on: &viewer)
        #expect(!viewer.pauseReasons.contains(.user))
    }

    @Test func aCallThatEndsWithResumeResumesButNotWhatTheHostPaused() {
        var session = Session(), viewer = Self.playing()
        Self.run(session.audioInterruption(.init(began: true, shouldResume: true), in: viewer, now: 1), on: &viewer)
        Self.run(session.audioInterruption(.init(began: false, shouldResume: true), in: viewer, now: 2), on: &viewer)
        #expect(!viewer.pauseReasons.contains(.user))
        Self.run(session.setPaused(true, now: 3), on: &viewer)      // the reply field opens
        #expect(session.audioInterruption(.init(began: true, shouldResume: true), in: viewer, now: 4).isEmpty)
        #expect(session.audioInterruption(.init(began: false, shouldResume: true), in: viewer, now: 5).isEmpty)
        #expect(viewer.pauseReasons.contains(.user), "the host's pause stays")
    }

    @Test func theHostsOrVoiceOversPauseTakesOverFromAnInterruption() {
        var session = Session(), viewer = Self.playing()
        Self.run(session.audioInterruption(.init(began: true, shouldResume: true), in: viewer, now: 1), on: &viewer)
        Self.run(session.perform(.resume, in: viewer, now: 2), on: &viewer)
        Self.run(session.perform(.pause, in: viewer, now: 3), on: &viewer)
        #expect(session.audioInterruption(.init(began: false, shouldResume: true), in: viewer, now: 4).isEmpty,
                "the interruption's end does not undo VoiceOver's pause")
        #expect(viewer.pauseReasons.contains(.user))
    }

    @Test func anActionThatDoesNotExistNowDoesNothing() {
        var session = Session(), viewer = Self.playing()
        #expect(session.perform(.retry, in: viewer, now: 1) == nil, "nothing failed")
        #expect(session.perform(.previousUser, in: viewer, now: 1) == nil, "Ava is the first user")
        Self.run(session.perform(.nextUser, in: viewer, now: 1), on: &viewer)
        #expect(viewer.cube.targetIndex == 1)
        Self.run(session.perform(.close, in: viewer, now: 2), on: &viewer)
        let closeAgain = session.perform(.close, in: viewer, now: 3)
        #expect(viewer.isClosed && closeAgain == nil)
    }

    // MARK: Touches and VoiceOver

    @Test func oneFingerReachesTheModelAndNothingAfterTheClose() {
        var session = Session(), viewer = Self.playing()
        let down = session.touch(.began, [(1, Point(x: 300, y: 400)), (2, Point(x: 10, y: 10))], timestamp: 1,
                                 now: 1.01, in: viewer)
        #expect(down == [.touch(.began(Point(x: 300, y: 400)), time: 1)])
        #expect(session.touch(.moved, [(2, Point(x: 20, y: 20))], timestamp: 1.02, now: 1.03, in: viewer).isEmpty)
        Self.run(down + session.touch(.ended, [(1, Point(x: 300, y: 400))], timestamp: 1.05, now: 1.06, in: viewer),
                 on: &viewer)
        #expect(viewer.itemIndex == 1, "a tap on the right goes to the next item")
        _ = session.touch(.began, [(3, Point(x: 300, y: 400))], timestamp: 2, now: 2, in: viewer)
        #expect(session.touchesReset(now: 2.5) == [.touch(.cancelled, time: 2.5)], "a lost finger is cancelled")
        #expect(session.touchesReset(now: 2.6).isEmpty)
        viewer.close(time: 3)
        #expect(session.touch(.began, [(4, Point(x: 300, y: 400))], timestamp: 3.1, now: 3.1, in: viewer).isEmpty)
        #expect(session.touches.tracked == nil)
    }

    @Test func voiceOversFocusHoldsProgressUntilItLeavesOrVoiceOverStops() {
        var session = Session(), viewer = Self.playing()
        Self.run(session.voiceOverFocus(true, now: 1), on: &viewer)
        #expect(viewer.pauseReasons.contains(.voiceOver))
        #expect(session.announcesItems(voiceOverRunning: true) && !session.announcesItems(voiceOverRunning: false))
        #expect(session.voiceOverStatusChanged(running: true, now: 2).isEmpty)
        Self.run(session.voiceOverStatusChanged(running: false, now: 3), on: &viewer)
        #expect(!viewer.pauseReasons.contains(.voiceOver) && !session.isVoiceOverFocused)
        #expect(session.voiceOverStatusChanged(running: false, now: 4).isEmpty)
    }

    // MARK: Frames

    @Test func eachFrameAdvancesTheModelAndADismissFollowsTheAvatar() {
        var viewer = Self.playing()
        Session.Change.frame(time: 1, avatar: Rect(x: 0, y: 0, width: 10, height: 10)).apply(to: &viewer)
        #expect(viewer.time == 1 && viewer.avatarFrame == nil, "no dismiss: the avatar is not taken")
        viewer.touchBegan(at: Point(x: 200, y: 200), time: 1.1)
        viewer.touchMoved(to: Point(x: 200, y: 260), time: 1.15)
        viewer.touchMoved(to: Point(x: 200, y: 330), time: 1.2)
        #expect(viewer.isDismissing)
        let avatar = Rect(x: 30, y: 60, width: 56, height: 56)
        Session.Change.frame(time: 1.25, avatar: avatar).apply(to: &viewer)
        #expect(viewer.avatarFrame == avatar && viewer.time == 1.25)
        let scrolled = Rect(x: 100, y: 60, width: 56, height: 56)
        Session.Change.frame(time: 1.3, avatar: scrolled).apply(to: &viewer)
        #expect(viewer.avatarFrame == scrolled, "the tray scrolled: the page heads for the avatar's new place")
    }

    // MARK: Configuration

    @Test func aNewSizeOrConfigurationReachesTheModel() {
        var viewer = Self.playing()
        Session.Change.pageSize(Size(width: 834, height: 1_150)).apply(to: &viewer)
        #expect(viewer.pageSize == Size(width: 834, height: 1_150))
        Session.Change.configuration(StoriesViewer.Configuration(reduceMotion: true)).apply(to: &viewer)
        #expect(viewer.configuration.reduceMotion)
    }

    @Test func reduceMotionComesFromTheConfigurationTheHostOrTheSystem() {
        let plain = StoriesViewer.Configuration()
        #expect(!plain.effective(prefersReducedMotion: nil, systemReduceMotion: false).reduceMotion)
        #expect(plain.effective(prefersReducedMotion: nil, systemReduceMotion: true).reduceMotion)
        #expect(!plain.effective(prefersReducedMotion: false, systemReduceMotion: true).reduceMotion, "the host overrides")
        #expect(plain.effective(prefersReducedMotion: true, systemReduceMotion: false).reduceMotion)
        let reduced = StoriesViewer.Configuration(reduceMotion: true)
        #expect(reduced.effective(prefersReducedMotion: false, systemReduceMotion: false).reduceMotion)
    }
}
