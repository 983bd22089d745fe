import StoryKit
@testable import StoryKitUI
import Testing

/// `CubePagerView`'s rules without UIKit: what it reports, when frames run, which transition
/// is in effect, whether a pan may begin, what VoiceOver hears.
@Suite struct CubePagerSessionTests {
    static let size = Size(width: 400, height: 800)

    /// A session with `count` pages of the standard size.
    static func session(pages count: Int = 3) -> CubePagerSession {
        var session = CubePagerSession(pageSize: size, configuration: CubePager.Configuration())
        _ = session.reload(pageCount: count)
        return session
    }

    @Test func aReloadClampsANegativeCountAndClearsTheReloadFlag() {
        var session = CubePagerSession(pageSize: Self.size, configuration: CubePager.Configuration())
        #expect(session.needsReload)
        _ = session.reload(pageCount: -4)
        #expect(session.model.pageCount == 0)
        #expect(!session.needsReload)
    }

    @Test func aReloadDropsTheTouchTheModelHeld() {
        var session = Self.session()
        _ = session.bridge.touchDown(at: Point(x: 200, y: 400))
        #expect(session.bridge.modelHasTouch)
        _ = session.reload(pageCount: 2)
        #expect(!session.bridge.modelHasTouch && !session.bridge.isPanning)
    }

    @Test func thePositionIsReportedOnlyWhenItChanges() {
        // Given a pager on page 0, when it jumps to page 2, then the position 2 is reported once;
        // a change that leaves it there reports nothing.
        var session = Self.session()
        let jump = session.perform { $0.turn(to: 2, time: 0, animated: false) }
        #expect(jump.turnedTo == 2)
        #expect(jump.events == [.willChangePage(from: 0, to: 2), .didChangePage(2)])
        let again = session.perform { $0.turn(to: 2, time: 0, animated: false) }
        #expect(again.turnedTo == nil && again.events.isEmpty)
    }

    @Test func aReleaseThatTurnsThePageReportsOneHapticUnlessTheAppTurnedThemOff() {
        for enabled in [true, false] {
            var session = Self.session()
            session.haptics.isEnabled = enabled
            var felt: [CubePager.Haptic] = []
            felt += session.perform { $0.touchBegan(at: Point(x: 350, y: 400), time: 0) }.haptics
            for k in 1...5 { felt += session.perform { $0.touchMoved(to: Point(x: 350 - 50 * Double(k), y: 400), time: 0.016 * Double(k)) }.haptics }
            #expect(felt.isEmpty)
            let release = session.perform { $0.touchEnded(at: Point(x: 100, y: 400), time: 0.1) }
            #expect(release.haptics == (enabled ? [.pageTurn] : []))
            #expect(release.events.contains(.willChangePage(from: 0, to: 1)))
        }
    }

    @Test func framesRunExactlyWhileTheCubeSettlesInAWindow() {
        var session = Self.session()
        #expect(!session.runsFrames(inWindow: true))
        _ = session.perform { $0.turn(to: 1, time: 0, animated: true) }
        #expect(session.runsFrames(inWindow: true))
        #expect(!session.runsFrames(inWindow: false))
        _ = session.perform { $0.advance(to: 10) }
        #expect(session.model.currentIndex == 1)
        #expect(!session.runsFrames(inWindow: true))
    }

    @Test func reduceMotionPutsTheReducedTransitionInTheModelAndBack() {
        var session = Self.session()
        let configured = CubePager.Configuration(transition: .cube)
        #expect(session.configure(configured, reducedMotionTransition: .crossFade, reducesMotion: false) == false)
        #expect(session.configure(configured, reducedMotionTransition: .crossFade, reducesMotion: true) == true)
        #expect(session.model.configuration.transition == .crossFade)
        #expect(session.configure(configured, reducedMotionTransition: .crossFade, reducesMotion: true) == false)
        #expect(session.configure(configured, reducedMotionTransition: .crossFade, reducesMotion: false) == true)
        #expect(session.model.configuration.transition == .cube)
    }

    @Test func aResizeReportsOnlyARealChange() {
        var session = Self.session()
        #expect(session.resize(to: Self.size) == false)
        #expect(session.resize(to: Size(width: 800, height: 400)) == true)
        #expect(session.model.pageSize == Size(width: 800, height: 400))
    }

    @Test func aPanMayBeginOnlyForAHorizontalDragOverPagesOfAUsableSize() {
        let session = Self.session()
        #expect(session.panMayBegin(dx: -30, dy: 5))
        #expect(!session.panMayBegin(dx: 5, dy: 30))
        #expect(!Self.session(pages: 0).panMayBegin(dx: -30, dy: 0))
        var unsized = Self.session()
        unsized.resize(to: Size(width: 0, height: 0))
        #expect(!unsized.panMayBegin(dx: -30, dy: 0))
    }

