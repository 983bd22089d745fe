import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// The UIKit zoom controller's session: UIKit is told finish/cancel and completion exactly once,
/// a finger that began a pop is followed (or forgotten when it lifts first), the views draw the
/// model, and the display link runs only while something settles.
@Suite struct ZoomControllerSessionTests {
    static let geometry = ZoomFrontEndRulesTests.geometry
    static let push = ZoomNavigationRule.Decision(direction: .presenting, interactive: false)
    static let pop = ZoomNavigationRule.Decision(direction: .dismissing, interactive: false)
    static let interactivePop = ZoomNavigationRule.Decision(direction: .dismissing, interactive: true)
    /// The container sits 10 points below the window's top.
    static func toContainer(_ point: Point) -> Point { Point(x: point.x, y: point.y - 10) }

    /// Begins the upcoming transition at `time` (the cell on screen).
    static func begin(_ session: inout ZoomControllerSession, interactive: Bool, time: Double) -> ZoomControllerSession.Reaction {
        session.begin(geometry: geometry, configuration: ZoomTransition.Configuration(), interactive: interactive,
                      source: geometry.source, time: time, toContainer: toContainer)
    }

    /// Display frames at 60 Hz from `time` until the run completes (at most 10 s): every
    /// reaction, in order.
    static func frames(_ session: inout ZoomControllerSession, from time: Double) -> [ZoomControllerSession.Reaction] {
        var reactions: [ZoomControllerSession.Reaction] = []
        for frame in 1...600 where session.isRunning { reactions.append(session.advance(to: time + Double(frame) / 60)) }
        return reactions
    }

    /// Drags the finger from `x` by `dx` over `duration` seconds at 60 Hz from `time`.
    static func drag(_ session: inout ZoomControllerSession, x: Double, dx: Double, time: Double,
                     duration: Double) -> [ZoomControllerSession.Reaction] {
        let count = Int(duration * 60)
        return (1...count).map { i in
            session.pan(.moved(Point(x: x + dx * Double(i) / Double(count), y: 400)), time: time + Double(i) / 60) { nil }
        }
    }

    @Test func aPushOpensOutOfTheCellAndCompletesOnceAtRest() {
        var session = ZoomControllerSession()
        let answered = session.answer(Self.push, edgeGrab: nil)
        #expect(answered && !session.upcomingInteractive)
        let start = Self.begin(&session, interactive: false, time: 5)
        #expect(start.startFrames && start.steps.isEmpty && start.percentComplete == nil && !start.addRegrabPan)
        #expect(start.draw?.clipFrame == Self.geometry.source)                       // it starts as the cell
        #expect(session.isRunning && session.runningDuration != nil)
        let reactions = Self.frames(&session, from: 5)
        #expect(reactions.flatMap(\.steps) == [.complete(true)])                   // said once, at the end
        #expect(reactions.last?.steps == [.complete(true)] && !(reactions.last?.startFrames ?? true))
        #expect(!session.isRunning && session.runningDuration == nil)
        let late = session.advance(to: 20)
        #expect(late == ZoomControllerSession.Reaction())                           // a late frame does nothing
    }

    @Test func aDismissPanPopFollowsTheFingerAndFinishesIntoTheCell() {
        var session = ZoomControllerSession()
        let grabbed = session.grab(.init(point: Point(x: 100, y: 410), time: 1))
        let answered = session.answer(Self.pop, edgeGrab: nil)
        #expect(grabbed && answered)
        _ = session.answer(Self.interactivePop, edgeGrab: .init(point: Point(x: 5, y: 5), time: 0.5))
        #expect(session.pendingGrab?.point == Point(x: 100, y: 410))                // the pan's own grab is kept
        let start = Self.begin(&session, interactive: true, time: 1.02)
        #expect(start.addRegrabPan && !start.startFrames && start.percentComplete == 0)
        #expect(start.draw?.clipFrame == Self.geometry.destination && session.pendingGrab == nil)
        let moves = Self.drag(&session, x: 100, dx: 200, time: 1.02, duration: 0.25)
        let percents = moves.compactMap(\.percentComplete)
        #expect(percents.count == moves.count && percents.last.map { $0 > 0.1 } == true)
        #expect(moves.allSatisfy { $0.draw != nil && $0.steps.isEmpty && !$0.startFrames })
        #expect((moves.last?.draw?.clipFrame.width ?? 390) < Self.geometry.destination.width)      // it shrinks
        let release = session.pan(.ended(Point(x: 300, y: 400)), time: 1.28) { Self.geometry.source }
        #expect(release.startFrames && release.steps.isEmpty)
        #expect(session.mayRegrab)                                                  // a touch may take it again
        let steps = Self.frames(&session, from: 1.28).flatMap(\.steps)
        #expect(steps == [.finishInteractive, .complete(true)])
    }

