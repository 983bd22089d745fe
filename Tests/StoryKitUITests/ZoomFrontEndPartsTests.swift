import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// The zoom's parts that used to sit in its UIKit and SwiftUI files: the pushed detail's backdrop
/// lines up with the screen it captured, the close action closes, SwiftUI's drag is measured
/// from where it began, and UIKit's delegate questions follow a finger already on the detail.
@MainActor
@Suite struct ZoomFrontEndPartsTests {
    // MARK: Backdrop

    @Test func theCapturedScreenLinesUpWithTheWindowBeneathAShiftedDetail() {
        // A detail 50 points below the window's top (under a bar) and 10 in from its left.
        let layout = ZoomBackdropLayout(snapshotSize: Size(width: 390, height: 844), windowOrigin: Point(x: 10, y: 50),
                                        placeholder: nil)
        #expect(layout.snapshotFrame == Rect(x: -10, y: -50, width: 390, height: 844))   // the grid does not jump
        #expect(layout.placeholderFrame == nil && layout.placeholderHidden && layout.placeholderViewFrame == .zero)
    }

    @Test func thePlaceholderCoversTheCellWhileTheImageIsAway() {
        let cell = Rect(x: 20, y: 100, width: 120, height: 120)
        let layout = ZoomBackdropLayout(snapshotSize: Size(width: 390, height: 844), windowOrigin: .zero, placeholder: cell)
        #expect(layout.snapshotFrame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(layout.placeholderFrame == cell)                                       // no second copy of the image
        #expect(!layout.placeholderHidden && layout.placeholderViewFrame == cell)
        var visibility = ZoomSourceVisibility()
        visibility.handle(.opened("a"))
        #expect(visibility.opacity(of: "a") == 0 && visibility.opacity(of: "b") == 1)   // the open cell's view is not drawn
        visibility.handle(.dismissed("a"))
        #expect(visibility.opacity(of: "a") == 1)
    }

    @Test func thePlaceholderCoversTheCellTheDriverReportsDuringAPushedClose() {
        let directory = ZoomDetailDriverTests.Directory()
        let (zoom, frames) = ZoomDetailDriverTests().make(directory, pushed: true)
        ZoomDetailDriverTests().open(zoom)
        ZoomDetailDriverTests().run(frames, seconds: 3)
        zoom.close()
        frames.step(to: frames.currentTime + 1.0 / 60)
        let placeholder = zoom.placeholder
        #expect(placeholder != nil)                                                    // the image has left the cell
        let layout = ZoomBackdropLayout(snapshotSize: Size(width: 400, height: 850),
                                        windowOrigin: ZoomDetailDriverTests.container.origin, placeholder: placeholder)
        // The cell, in the window at (20, 150), is 100 points down in the detail that starts at 50.
        #expect(layout.placeholderFrame == Rect(x: 20, y: 100, width: 100, height: 100))
        #expect(layout.snapshotFrame.origin == Point(x: 0, y: -50))
    }

    // MARK: Close action

    @Test func theCloseActionClosesOnceACall() {
        var closes = 0
        let close = ZoomCloseAction { closes += 1 }
        close()
        close()
        #expect(closes == 2)
    }

    // MARK: SwiftUI drag

    @Test func aDragIsMeasuredFromWhereItBegan() {
        // A leftward drag (SwiftUI's translation is location − start) is refused: the detail stays.
        let directory = ZoomDetailDriverTests.Directory()
        let (zoom, frames) = ZoomDetailDriverTests().make(directory)
        ZoomDetailDriverTests().open(zoom)
        ZoomDetailDriverTests().run(frames, seconds: 3)
        let atRest = zoom.placement
        zoom.dragChanged(location: Point(x: 100, y: 450), start: Point(x: 200, y: 450))
        zoom.dragChanged(location: Point(x: 60, y: 450), start: Point(x: 200, y: 450))
        #expect(zoom.placement == atRest)
        zoom.dragEnded(location: Point(x: 60, y: 450))
        // A rightward one takes hold and shrinks the detail under the finger.
        zoom.dragChanged(location: Point(x: 300, y: 450), start: Point(x: 200, y: 450))
        zoom.dragChanged(location: Point(x: 360, y: 450), start: Point(x: 200, y: 450))
        #expect(zoom.placement.scale < atRest.scale)
        guard case .dragging = zoom.session.transition?.phase else { return #expect(Bool(false), "the drag took hold") }
    }

    // MARK: UIKit delegate questions

    @Test func aPopFollowsAFingerAlreadyOnTheDetailOrTheEdgeSwipeUnderWay() {
        let grid = ObjectIdentifier(Grid.self), detail = ObjectIdentifier(Detail.self)
        let rule = ZoomNavigationRule(detail: detail)
        var session = ZoomControllerSession()
        // No finger: the pop runs on its own.
        let alone = session.answer(rule, operation: .pop, from: detail, to: grid, edgeActive: false, edgeGrab: nil)
        #expect(alone && session.upcoming == .dismissing && !session.upcomingInteractive)
        // The system's edge swipe under way: the pop follows it from where it is.
        let edge = ZoomControllerSession.Grab(point: Point(x: 4, y: 300), time: 1)
        let swiped = session.answer(rule, operation: .pop, from: detail, to: grid, edgeActive: true, edgeGrab: edge)
        #expect(swiped && session.upcomingInteractive && session.pendingGrab == edge)
        // The dismiss pan's grab pending: interactive too.
        session.dropGrab()
        let grabbed = session.grab(.init(point: Point(x: 100, y: 300), time: 2))
        let panned = session.answer(rule, operation: .pop, from: detail, to: grid, edgeActive: false, edgeGrab: nil)
        #expect(grabbed && panned && session.upcomingInteractive)
        // Another screen pushed from the detail gets the system's slide, and the grab is dropped.
        let onward = session.answer(rule, operation: .push, from: detail, to: ObjectIdentifier(Other.self), edgeActive: false,
                                    edgeGrab: nil)
        #expect(!onward && session.pendingGrab == nil && !session.upcomingInteractive)
    }

    private enum Grid {}
    private enum Detail {}
    private enum Other {}
}

/// The UIKit controller's dismiss pans: one per detail, and none kept for a detail that is gone.
@Suite struct ZoomDismissPansTests {
    /// A recogniser; `view` is nil once its view (the detail's) is gone.
    final class Pan {
        var view: AnyObject? = NSObjectStandIn()
    }

    /// Something standing in for a view.
    final class NSObjectStandIn {}

    private enum First {}
    private enum Second {}

    @Test func installingOnADetailAgainReplacesItsPan() {
        var pans = ZoomDismissPans<Pan>()
        let first = Pan(), again = Pan()
        let detail = ObjectIdentifier(First.self)
        let none = pans.install(first, for: detail) { $0.view == nil }
        let replaced = pans.install(again, for: detail) { $0.view == nil }
        #expect(none == nil && replaced === first && pans.count == 1)   // no second pan pops the same detail
    }

    @Test func thePansOfDetailsThatAreGoneAreLetGo() {
        var pans = ZoomDismissPans<Pan>()
        let gone = Pan(), next = Pan()
        _ = pans.install(gone, for: ObjectIdentifier(First.self)) { $0.view == nil }
        gone.view = nil                                                  // the detail and its view went away
        let replaced = pans.install(next, for: ObjectIdentifier(Second.self)) { $0.view == nil }
        #expect(replaced == nil && pans.count == 1)                       // the controller no longer holds it
    }
}
