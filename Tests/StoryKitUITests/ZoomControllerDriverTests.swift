import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// The UIKit zoom's driver: it carries out the session's reactions on a frame clock, in order,
/// through the host (what ``ZoomTransitionController`` copies onto its views and UIKit's
/// context): the display link runs exactly while something settles, UIKit hears the fraction,
/// the finish or cancel and the completion once, and the pans feed the same run.
@MainActor
@Suite struct ZoomControllerDriverTests {
    /// A host that records what it is told, in order.
    final class Host: ZoomTransitionHost {
        enum Call: Equatable {
            case regrabPan, draw(Rect), percent(Double), finish, cancel, complete(Bool)
        }
        var calls: [Call] = []

        func addRegrabPan() { calls.append(.regrabPan) }
        func draw(_ layout: ZoomTransitionLayout) { calls.append(.draw(layout.clipFrame)) }
        func updateInteractiveTransition(_ percentComplete: Double) { calls.append(.percent(percentComplete)) }
        func finishInteractiveTransition() { calls.append(.finish) }
        func cancelInteractiveTransition() { calls.append(.cancel) }
        func completeTransition(_ success: Bool) { calls.append(.complete(success)) }

        /// The calls that are not draws or fractions.
        var steps: [Call] {
            calls.filter {
                switch $0 {
                case .draw, .percent: false
                default: true
                }
            }
        }
    }

    static let geometry = ZoomFrontEndRulesTests.geometry
    let grid = ObjectIdentifier(Host.self), detail = ObjectIdentifier(ZoomControllerDriverTests.self)

    /// A driver at time 5 with `host`.
    func make(_ host: Host) -> (ZoomControllerDriver, ManualFrameDriver) {
        let frames = ManualFrameDriver(time: 5)
        let zoom = ZoomControllerDriver(frames: frames)
        zoom.host = host
        return (zoom, frames)
    }

    /// Steps `frames` at 60 Hz for `seconds` while they run.
    func run(_ frames: ManualFrameDriver, seconds: Double) {
        let start = frames.currentTime
        for i in 1...Int(seconds * 60) where frames.isRunning { frames.step(to: start + Double(i) / 60) }
    }

    func begin(_ zoom: ZoomControllerDriver, interactive: Bool) {
        zoom.begin(geometry: Self.geometry, configuration: ZoomTransition.Configuration(), interactive: interactive,
                   source: Self.geometry.source) { Point(x: $0.x, y: $0.y - 10) }
    }

    @Test func aPushRunsOnTheDisplayLinkFromTheCellAndCompletesOnceWithTheFramesStopped() {
        let host = Host()
        let (zoom, frames) = make(host)
        let answered = zoom.answer(ZoomNavigationRule(detail: detail), operation: .push, from: grid, to: detail,
                                   edgeActive: false, edgePoint: nil)
        #expect(answered && !zoom.session.upcomingInteractive)
        begin(zoom, interactive: false)
        #expect(host.calls == [.draw(Self.geometry.source)] && frames.isRunning)     // it starts as the cell
        run(frames, seconds: 5)
        #expect(host.steps == [.complete(true)] && !frames.isRunning && !zoom.session.isRunning)
        #expect(frames.framesDelivered > 10 && frames.framesDelivered < 300)         // it settled, then stopped
        guard case .draw(let last) = host.calls.dropLast().last else {
            Issue.record("no draw before the completion")
            return
        }
        #expect(last == Self.geometry.destination)                                  // drawn at rest in the detail
        frames.step(to: 20)
        #expect(host.calls.count == frames.framesDelivered + 2)                       // a late frame reaches nothing
    }

    @Test func theDismissPanPopsFollowsTheFingerAndFinishesIntoTheCell() {
        let host = Host()
        let (zoom, frames) = make(host)
        let began = zoom.panned(.dismiss, phase: .began, at: Point(x: 100, y: 410), hasDetail: true) { nil }
        var popped = false
        began.closeDetail(poppable: true, pop: { popped = true }, dismiss: {})
        #expect(popped && host.calls.isEmpty)                                          // asks UIKit for the pop
        let answered = zoom.answer(ZoomNavigationRule(detail: detail), operation: .pop, from: detail, to: grid,
                                   edgeActive: false, edgePoint: nil)
        #expect(answered && zoom.session.upcomingInteractive)                          // the finger's pop is interactive
        begin(zoom, interactive: true)
        #expect(host.calls == [.regrabPan, .draw(Self.geometry.destination), .percent(0)] && !frames.isRunning)
        for i in 1...15 {
            frames.currentTime = 5 + Double(i) / 60
            zoom.panned(.dismiss, phase: .changed, at: Point(x: 100 + 14 * Double(i), y: 400), hasDetail: true) { nil }
        }
        let percents = host.calls.compactMap { if case .percent(let p) = $0 { p } else { nil } }
        #expect(percents.count == 16 && percents.last.map { $0 > 0.1 && $0 <= 1 } == true && !frames.isRunning)
        frames.currentTime = 5.27
        zoom.panned(.dismiss, phase: .ended, at: Point(x: 310, y: 400), hasDetail: true) { Self.geometry.source }
        #expect(frames.isRunning && zoom.session.mayRegrab)                            // it settles on its own
        run(frames, seconds: 5)
        #expect(host.steps == [.regrabPan, .finish, .complete(true)] && !frames.isRunning)
    }

