import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// The pan recogniser's side of the cube, played against the real model with a frame driver
/// stepped by hand, as `CubePagerView` wires them.
@MainActor
@Suite struct CubePanBridgeTests {
    /// The model, the bridge and the frame driver, with the view's rule: frames run exactly
    /// while the cube settles.
    @MainActor
    final class Pager {
        var model = CubePager(pageCount: 3, pageSize: Size(width: 400, height: 800))
        var bridge = CubePanBridge()
        let driver = ManualFrameDriver()
        var events: [CubePager.Event] = []

        /// Gives the bridge's inputs to the model at the driver's time, as the view does.
        func apply(_ inputs: [CubePanBridge.Input]) {
            for input in inputs { perform { input.apply(to: &$0, time: self.driver.currentTime) } }
        }

        func perform(_ change: (inout CubePager) -> [CubePager.Event]) {
            events += change(&model)
            driver.run(if: model.phase == .settling) { [weak self] time in
                self?.perform { $0.advance(to: time) }
            }
        }

        /// Steps frames at 60 Hz from the driver's time to `end`.
        func frames(until end: Double) {
            var time = driver.currentTime
            while time < end {
                time += 1.0 / 60
                driver.step(to: time)
            }
        }
    }

    @Test func aFlickThroughThePanTurnsToTheNextPage() {
        let pager = Pager()
        pager.apply(pager.bridge.touchDown(at: Point(x: 300, y: 400)))
        pager.driver.currentTime = 0.016
        pager.apply(pager.bridge.panBegan(at: Point(x: 280, y: 400), touchDown: Point(x: 300, y: 400)))
        pager.driver.currentTime = 0.05
        pager.apply(pager.bridge.panChanged(to: Point(x: 150, y: 400)))
        pager.driver.currentTime = 0.06
        pager.apply(pager.bridge.panEnded(at: Point(x: 130, y: 400)))
        #expect(pager.events == [.willChangePage(from: 0, to: 1)])
        #expect(pager.driver.isRunning)
        pager.frames(until: 2)
        #expect(pager.events == [.willChangePage(from: 0, to: 1), .didChangePage(1)])
        #expect(pager.model.phase == .idle && pager.model.currentIndex == 1)
        #expect(!pager.driver.isRunning, "frames stop once the cube rests")
    }

    @Test func aTapDuringASettleHoldsItThenLetsItGoOn() {
        let pager = Pager()
        pager.perform { $0.turn(to: 1, time: 0, animated: true) }
        pager.frames(until: 0.1)
        let held = pager.model.position
        pager.apply(pager.bridge.touchDown(at: Point(x: 200, y: 400)))
        #expect(pager.model.phase == .dragging && !pager.driver.isRunning, "the finger holds the cube")
        pager.driver.currentTime = 0.2
        #expect(pager.model.position == held)
        // The pan never begins (a tap): its reset releases the touch where it came down.
        pager.apply(pager.bridge.panDidReset(latest: Point(x: 200, y: 400), touchDown: Point(x: 200, y: 400)))
        #expect(pager.model.phase == .settling && pager.driver.isRunning)
        pager.frames(until: 3)
        #expect(pager.model.currentIndex == 1)
        #expect(pager.events == [.willChangePage(from: 0, to: 1), .didChangePage(1)])
    }

    @Test func aSecondFingerDuringADragChangesNothing() {
        var bridge = CubePanBridge()
        _ = bridge.touchDown(at: Point(x: 300, y: 400))
        _ = bridge.panBegan(at: Point(x: 280, y: 400), touchDown: Point(x: 300, y: 400))
        #expect(bridge.touchDown(at: Point(x: 100, y: 100)) == [])
        #expect(bridge.panEnded(at: Point(x: 200, y: 400)) == [.ended(Point(x: 200, y: 400))])
        #expect(!bridge.modelHasTouch && !bridge.isPanning)
    }

    @Test func aTouchDownWhoseSequenceNeverEndedEndsItFirst() {
        var bridge = CubePanBridge()
        #expect(bridge.touchDown(at: Point(x: 300, y: 400)) == [.began(Point(x: 300, y: 400))])
        #expect(bridge.touchDown(at: Point(x: 120, y: 300)) == [.ended(Point(x: 120, y: 300)), .began(Point(x: 120, y: 300))])
        #expect(bridge.modelHasTouch)
    }