    @Test func voiceOverActionsExistOnlyTowardPagesThatExist() {
        var session = Self.session()
        #expect(session.accessibilityTurnActions(next: "Next", previous: "Previous")
                == [CubePagerSession.TurnAction(name: "Next", step: 1)])
        _ = session.perform { $0.turn(to: 1, time: 0, animated: false) }
        #expect(session.accessibilityTurnActions(next: "Next", previous: "Previous").map(\.step) == [1, -1])
        _ = session.perform { $0.turn(to: 2, time: 0, animated: false) }
        #expect(session.accessibilityTurnActions(next: "Next", previous: "Previous").map(\.name) == ["Previous"])
        #expect(session.accessibilityDestination(step: 1) == nil)
        #expect(session.accessibilityDestination(step: -1) == 1)
    }

    @Test func repeatedVoiceOverTurnsCountFromThePageTheCubeIsHeadingTo() {
        // Given a turn from page 0 toward page 1 in progress, then "next" goes to page 2.
        var session = Self.session()
        _ = session.perform { $0.turn(to: 1, time: 0, animated: true) }
        #expect(session.model.currentIndex == 0)
        #expect(session.accessibilityDestination(step: 1) == 2)
    }

    @Test func anArrivalAVoiceOverActionAnnouncedIsNotAnnouncedAgain() {
        var session = Self.session()
        session.accessibilityDidAnnounce(1)
        #expect(session.announcesArrival(at: 1, voiceOverRunning: true) == false)
        // The next arrival (a swipe back to 1) is announced: the action's mark is spent.
        #expect(session.announcesArrival(at: 1, voiceOverRunning: true) == true)
        #expect(session.announcesArrival(at: 2, voiceOverRunning: false) == false)
        session.accessibilityDidAnnounce(1)
        #expect(session.announcesArrival(at: 2, voiceOverRunning: true) == true)
    }
}

extension CubePagerSessionTests {
    @Test func withoutADataSourceNoFaceIsDrawn() {
        let session = Self.session()
        #expect(session.drawnFaces(hasDataSource: true).map(\.index) == [0])
        #expect(session.drawnFaces(hasDataSource: false).isEmpty)
    }

    @Test func onlyASettlingCubeIsAdvancedWhenThePagerReturnsOnScreen() {
        var session = Self.session()
        #expect(!session.isSettling)
        _ = session.perform { $0.turn(to: 1, time: 0, animated: true) }
        #expect(session.isSettling)
    }
}

// MARK: - Nested scroll views and VoiceOver turns

extension CubePagerSessionTests {
    /// A carousel 1000 pt wide in a 400 pt view, at `offset`, scrolling or not.
    static func carousel(at offset: Double, scrollable: Bool = true) -> NestedScrolling.ScrollView {
        NestedScrolling.ScrollView(isScrollable: scrollable, contentOffsetX: offset, contentWidth: 1000, boundsWidth: 400,
                                   insetLeft: 0, insetRight: 0)
    }

    @Test func aDragOnACarouselThatCanScrollThatWayIsTheCarouselsNotTheCubes() {
        // Given a carousel in the middle of its content under the finger, then a leftward drag
        // scrolls it and the cube stays; at its right edge the same drag turns the cube.
        let session = Self.session()
        #expect(!session.panMayBegin(dx: -30, dy: 0, scrollViews: [Self.carousel(at: 300)]))
        #expect(session.panMayBegin(dx: -30, dy: 0, scrollViews: [Self.carousel(at: 600)]))
        #expect(session.panMayBegin(dx: -30, dy: 0, scrollViews: []))
    }

    @Test func anyScrollViewAroundTheFingerThatCanScrollTakesTheDrag() {
        // Given an inner carousel at its edge inside an outer one that can still scroll, then the
        // outer one takes the drag; a carousel with scrolling turned off never does.
        let atEdge = Self.carousel(at: 600)
        let outer = Self.carousel(at: 300)
        #expect(NestedScrolling.takesDrag(fingerDeltaX: -30, scrollViews: [atEdge, outer]))
        #expect(!NestedScrolling.takesDrag(fingerDeltaX: -30, scrollViews: [atEdge, Self.carousel(at: 300, scrollable: false)]))
        #expect(!NestedScrolling.takesDrag(fingerDeltaX: -30, scrollViews: []))
        // A vertical drag is refused before any scroll view is asked.
        #expect(!Self.session().panMayBegin(dx: 5, dy: 30, scrollViews: []))
    }

    @Test func aVoiceOverTurnGoesToTheNextPageAndIsNotAnnouncedAgainOnArrival() {
        var session = Self.session()
        #expect(session.accessibilityTurn(step: -1) == nil)
        #expect(session.accessibilityTurn(step: 1) == 1)
        #expect(session.announcesArrival(at: 1, voiceOverRunning: true) == false)
        #expect(session.announcesArrival(at: 1, voiceOverRunning: true) == true)
    }
}

// MARK: - CubePagerSessionTests + Layout direction

extension CubePagerSessionTests {
    @Test func theViewsLayoutDirectionReplacesTheConfiguredOne() {
        var session = Self.session()
        let configured = CubePager.Configuration(transition: .cube)
        #expect(session.configure(configured, reducedMotionTransition: .crossFade, reducesMotion: false,
                                  layoutDirection: .rightToLeft) == true)
        #expect(session.model.layoutDirection == .rightToLeft && session.model.configuration.transition == .cube)
        #expect(session.configure(configured, reducedMotionTransition: .crossFade, reducesMotion: false,
                                  layoutDirection: .rightToLeft) == false)
        // Without one (nil), the configuration's own.
        #expect(session.configure(configured, reducedMotionTransition: .crossFade, reducesMotion: false) == true)
        #expect(session.model.layoutDirection == .leftToRight)
    }
}