    @Test func aPopDraggedBackCancelsAndCompletesUnsuccessfully() {
        let host = Host()
        let (zoom, frames) = make(host)
        zoom.panned(.dismiss, phase: .began, at: Point(x: 100, y: 410), hasDetail: true) { nil }
        _ = zoom.answer(ZoomNavigationRule(detail: detail), operation: .pop, from: detail, to: grid, edgeActive: false, edgePoint: nil)
        begin(zoom, interactive: true)
        for (i, x) in [130.0, 160, 130, 100].enumerated() {
            frames.currentTime = 5 + Double(i + 1) / 20
            zoom.panned(.dismiss, phase: .changed, at: Point(x: x, y: 400), hasDetail: true) { nil }
        }
        zoom.panned(.dismiss, phase: .ended, at: Point(x: 100, y: 400), hasDetail: true) { Self.geometry.source }
        run(frames, seconds: 5)
        #expect(host.steps == [.regrabPan, .cancel, .complete(false)] && !frames.isRunning)
    }

    @Test func aTouchDuringTheSettleStopsTheFramesAndHoldsTheTransition() {
        let host = Host()
        let (zoom, frames) = make(host)
        zoom.panned(.dismiss, phase: .began, at: Point(x: 100, y: 410), hasDetail: true) { nil }
        _ = zoom.answer(ZoomNavigationRule(detail: detail), operation: .pop, from: detail, to: grid, edgeActive: false, edgePoint: nil)
        begin(zoom, interactive: true)
        frames.currentTime = 5.1
        zoom.panned(.dismiss, phase: .changed, at: Point(x: 250, y: 400), hasDetail: true) { nil }
        zoom.panned(.dismiss, phase: .ended, at: Point(x: 300, y: 400), hasDetail: true) { Self.geometry.source }
        frames.step(to: 5.15)
        #expect(frames.isRunning)
        frames.currentTime = 5.17
        zoom.panned(.regrab, phase: .began, at: Point(x: 200, y: 300), hasDetail: true) { nil }
        #expect(!frames.isRunning && zoom.session.isRunning && host.steps == [.regrabPan])   // the finger holds it
        zoom.panned(.regrab, phase: .cancelled, at: .zero, hasDetail: true) { nil }
        #expect(frames.isRunning)                                                       // let go: it settles again
        run(frames, seconds: 5)
        #expect(host.steps.suffix(1) == [.complete(host.steps.contains(.finish))] && host.steps.count == 3)
    }

    @Test func theSystemsTransitionAndABeginWithoutDetailLeaveNothingPending() {
        let host = Host()
        let (zoom, frames) = make(host)
        zoom.panned(.dismiss, phase: .began, at: Point(x: 100, y: 410), hasDetail: true) { nil }
        let other = ObjectIdentifier(Int.self)
        let answered = zoom.answer(ZoomNavigationRule(detail: detail), operation: .push, from: grid, to: other,
                                   edgeActive: false, edgePoint: nil)
        #expect(!answered && zoom.session.pendingGrab == nil)                          // another screen slides
        zoom.panned(.dismiss, phase: .began, at: Point(x: 100, y: 410), hasDetail: true) { nil }
        zoom.beganWithoutDetail()
        #expect(zoom.session.pendingGrab == nil && host.calls.isEmpty && !frames.isRunning)
    }

    @Test func theEdgeSwipeGrabsWhereItIsAtTheFrameClocksTime() {
        let host = Host()
        let (zoom, _) = make(host)
        let answered = zoom.answer(ZoomNavigationRule(detail: detail), operation: .pop, from: detail, to: grid,
                                   edgeActive: true, edgePoint: Point(x: 4, y: 300))
        #expect(answered && zoom.session.upcomingInteractive)
        #expect(zoom.session.pendingGrab == ZoomControllerSession.Grab(point: Point(x: 4, y: 300), time: 5))
    }

    @Test func theDurationIsTheSpringsSettlingTimeNotAFixedHalfSecond() {
        let host = Host()
        let (zoom, _) = make(host)
        _ = zoom.answer(ZoomNavigationRule(detail: detail), operation: .push, from: grid, to: detail, edgeActive: false, edgePoint: nil)
        let upcoming = zoom.duration(asksAboutRun: false) { (Self.geometry, ZoomTransition.Configuration()) }
        #expect(upcoming > 0.2 && upcoming != 0.5)
        #expect(zoom.duration(asksAboutRun: false) { nil } == ZoomTransition.fadeDuration)
        begin(zoom, interactive: false)
        #expect(zoom.duration(asksAboutRun: true) { nil } == upcoming)                 // the run's own, same spring
    }
}
