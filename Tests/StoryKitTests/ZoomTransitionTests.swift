import MotionCore
import StoryKit
import StoryKitTestSupport
import Testing

/// The grid-to-detail zoom on a virtual clock: its ends, the drag's numbers, the hand-overs at
/// release and at re-grab, the release rule, a moved or missing source, the scroll-view rule and
/// hostile input.
@Suite struct ZoomTransitionTests {
    /// A 390 × 844 container, a 120 pt cell at (10, 300) with 8 pt corners, and a 4:3 photo shown
    /// full width at the detail.
    static let geometry = ZoomTransition.Geometry(
        container: Size(width: 390, height: 844), source: Rect(x: 10, y: 300, width: 120, height: 120), sourceCornerRadius: 8,
        destination: Rect(x: 0, y: 276.5, width: 390, height: 292.5), imageSize: Size(width: 1200, height: 900))

    static func presented() -> ZoomTransition { ZoomTransition(geometry: geometry, presented: true) }

    /// Component by component (a velocity's size may be negative: `Rect.width` would fold it).
    private func close(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
        Approximately.equal(a.origin.x, b.origin.x, absolute: tolerance) && Approximately.equal(a.origin.y, b.origin.y, absolute: tolerance)
            && Approximately.equal(a.size.width, b.size.width, absolute: tolerance)
            && Approximately.equal(a.size.height, b.size.height, absolute: tolerance)
    }

    @Test func atTheEndsTheMaskIsTheCellOrTheDetailExactly() {
        let closed = ZoomTransition(geometry: Self.geometry).frame(at: 0)
        #expect(closed.mask == Self.geometry.source && closed.cornerRadius == 8 && !closed.sourceHidden)
        // The 4:3 photo aspect-fills the square cell: 160 × 120, centred.
        #expect(closed.imageFrame == Rect(x: -10, y: 300, width: 160, height: 120))
        #expect(closed.dimming == 0 && closed.openness == 0)
        let open = Self.presented().frame(at: 0)
        #expect(open.mask == Self.geometry.destination && open.cornerRadius == 0 && open.imageFrame == Self.geometry.destination)
        #expect(open.dimming == 0.5 && open.openness == 1 && open.sourceHidden)
    }

    @Test func theOpenSpringsFromTheCellToTheDetailAndSaysSo() {
        var zoom = ZoomTransition(geometry: Self.geometry)
        #expect(zoom.open(time: 1) == [.began])
        #expect(zoom.frame(at: 1).mask == Self.geometry.source && zoom.frame(at: 1).sourceHidden)
        let middle = zoom.frame(at: 1.15)
        #expect(middle.mask.width > 120 && middle.mask.width < 390 && middle.cornerRadius > 0)
        var events: [ZoomTransition.Event] = []
        for step in 1...300 { events += zoom.advance(to: 1 + Double(step) / 120) }
        #expect(events == [.finished(presented: true)])
        #expect(zoom.frame(at: zoom.time).mask == Self.geometry.destination)
    }

    @Test(arguments: [(0.0, 1.0), (97.5, 0.9), (195, 0.8), (390, 0.6), (1_000, 0.6), (-200, 1.0)])
    func theDetailShrinksWithTheProgressDownToItsFloor(translation: Double, scale: Double) {
        var zoom = Self.presented()
        #expect(zoom.touchBegan(at: Point(x: 100, y: 400), time: 0) == [.began])
        zoom.touchMoved(to: Point(x: 100 + translation, y: 430), time: 0.1)
        let mask = zoom.frame(at: 0.1).mask
        #expect(Approximately.equal(mask.width / 390, scale))
        // It follows the finger in both axes: its centre moved by the finger's translation.
        #expect(Approximately.equal(mask.midX, 195 + translation) && Approximately.equal(mask.midY, 422.75 + 30))
    }

