import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// The UIKit zoom controller's pans through one session entry: the dismiss pan's begin grabs and
/// pops the detail (only with a detail and nothing running), the edge swipe's begin is UIKit's,
/// the re-grab pan holds the settle, and every pan's moves and release drive the drag. Also
/// which of UIKit's ends is the detail's, what the tear-down removes, and the duration UIKit hears.
@Suite struct ZoomControllerSessionPansTests {
    typealias Session = ZoomControllerSession
    static let geometry = ZoomControllerSessionTests.geometry

    static func panned(_ session: inout Session, _ role: Session.PanRole, _ phase: GesturePhase, x: Double, time: Double,
                       hasDetail: Bool = true) -> Session.PanOutcome {
        session.panned(role, phase: phase, at: Point(x: x, y: 400), time: time, hasDetail: hasDetail) { Self.geometry.source }
    }

    /// A session whose interactive pop began from the dismiss pan at x = 100 and runs.
    static func draggingPop() -> Session {
        var session = Session()
        _ = panned(&session, .dismiss, .began, x: 100, time: 1)
        _ = session.answer(ZoomControllerSessionTests.interactivePop, edgeGrab: nil)
        _ = ZoomControllerSessionTests.begin(&session, interactive: true, time: 1)
        return session
    }

    @Test func theDismissPansBeginGrabsAndPopsTheDetail() {
        var session = Session()
        let began = Self.panned(&session, .dismiss, .began, x: 100, time: 1)
        #expect(began.closesDetail && began.reaction == Session.Reaction())
        #expect(session.pendingGrab == Session.Grab(point: Point(x: 100, y: 400), time: 1))
        var alone = Session()
        let withoutDetail = Self.panned(&alone, .dismiss, .began, x: 100, time: 1, hasDetail: false)
        #expect(!withoutDetail.closesDetail && alone.pendingGrab == nil)         // nothing to pop: no grab either
    }

    @Test func aBeginDuringARunPopsNothingAndTheEdgeSwipesBeginIsUIKits() {
        var session = Self.draggingPop()
        #expect(session.isRunning)
        #expect(!Self.panned(&session, .dismiss, .began, x: 50, time: 1.1).closesDetail)
        var idle = Session()
        let edge = Self.panned(&idle, .edge, .began, x: 2, time: 1)
        #expect(!edge.closesDetail && idle.pendingGrab == nil && edge.reaction == Session.Reaction())
        #expect(Self.panned(&idle, .dismiss, .possible, x: 2, time: 1) == Session.PanOutcome())
    }

    @Test func everyPansMovesAndReleaseDriveTheDrag() {
        for role in [Session.PanRole.dismiss, .edge] {
            var session = Self.draggingPop()
            var widths: [Double] = []
            for i in 1...15 {
                let moved = Self.panned(&session, role, .changed, x: 100 + Double(i) * 14, time: 1 + Double(i) / 60)
                widths.append(moved.reaction.draw?.clipFrame.width ?? 0)
                #expect(moved.reaction.percentComplete != nil && !moved.closesDetail)
            }
            #expect(widths.last.map { $0 < Self.geometry.destination.width } == true)   // the detail shrinks under the finger
            let release = Self.panned(&session, role, .ended, x: 310, time: 1.3)
            #expect(release.reaction.startFrames)
            let steps = ZoomControllerSessionTests.frames(&session, from: 1.3).flatMap(\.steps)
            #expect(steps == [.finishInteractive, .complete(true)])
        }
    }

    @Test func aCancelledOrFailedPanCancelsTheDrag() {
        var session = Self.draggingPop()
        _ = Self.panned(&session, .dismiss, .changed, x: 160, time: 1.1)
        let cancelled = Self.panned(&session, .dismiss, GesturePhase(rawState: 5), x: 160, time: 1.2)
        #expect(cancelled.reaction.startFrames)
        #expect(ZoomControllerSessionTests.frames(&session, from: 1.2).flatMap(\.steps) == [.cancelInteractive, .complete(false)])
    }

    @Test func aLiftBeforeUIKitStartsForgetsTheGrab() {
        var session = Session()
        _ = Self.panned(&session, .dismiss, .began, x: 100, time: 1)
        _ = Self.panned(&session, .dismiss, .ended, x: 110, time: 1.05)
        #expect(session.pendingGrab == nil)
    }