    @Test func aPopDraggedBackCancelsAndCompletesUnsuccessfully() {
        var session = ZoomControllerSession()
        _ = session.grab(.init(point: Point(x: 100, y: 410), time: 1))
        _ = session.answer(Self.interactivePop, edgeGrab: nil)
        _ = Self.begin(&session, interactive: true, time: 1)
        _ = Self.drag(&session, x: 100, dx: 60, time: 1, duration: 0.2)
        _ = Self.drag(&session, x: 160, dx: -60, time: 1.2, duration: 0.2)
        _ = session.pan(.ended(Point(x: 100, y: 400)), time: 1.4) { Self.geometry.source }
        #expect(Self.frames(&session, from: 1.4).flatMap(\.steps) == [.cancelInteractive, .complete(false)])
    }

    @Test func aRegrabStopsTheFramesAndTheFingerHoldsItAgain() {
        var session = ZoomControllerSession()
        _ = session.grab(.init(point: Point(x: 100, y: 410), time: 1))
        _ = session.answer(Self.interactivePop, edgeGrab: nil)
        _ = Self.begin(&session, interactive: true, time: 1)
        _ = Self.drag(&session, x: 100, dx: 200, time: 1, duration: 0.2)
        _ = session.pan(.ended(Point(x: 300, y: 400)), time: 1.2) { Self.geometry.source }
        let regrab = session.regrab(at: Point(x: 200, y: 400), time: 1.3)
        #expect(regrab.stopFrames && regrab.draw != nil && regrab.steps.isEmpty && !session.mayRegrab)
        _ = Self.drag(&session, x: 200, dx: -150, time: 1.3, duration: 0.2)
        _ = session.pan(.cancelled, time: 1.5) { nil }                            // the system cancelled the touch
        #expect(Self.frames(&session, from: 1.5).flatMap(\.steps) == [.cancelInteractive, .complete(false)])
    }

    @Test func aRegrabTheModelRefusesLeavesTheSettleRunningToItsEnd() {
        // Given a push settling, when a grab at a point that is not finite comes, then the frames
        // keep running and the run still completes once (found by ZoomControllerSessionStorm).
        var session = ZoomControllerSession()
        _ = session.answer(Self.push, edgeGrab: nil)
        _ = Self.begin(&session, interactive: false, time: 0)
        let regrab = session.regrab(at: Point(x: .infinity, y: 400), time: 0.1)
        #expect(!regrab.stopFrames && session.mayRegrab)
        #expect(Self.frames(&session, from: 0.1).flatMap(\.steps) == [.complete(true)])
    }

    @Test func aPendingGrabTheModelRefusesStillClosesOnItsOwn() {
        // Given an interactive pop whose grab is not a finite point, then UIKit's transition still
        // closes on the frames and completes once (found by ZoomControllerSessionStorm).
        var session = ZoomControllerSession()
        _ = session.answer(Self.interactivePop, edgeGrab: nil)
        _ = session.grab(.init(point: Point(x: 0, y: .nan), time: 0))
        let start = Self.begin(&session, interactive: true, time: 0.2)
        #expect(start.startFrames && !start.addRegrabPan)
        #expect(Self.frames(&session, from: 0.2).flatMap(\.steps) == [.finishInteractive, .complete(true)])
    }

    @Test func aFingerLiftedBeforeUIKitStartsIsForgottenAndThePopStillCloses() {
        var session = ZoomControllerSession()
        _ = session.grab(.init(point: Point(x: 100, y: 410), time: 1))
        let move = session.pan(.moved(Point(x: 120, y: 410)), time: 1.01) { nil }
        #expect(move == ZoomControllerSession.Reaction())
        #expect(session.pendingGrab != nil)                                         // a move keeps it
        _ = session.pan(.ended(Point(x: 130, y: 410)), time: 1.02) { nil }
        #expect(session.pendingGrab == nil)
        _ = session.answer(Self.interactivePop, edgeGrab: nil)
        let start = Self.begin(&session, interactive: true, time: 1.05)
        #expect(start.startFrames && !start.addRegrabPan)                           // a close, not a drag
        #expect(Self.frames(&session, from: 1.05).flatMap(\.steps) == [.finishInteractive, .complete(true)])
    }