    @Test func theRubberBandedCurveHasAKneeAndNeverReachesItsFloor() {
        let zoom = ZoomTransition(geometry: Self.geometry, configuration: .init(scaleCurve: .rubberBand(knee: 0.8)), presented: true)
        // On the line to the knee (progress 0.5), then ever slower towards 0.6.
        #expect(Approximately.equal(zoom.dragScale(progress: 0.25), 0.9) && Approximately.equal(zoom.dragScale(progress: 0.5), 0.8))
        let scales = stride(from: 0.0, through: 20, by: 0.05).map { zoom.dragScale(progress: $0) }
        #expect(zip(scales, scales.dropFirst()).allSatisfy { $1 <= $0 }, "monotonic")
        #expect(scales.allSatisfy { $0 > 0.6 } && scales.last! < 0.62)
        // The slope: −0.4 on the line, −0.4 × 0.55 just past the knee.
        let before = (zoom.dragScale(progress: 0.5) - zoom.dragScale(progress: 0.5 - 1e-6)) / 1e-6
        let after = (zoom.dragScale(progress: 0.5 + 1e-6) - zoom.dragScale(progress: 0.5)) / 1e-6
        #expect(Approximately.equal(before, -0.4, absolute: 1e-4) && Approximately.equal(after, -0.22, absolute: 1e-3))
        // Dragging and grabbing again round-trips through the curve: no jump at a re-grab.
        var dragged = zoom
        dragged.touchBegan(at: Point(x: 0, y: 400), time: 0)
        dragged.touchMoved(to: Point(x: 600, y: 400), time: 0.3)
        let mask = dragged.mask(at: 0.3)
        dragged.touchEnded(at: Point(x: 600, y: 400), time: 0.3, source: Self.geometry.source)
        let flying = dragged.mask(at: 0.35)
        dragged.touchBegan(at: Point(x: 300, y: 300), time: 0.35)
        dragged.touchMoved(to: Point(x: 300, y: 300), time: 0.36)
        #expect(close(dragged.mask(at: 0.36), flying, 1e-6))
        #expect(mask.width / 390 > 0.6 && mask.width / 390 < 0.8)
    }

    @Test func atTheReleaseTheSpringStartsFromTheMasksFrameAndVelocity() {
        var zoom = Self.presented()
        zoom.touchBegan(at: Point(x: 50, y: 400), time: 0)
        for step in 1...10 { zoom.touchMoved(to: Point(x: 50 + 12 * Double(step), y: 400 + 3 * Double(step)), time: Double(step) / 100) }
        let before = zoom.mask(at: 0.1)
        let velocity = zoom.maskVelocity(at: 0.1)
        // 1,200 pt/s to the right: the centre moves at 1,200, the width shrinks at 0.4 × 1200/390 × 390.
        #expect(Approximately.equal(velocity.size.width, -480, absolute: 1))
        zoom.touchEnded(at: Point(x: 170, y: 430), time: 0.1, source: Self.geometry.source)
        #expect(close(zoom.mask(at: 0.1), before))
        #expect(close(zoom.maskVelocity(at: 0.1), velocity, 1e-6))
        // And it finishes into the cell (it was moving towards dismissal).
        var events: [ZoomTransition.Event] = []
        for step in 1...400 { events += zoom.advance(to: 0.1 + Double(step) / 120) }
        #expect(events == [.finished(presented: false)])
        #expect(zoom.frame(at: zoom.time).mask == Self.geometry.source && !zoom.frame(at: zoom.time).sourceHidden)
    }

    @Test func aTouchMidFlightGrabsTheMaskWhereItIs() {
        var zoom = Self.presented()
        zoom.close(time: 0, source: Self.geometry.source)
        let flying = zoom.mask(at: 0.12)
        zoom.touchBegan(at: Point(x: 200, y: 500), time: 0.12)
        #expect(close(zoom.mask(at: 0.12), flying))
        zoom.touchMoved(to: Point(x: 200, y: 500), time: 0.13)
        #expect(close(zoom.mask(at: 0.13), flying))        // no jump at the grab
        zoom.touchMoved(to: Point(x: 180, y: 520), time: 0.2)
        #expect(Approximately.equal(zoom.mask(at: 0.2).midY, flying.midY + 20))
        // Let go moving back (leftwards, touch samples every 10 ms): cancel, back to the detail.
        for step in 1...4 { zoom.touchMoved(to: Point(x: 180 - 12 * Double(step), y: 520), time: 0.2 + 0.01 * Double(step)) }
        zoom.touchEnded(at: Point(x: 120, y: 520), time: 0.25, source: Self.geometry.source)
        var events: [ZoomTransition.Event] = []
        for step in 1...400 { events += zoom.advance(to: 0.25 + Double(step) / 120) }
        #expect(events == [.cancelled])
        #expect(zoom.frame(at: zoom.time).mask == Self.geometry.destination)
    }

