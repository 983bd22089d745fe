import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// The zoom's views show exactly the model's frame, its pan begins only where the model says,
/// and UIKit hears finish/cancel and completion once, from the model's events.
@Suite struct ZoomFrontEndRulesTests {
    static let geometry = ZoomTransition.Geometry(
        container: Size(width: 390, height: 844), source: Rect(x: 20, y: 300, width: 120, height: 120),
        sourceCornerRadius: 4, destination: Rect(x: 0, y: 200, width: 390, height: 390), imageSize: Size(width: 1000, height: 800))

    // MARK: Layout

    @Test(arguments: [0.0, 0.05, 0.1, 0.2, 0.4, 0.8, 3])
    func theViewsShowTheModelsFrame(elapsed: Double) {
        var zoom = ZoomTransition(geometry: Self.geometry)
        zoom.open(time: 10)
        let frame = zoom.frame(at: 10 + elapsed)
        let layout = ZoomTransitionLayout(frame)
        #expect(layout.clipFrame == frame.mask)
        #expect(Approximately.equal(layout.imageFrameInContainer, frame.imageFrame, absolute: 1e-9))
        #expect(Approximately.equal(layout.clipCornerRadius, frame.cornerRadius))
        #expect(layout.dimmingAlpha == frame.dimming && layout.detailAlpha == frame.chromeOpacity)
        #expect(layout.imageAlpha == frame.opacity && layout.sourcePlaceholderVisible == frame.sourceHidden)
        // The image covers the clip (aspect fill): nothing of the clip shows empty.
        #expect(layout.imageFrame.minX <= 1e-9 && layout.imageFrame.minY <= 1e-9)
        #expect(layout.imageFrame.maxX >= layout.clipFrame.width - 1e-9 && layout.imageFrame.maxY >= layout.clipFrame.height - 1e-9)
    }

    @Test func theEndsAreTheCellAndTheDetail() {
        let closed = ZoomTransitionLayout(ZoomTransition(geometry: Self.geometry).frame(at: 0))
        #expect(closed.clipFrame == Self.geometry.source && closed.clipCornerRadius == 4)
        #expect(closed.dimmingAlpha == 0 && closed.detailAlpha == 0 && !closed.sourcePlaceholderVisible)
        let open = ZoomTransitionLayout(ZoomTransition(geometry: Self.geometry, presented: true).frame(at: 0))
        #expect(open.clipFrame == Self.geometry.destination && open.clipCornerRadius == 0)
        #expect(open.dimmingAlpha == 0.5 && open.detailAlpha == 1 && open.sourcePlaceholderVisible)
    }

    @Test func hostileFramesGiveDrawableValues() {
        let layout = ZoomTransitionLayout(mask: Rect(x: .nan, y: 3, width: -5, height: .infinity), cornerRadius: 50,
                                          imageFrame: Rect(x: .infinity, y: 0, width: 10, height: 10), opacity: .nan,
                                          dimming: 2, chromeOpacity: -1, sourceHidden: true)
        #expect(layout.clipFrame == Rect(x: 0, y: 3, width: 0, height: 0) && layout.clipCornerRadius == 0)
        #expect(layout.dimmingAlpha == 1 && layout.detailAlpha == 0 && layout.imageAlpha == 0)
        #expect(layout.imageFrame.minX.isFinite)
    }

    // MARK: Pan rule

    @Test func thePanBeginsRightwardOnlyAtTheScrollViewsLeadingEdge() {
        let zoom = ZoomTransition(geometry: Self.geometry, presented: true)
        func may(_ t: Point, _ v: Point = .zero, offset: Point? = nil, zoomScale: Double = 1) -> Bool {
            ZoomPanRule.mayBegin(translation: t, velocity: v, scrollOffset: offset, zoomScale: zoomScale, transition: zoom)
        }
        #expect(may(Point(x: 10, y: 3)))
        #expect(!may(Point(x: 3, y: 10)))                       // mostly vertical
        #expect(!may(Point(x: -10, y: 0)))                      // leftward
        #expect(may(.zero, Point(x: 300, y: -100)))             // not moved yet: the velocity says
        #expect(!may(.zero, .zero))
        #expect(!may(Point(x: 10, y: 0), offset: Point(x: 40, y: 0)))       // scrolled away from the edge
        #expect(may(Point(x: 10, y: 0), offset: Point(x: 0, y: 500)))       // scrolled down: still at the leading edge
        #expect(!may(Point(x: 10, y: 0), offset: .zero, zoomScale: 2))      // zoomed in
    }