    @Test func theSystemsTransitionDropsTheGrabAndTheEdgeSwipeBecomesOne() {
        var session = ZoomControllerSession()
        _ = session.grab(.init(point: Point(x: 100, y: 410), time: 1))
        let answered = session.answer(.system, edgeGrab: nil)
        #expect(!answered && session.pendingGrab == nil)
        let edge = ZoomControllerSession.Grab(point: Point(x: 8, y: 300), time: 2)
        _ = session.answer(Self.pop, edgeGrab: edge)
        #expect(session.pendingGrab == nil)                                         // not interactive: no grab
        _ = session.answer(Self.interactivePop, edgeGrab: edge)
        #expect(session.pendingGrab == edge && session.upcoming == .dismissing && session.upcomingInteractive)
        let start = Self.begin(&session, interactive: true, time: 2)
        #expect(start.addRegrabPan)
    }

    @Test func aGrabDuringARunIsRefusedAndPansOutsideADragAreIgnored() {
        var session = ZoomControllerSession()
        _ = session.answer(Self.push, edgeGrab: nil)
        _ = Self.begin(&session, interactive: false, time: 0)
        let grabbed = session.grab(.init(point: .zero, time: 0.1))
        #expect(!grabbed && session.pendingGrab == nil)
        let release = session.pan(.ended(Point(x: 300, y: 400)), time: 0.2) { nil }
        #expect(release == ZoomControllerSession.Reaction())
        let regrab = session.regrab(at: Point(x: 1, y: 1), time: 0.1)
        #expect(regrab.stopFrames)                                                 // the settle stops under a touch
    }

    @Test func theDurationIsTheRunningModelsOrTheUpcomingOnes() {
        var session = ZoomControllerSession()
        _ = session.answer(Self.push, edgeGrab: nil)
        let configuration = ZoomTransition.Configuration()
        let upcoming = session.upcomingDuration(geometry: Self.geometry, configuration: configuration)
        #expect(upcoming == ZoomNavigationRule.transitionDuration(direction: .presenting, geometry: Self.geometry,
                                                                  configuration: configuration))
        _ = Self.begin(&session, interactive: false, time: 0)
        #expect(session.runningDuration == upcoming && upcoming > 0)
    }

    // MARK: Geometry and layout

    @Test func theDetailsImageLandsWhereTheDetailViewShowsIt() {
        let geometry = ZoomNavigationRule.geometry(container: Size(width: 390, height: 844), source: nil, sourceCornerRadius: 6,
                                                   imageInDetail: Rect(x: 0, y: 100, width: 390, height: 300),
                                                   detailFrame: Rect(x: 0, y: 20, width: 390, height: 824),
                                                   detailBoundsOrigin: Point(x: 0, y: -50), imageSize: nil)
        #expect(geometry.destination == Rect(x: 0, y: 170, width: 390, height: 300))
        #expect(geometry.source == .zero && geometry.imageSize == Size(width: 390, height: 300))
        let withCell = ZoomNavigationRule.geometry(container: Size(width: 390, height: 844), source: Rect(x: 10, y: 10, width: 90, height: 90),
                                                   sourceCornerRadius: 6, imageInDetail: Rect(x: 0, y: 0, width: 390, height: 390),
                                                   detailFrame: Rect(x: 0, y: 0, width: 390, height: 844),
                                                   detailBoundsOrigin: .zero, imageSize: nil)
        #expect(withCell.imageSize == Size(width: 90, height: 90))                  // the cell's snapshot moves
        #expect(withCell.sourceCornerRadius == 6)
    }

    @Test func thePlaceholderCoversTheCellTheCloseLandsIn() {
        var zoom = ZoomTransition(geometry: Self.geometry, presented: true)
        let moved = Rect(x: 200, y: 500, width: 120, height: 120)
        zoom.close(time: 0, source: moved)                                         // the grid scrolled meanwhile
        let layout = ZoomTransitionLayout(zoom)
        #expect(layout.sourcePlaceholderFrame == moved && layout.sourcePlaceholderCornerRadius == 4)
        #expect(layout.sourcePlaceholderVisible)
    }

    @Test(arguments: [false, true])
    func thePanRuleFromAConfigurationMatchesTheModels(downward: Bool) {
        let configuration = ZoomTransition.Configuration(downwardDismiss: downward)
        let zoom = ZoomTransition(geometry: Self.geometry, configuration: configuration, presented: true)
        for translation in [Point(x: 10, y: 2), Point(x: 2, y: 10), Point(x: -10, y: 0), .zero] {
            let plain = ZoomPanRule.mayBegin(translation: translation, velocity: Point(x: 0, y: 300), scrollOffset: nil, zoomScale: 1,
                                             configuration: configuration)
            #expect(plain == ZoomPanRule.mayBegin(translation: translation, velocity: Point(x: 0, y: 300), scrollOffset: nil,
                                                  zoomScale: 1, transition: zoom))
        }
        #expect(ZoomPanRule.mayBegin(translation: downward ? Point(x: 0, y: 10) : Point(x: 10, y: 0), velocity: .zero,
                                     scrollOffset: nil, zoomScale: 1, configuration: configuration))
    }
}