    @Test func theRegrabPanHoldsTheSettleAndIsIgnoredOnceTheRunIsOver() {
        var session = Self.draggingPop()
        _ = Self.panned(&session, .dismiss, .changed, x: 300, time: 1.2)
        _ = Self.panned(&session, .dismiss, .ended, x: 300, time: 1.25)
        let regrab = Self.panned(&session, .regrab, .began, x: 250, time: 1.3)
        #expect(regrab.reaction.stopFrames && regrab.reaction.draw != nil && !regrab.closesDetail)
        let held = session.advance(to: 1.35)                                  // a late frame: the finger holds it
        #expect(held.steps.isEmpty && held.draw?.clipFrame == regrab.reaction.draw?.clipFrame && session.isRunning)
        _ = Self.panned(&session, .regrab, .ended, x: 380, time: 1.4)
        _ = ZoomControllerSessionTests.frames(&session, from: 1.4)
        #expect(!session.isRunning)
        var idle = Session()
        _ = Self.panned(&idle, .dismiss, .began, x: 100, time: 2)
        _ = Self.panned(&idle, .regrab, .cancelled, x: 100, time: 2.1)     // a late call from the old run's pan
        #expect(idle.pendingGrab != nil)                                      // does not drop the new grab
    }

    @Test func theDetailIsPoppedFromTheTopOfItsStackElseDismissedAndOnlyWhenAsked() {
        var calls: [String] = []
        Session.PanOutcome(closesDetail: true).closeDetail(poppable: true, pop: { calls.append("pop") }, dismiss: { calls.append("dismiss") })
        Session.PanOutcome(closesDetail: true).closeDetail(poppable: false, pop: { calls.append("pop") }, dismiss: { calls.append("dismiss") })
        Session.PanOutcome().closeDetail(poppable: true, pop: { calls.append("pop") }, dismiss: { calls.append("dismiss") })
        #expect(calls == ["pop", "dismiss"])
    }

    // MARK: UIKit's ends

    @Test func thePushsDetailArrivesAndThePopsLeaves() {
        let presenting = ZoomCompletionSequence.Direction.presenting, dismissing = ZoomCompletionSequence.Direction.dismissing
        #expect(presenting.detailEnd(arriving: "to", leaving: "from") == "to")
        #expect(dismissing.detailEnd(arriving: "to", leaving: "from") == "from")
    }

    @Test func theTearDownRemovesTheAddedGridOnFailureAndTheDetailAfterADismiss() {
        let dismissing = ZoomCompletionSequence.Direction.dismissing, presenting = ZoomCompletionSequence.Direction.presenting
        #expect(dismissing.removedViews(success: true, added: "grid", detail: "detail") == ["detail"])
        #expect(dismissing.removedViews(success: false, added: "grid", detail: "detail") == ["grid"])   // the pop cancelled
        #expect(dismissing.removedViews(success: false, added: nil, detail: "detail").isEmpty)           // a modal: nothing added
        #expect(presenting.removedViews(success: true, added: nil, detail: "detail").isEmpty)
        #expect(presenting.removedViews(success: false, added: "grid", detail: "detail") == ["grid"])
    }

    @Test func uikitHearsTheRunsDurationTheUpcomingOneOrTheFade() {
        var session = Session()
        _ = session.answer(ZoomControllerSessionTests.push, edgeGrab: nil)
        let configuration = ZoomTransition.Configuration()
        let ends = (geometry: Self.geometry, configuration: configuration)
        let upcoming = session.duration(asksAboutRun: false) { ends }
        #expect(upcoming == session.upcomingDuration(geometry: Self.geometry, configuration: configuration) && upcoming > 0.2)
        #expect(session.duration(asksAboutRun: false) { nil } == ZoomTransition.fadeDuration)
        #expect(session.duration(asksAboutRun: true) { nil } == ZoomTransition.fadeDuration)      // nothing runs yet
        _ = ZoomControllerSessionTests.begin(&session, interactive: false, time: 0)
        var faded = configuration
        faded.reduceMotion = true
        let fade = (geometry: Self.geometry, configuration: faded)
        #expect(session.duration(asksAboutRun: true) { fade } == upcoming)       // the run's, not the one asked about
        #expect(session.duration(asksAboutRun: false) { fade } != upcoming)      // another context: its own
    }
}