    @Test func aPanThatBeginsWithoutATouchDownBeginsTheTouchFirst() {
        var bridge = CubePanBridge()
        #expect(bridge.panBegan(at: Point(x: 280, y: 400), touchDown: Point(x: 300, y: 400))
            == [.began(Point(x: 300, y: 400)), .moved(Point(x: 280, y: 400))])
        #expect(bridge.panChanged(to: Point(x: 250, y: 400)) == [.moved(Point(x: 250, y: 400))])
    }

    @Test func aCancelledPanCancelsAndTheCubeGoesBack() {
        let pager = Pager()
        pager.apply(pager.bridge.touchDown(at: Point(x: 300, y: 400)))
        pager.driver.currentTime = 0.02
        pager.apply(pager.bridge.panBegan(at: Point(x: 280, y: 400), touchDown: Point(x: 300, y: 400)))
        pager.driver.currentTime = 0.1
        pager.apply(pager.bridge.panChanged(to: Point(x: 200, y: 400)))
        pager.apply(pager.bridge.panCancelled())
        #expect(!pager.bridge.modelHasTouch)
        pager.frames(until: 2)
        #expect(pager.model.phase == .idle && pager.model.currentIndex == 0)
        #expect(pager.model.position == 0)
    }

    @Test func aResetAfterTheDragBeganEndsItAtTheFingersLastPlace() {
        var bridge = CubePanBridge()
        _ = bridge.touchDown(at: Point(x: 300, y: 400))
        _ = bridge.panBegan(at: Point(x: 280, y: 400), touchDown: Point(x: 300, y: 400))
        #expect(bridge.panDidReset(latest: Point(x: 90, y: 410), touchDown: Point(x: 300, y: 400)) == [.ended(Point(x: 90, y: 410))])
        #expect(bridge.panDidReset(latest: nil, touchDown: nil) == [], "nothing is held any more")
    }

    @Test func aRefusedDragReleasesTheHeldTouchWhereItCameDown() {
        var bridge = CubePanBridge()
        _ = bridge.touchDown(at: Point(x: 300, y: 400))
        #expect(bridge.panRefused(touchDown: Point(x: 300, y: 400), latest: Point(x: 302, y: 480)) == [.ended(Point(x: 300, y: 400))])
        #expect(bridge.panChanged(to: Point(x: 0, y: 0)) == [], "a pan that never began moves nothing")
        #expect(bridge.panEnded(at: Point(x: 0, y: 0)) == [] && bridge.panCancelled() == [])
    }

    @Test func theRecognisersEventsDriveAFlickToTheNextPage() {
        // The one entry the view uses: a finger down at x 300, a pan from 280 to 130 and its end,
        // then the reset; the cube turns to page 1 and the reset ends nothing more.
        let pager = Pager()
        let down = Point(x: 300, y: 400)
        func report(_ event: CubePanBridge.PanEvent, latest: Point? = nil) {
            pager.apply(pager.bridge.inputs(for: event, touchDown: down, latest: latest ?? down))
        }
        report(.touchDown)
        pager.driver.currentTime = 0.016
        report(.began(Point(x: 280, y: 400)))
        pager.driver.currentTime = 0.05
        report(.changed(Point(x: 150, y: 400)))
        pager.driver.currentTime = 0.06
        report(.ended(Point(x: 130, y: 400)))
        #expect(pager.bridge.inputs(for: .reset, touchDown: down, latest: Point(x: 130, y: 400)) == [])
        pager.frames(until: 2)
        #expect(pager.events == [.willChangePage(from: 0, to: 1), .didChangePage(1)])
    }

    @Test func theRecognisersRefusalAndCancellationReleaseTheTouch() {
        var bridge = CubePanBridge()
        let down = Point(x: 300, y: 400)
        _ = bridge.inputs(for: .touchDown, touchDown: down, latest: down)
        #expect(bridge.inputs(for: .refused, touchDown: down, latest: Point(x: 302, y: 480)) == [.ended(down)])
        _ = bridge.inputs(for: .touchDown, touchDown: down, latest: down)
        _ = bridge.inputs(for: .began(Point(x: 280, y: 400)), touchDown: down, latest: down)
        #expect(bridge.inputs(for: .cancelled, touchDown: down, latest: down) == [.cancelled])
        #expect(!bridge.modelHasTouch && !bridge.isPanning)
    }
}