    @Test func theDownwardOptionBeginsDownwardAtTheTop() {
        let zoom = ZoomTransition(geometry: Self.geometry, configuration: ZoomTransition.Configuration(downwardDismiss: true),
                                  presented: true)
        func may(_ t: Point, offset: Point? = nil) -> Bool {
            ZoomPanRule.mayBegin(translation: t, velocity: .zero, scrollOffset: offset, zoomScale: 1, transition: zoom)
        }
        #expect(may(Point(x: 2, y: 10)))
        #expect(!may(Point(x: 10, y: 2)) && !may(Point(x: 0, y: -10)))
        #expect(!may(Point(x: 0, y: 10), offset: Point(x: 0, y: 80)))
        // Under a navigation bar, the top is a content offset of minus the inset.
        let top = ZoomPanRule.scrollOffset(contentOffset: Point(x: 0, y: -91), insetTop: 91, insetLeft: 0)
        #expect(top == .zero && may(Point(x: 0, y: 10), offset: top))
    }

    @Test func aTouchRegrabsOnlyASettle() {
        var zoom = ZoomTransition(geometry: Self.geometry, presented: true)
        #expect(!ZoomPanRule.mayRegrab(zoom.phase))
        zoom.touchBegan(at: Point(x: 100, y: 400), time: 1)
        #expect(!ZoomPanRule.mayRegrab(zoom.phase))
        zoom.touchMoved(to: Point(x: 250, y: 450), time: 1.1)
        zoom.touchEnded(at: Point(x: 300, y: 460), time: 1.15, source: Self.geometry.source)
        #expect(ZoomPanRule.mayRegrab(zoom.phase))
        var fading = ZoomTransition(geometry: Self.geometry, presented: true)
        fading.close(time: 0, source: nil)
        #expect(!ZoomPanRule.mayRegrab(fading.phase))
    }

    // MARK: Completion

    /// Runs `zoom` to rest on a 60 Hz clock from `time`, feeding every event to `sequence`.
    static func settle(_ zoom: inout ZoomTransition, from time: Double, _ sequence: inout ZoomCompletionSequence)
        -> [ZoomCompletionSequence.Step] {
        var steps: [ZoomCompletionSequence.Step] = []
        for frame in 1...600 { steps += sequence.steps(for: zoom.advance(to: time + Double(frame) / 60)) }
        return steps
    }

    @Test func anInteractivePopLetGoFinishesThenCompletesOnceAtRest() {
        var zoom = ZoomTransition(geometry: Self.geometry, presented: true)
        var sequence = ZoomCompletionSequence(direction: .dismissing, interactive: true)
        #expect(sequence.steps(for: zoom.touchBegan(at: Point(x: 100, y: 400), time: 1)).isEmpty)
        zoom.touchMoved(to: Point(x: 250, y: 420), time: 1.1)
        #expect(sequence.steps(for: zoom.touchEnded(at: Point(x: 320, y: 430), time: 1.15, source: Self.geometry.source)).isEmpty)
        #expect(!sequence.isComplete)                                   // open while the spring moves: re-grabbable
        let steps = Self.settle(&zoom, from: 1.15, &sequence)
        #expect(steps == [.finishInteractive, .complete(true)])
        #expect(sequence.steps(for: [.finished(presented: false), .cancelled]).isEmpty)
    }