    @Test(arguments: [
        (60.0, 600.0, true), (60, -600, false), (300, 0, true), (100, 0, false), (300, -900, false), (10, 2_000, true),
    ])
    func aReleaseFinishesOrCancelsByItsProgressAndDirection(translation: Double, speed: Double, finishes: Bool) {
        var zoom = Self.presented()
        zoom.touchBegan(at: Point(x: 0, y: 400), time: 0)
        // Samples ending at the translation, moving at `speed` for the last 50 ms.
        let start = translation - speed * 0.05
        zoom.touchMoved(to: Point(x: start, y: 400), time: 0.5)
        for step in 1...5 { zoom.touchMoved(to: Point(x: start + speed * 0.01 * Double(step), y: 400), time: 0.5 + 0.01 * Double(step)) }
        zoom.touchEnded(at: Point(x: translation, y: 400), time: 0.55, source: Self.geometry.source)
        var events: [ZoomTransition.Event] = []
        for step in 1...400 { events += zoom.advance(to: 0.55 + Double(step) / 120) }
        #expect(events == [finishes ? .finished(presented: false) : .cancelled], "translation \(translation), \(speed) pt/s")
    }

    @Test func aMovedSourceIsWhereItClosesAndAMissingOneFadesInPlace() {
        var zoom = Self.presented()
        let scrolled = Rect(x: 140, y: 120, width: 120, height: 120)
        zoom.close(time: 0, source: scrolled)
        for step in 1...400 { zoom.advance(to: Double(step) / 120) }
        #expect(zoom.frame(at: zoom.time).mask == scrolled)

        var gone = Self.presented()
        #expect(gone.close(time: 0, source: nil) == [.began])
        let half = gone.frame(at: 0.1)
        #expect(half.opacity > 0 && half.opacity < 1 && half.mask.width < 390 && Approximately.equal(half.mask.midX, 195))
        #expect(gone.advance(to: 0.25) == [.finished(presented: false)])
        #expect(gone.close(time: 1, source: Rect(x: 0, y: 0, width: 0, height: 0)).isEmpty)
    }

    @Test(arguments: [
        (Point(x: 0, y: 0), 1.0, Point(x: 30, y: 5), false, true), (Point(x: 0, y: 0), 1.0, Point(x: 5, y: 30), false, false),
        (Point(x: 40, y: 0), 1.0, Point(x: 30, y: 5), false, false), (Point(x: 0, y: 0), 2.0, Point(x: 30, y: 5), false, false),
        (Point(x: 0, y: 0), 1.0, Point(x: -30, y: 5), false, false), (Point(x: 0, y: 0), 1.0, Point(x: 5, y: 30), true, true),
        (Point(x: 0, y: 120), 1.0, Point(x: 5, y: 30), true, false), (Point(x: 0, y: 0), 1.0, Point(x: 30, y: 5), true, false),
    ])
    func thePanBeginsOnlyAtTheScrollViewsEdgeAndNotZoomedIn(offset: Point, zoom: Double, translation: Point, downward: Bool, begins: Bool) {
        let transition = ZoomTransition(geometry: Self.geometry, configuration: .init(downwardDismiss: downward), presented: true)
        #expect(transition.dismissMayBegin(scrollOffset: offset, zoomScale: zoom, translation: translation) == begins)
    }

    @Test func underReduceMotionItCrossFadesWithoutMoving() {
        var zoom = ZoomTransition(geometry: Self.geometry, configuration: .init(reduceMotion: true))
        zoom.open(time: 0)
        #expect(zoom.frame(at: 0.1).mask == Self.geometry.destination && zoom.frame(at: 0.1).opacity > 0)
        #expect(zoom.advance(to: 0.3) == [.finished(presented: true)])
    }

    @Test func zeroSizesAndNaNAreHandled() {
        var zoom = ZoomTransition(geometry: .init(container: Size(width: 0, height: .nan), source: Rect(x: .nan, y: 0, width: -5, height: 10),
                                                  destination: Rect(x: 0, y: 0, width: 0, height: 0), imageSize: Size(width: 0, height: 0)))
        zoom.open(time: .nan)
        zoom.touchBegan(at: Point(x: .nan, y: 1), time: 0.1)
        zoom.touchBegan(at: Point(x: 1, y: 1), time: 0.2)
        zoom.touchMoved(to: Point(x: .infinity, y: 1), time: 0.3)
        zoom.touchMoved(to: Point(x: 500, y: 1e300), time: 0.4)
        zoom.touchEnded(at: Point(x: 600, y: 1), time: 0.5, source: Rect(x: 0, y: 0, width: .nan, height: 3))
        for time in [0.5, 0.6, 1, 5, .nan] {
            zoom.advance(to: time)
            let frame = zoom.frame(at: time)
            for value in [frame.mask.minX, frame.mask.width, frame.cornerRadius, frame.imageFrame.minX, frame.dimming, frame.opacity] {
                #expect(value.isFinite, "at \(time): \(frame)")
            }
        }
    }
}