    @Test func anInteractivePopDraggedBackCancelsThenCompletes() {
        var zoom = ZoomTransition(geometry: Self.geometry, presented: true)
        var sequence = ZoomCompletionSequence(direction: .dismissing, interactive: true)
        _ = sequence.steps(for: zoom.touchBegan(at: Point(x: 100, y: 400), time: 1))
        zoom.touchMoved(to: Point(x: 160, y: 400), time: 1.2)
        zoom.touchMoved(to: Point(x: 110, y: 400), time: 1.4)
        _ = sequence.steps(for: zoom.touchEnded(at: Point(x: 100, y: 400), time: 1.5, source: Self.geometry.source))
        #expect(Self.settle(&zoom, from: 1.5, &sequence) == [.cancelInteractive, .complete(false)])
    }

    /// Moves the finger from `x` to `x + dx` over `duration` seconds at 60 Hz from `time`.
    static func move(_ zoom: inout ZoomTransition, x: Double, dx: Double, y: Double, time: Double, duration: Double) {
        let steps = Int(duration * 60)
        for i in 1...steps { zoom.touchMoved(to: Point(x: x + dx * Double(i) / Double(steps), y: y), time: time + Double(i) / 60) }
    }

    @Test func aRegrabDuringTheSettleKeepsTheTransitionOpen() {
        var zoom = ZoomTransition(geometry: Self.geometry, presented: true)
        var sequence = ZoomCompletionSequence(direction: .dismissing, interactive: true)
        _ = zoom.touchBegan(at: Point(x: 100, y: 400), time: 1)
        Self.move(&zoom, x: 100, dx: 200, y: 400, time: 1, duration: 0.2)
        _ = zoom.touchEnded(at: Point(x: 300, y: 400), time: 1.2, source: Self.geometry.source)
        #expect(sequence.steps(for: zoom.touchBegan(at: Point(x: 200, y: 420), time: 1.3)).isEmpty)   // grabbed again
        Self.move(&zoom, x: 200, dx: -150, y: 420, time: 1.3, duration: 0.2)
        _ = zoom.touchEnded(at: Point(x: 50, y: 420), time: 1.5, source: Self.geometry.source)
        #expect(Self.settle(&zoom, from: 1.5, &sequence) == [.cancelInteractive, .complete(false)])
    }

    @Test func animatedTransitionsOnlyComplete() {
        var open = ZoomTransition(geometry: Self.geometry)
        var push = ZoomCompletionSequence(direction: .presenting, interactive: false)
        #expect(push.steps(for: open.open(time: 0)).isEmpty)
        #expect(Self.settle(&open, from: 0, &push) == [.complete(true)])
        var close = ZoomTransition(geometry: Self.geometry, presented: true)
        var pop = ZoomCompletionSequence(direction: .dismissing, interactive: false)
        _ = pop.steps(for: close.close(time: 0, source: nil))                  // the cell is gone: a fade
        #expect(Self.settle(&close, from: 0, &pop) == [.complete(true)])
        var reduced = ZoomTransition(geometry: Self.geometry, configuration: ZoomTransition.Configuration(reduceMotion: true))
        var present = ZoomCompletionSequence(direction: .presenting, interactive: false)
        _ = present.steps(for: reduced.open(time: 0))
        #expect(Self.settle(&reduced, from: 0, &present) == [.complete(true)])
    }

    @Test func thePercentCompleteFollowsTheOpenness() {
        let pop = ZoomCompletionSequence(direction: .dismissing, interactive: true)
        let push = ZoomCompletionSequence(direction: .presenting, interactive: false)
        let detail = ZoomTransition(geometry: Self.geometry, presented: true).frame(at: 0)
        #expect(pop.percentComplete(detail) == 0 && push.percentComplete(detail) == 1)
        var zoom = ZoomTransition(geometry: Self.geometry, presented: true)
        zoom.touchBegan(at: Point(x: 100, y: 400), time: 1)
        zoom.touchMoved(to: Point(x: 295, y: 400), time: 1.1)
        let p = pop.percentComplete(zoom.frame(at: 1.1))
        #expect(p > 0.1 && p < 0.9)
    }
}
