import StoryKit
import StoryKitTestSupport
import Testing

@Suite struct CubePagerGestureTests {
    static let width = 400.0
    static let size = Size(width: width, height: 800)

    /// Locks a horizontal drag (begin at x = 300, move the 10 pt slop to 290), then moves the finger at a
    /// constant `velocity` (pages/s) in five 8 ms steps ending at cube position `start + offset`, and
    /// releases at the last sample. Returns the release time.
    static func flick(_ pager: inout CubePager, offset: Double, velocity: Double, at t0: Double = 0) -> (time: Double, events: [CubePager.Event]) {
        pager.touchBegan(at: Point(x: 300, y: 400), time: t0 - 0.3)
        pager.touchMoved(to: Point(x: 290, y: 400), time: t0 - 0.2)  // long before: outside the velocity window
        let endX = 290 - offset * width, step = 0.008
        var t = t0
        for k in stride(from: 4, through: 0, by: -1) {
            t = t0 + Double(4 - k) * step
            pager.touchMoved(to: Point(x: endX + velocity * width * Double(k) * step, y: 400), time: t)
        }
        return (t, pager.touchEnded(at: Point(x: endX, y: 400), time: t))
    }

    @Test(arguments: [
        (0.3, 0.0, 1), (0.6, 0.0, 2), (0.2, 1.0, 2), (0.6, -0.5, 1), (-0.3, 0.0, 1),
        (-0.1, -1.0, 0), (0.1, 5.0, 2), (-0.6, 0.0, 0), (0.45, 0.2, 2), (0.45, 0.05, 1),
    ])
    func releaseGoesToTheNeighbourWhenTheProjectionPassesHalfWay(offset: Double, velocity: Double, target: Int) {
        // Given a pager on page 1 of 3, when a drag to 1 + offset is released at `velocity`
        // (projection: position + v · 0.499 s), then it settles on the expected page.
        var pager = CubePager(pageCount: 3, pageSize: Self.size, currentIndex: 1)
        let (time, events) = Self.flick(&pager, offset: offset, velocity: velocity)
        #expect(pager.targetIndex == target)
        #expect(events == (target == 1 ? [] : [.willChangePage(from: 1, to: target)]))
        #expect(pager.advance(to: time + 5) == (target == 1 ? [] : [.didChangePage(target)]))
        #expect(pager.position == Double(target) && pager.currentIndex == target && pager.phase == .idle)
    }

    @Test func aFastShortSwipeTurnsThePage() {
        // The reported case: 156 pt in 80 ms (about 2,000 pt/s) on a 270×480 page. The move that
        // locks the drag counts (from where it crossed the 10 pt slop), so the cube is past half
        // way at the release however little velocity the two-move gesture gives the tracker.
        var pager = CubePager(pageCount: 3, pageSize: Size(width: 270, height: 480))
        pager.touchBegan(at: Point(x: 216, y: 240), time: 0)
        pager.touchMoved(to: Point(x: 100, y: 240), time: 0.04)
        #expect(pager.touchEnded(at: Point(x: 60, y: 240), time: 0.08) == [.willChangePage(from: 0, to: 1)])
        #expect(pager.targetIndex == 1)
        #expect(pager.advance(to: 5) == [.didChangePage(1)])
        #expect(pager.currentIndex == 1 && pager.position == 1)
    }

    @Test func rightAfterTheLockingMoveTheCubeTrailsTheFingerByTheSlop() {
        // Given the reported swipe, when the first move (116 pt) locks it, then the cube has
        // turned by the drag less the 10 pt slop: (116 − 10) / 270 of a page.
        var pager = CubePager(pageCount: 3, pageSize: Size(width: 270, height: 480))
        pager.touchBegan(at: Point(x: 216, y: 240), time: 0)
        pager.touchMoved(to: Point(x: 100, y: 240), time: 0.04)
        #expect(pager.phase == .dragging)
        #expect(Approximately.equal(pager.position, (116.0 - 10) / 270, absolute: 1e-12))
    }

    /// Locking moves (dx, dy) from a touch-down on page 1 of 270 pt pages, and where the cube
    /// then is: the drag counts from the point where the finger crossed the 10 pt slop circle,
    /// i.e. the horizontal part of the move beyond it, leftward toward page 2.
    static let lockingMoves: [(dx: Double, dy: Double, position: Double)] = [
        (-116, 0, 1 + 106.0 / 270),          // 116 pt left, 106 beyond the slop
        (40, 0, 1 - 30.0 / 270),             // 40 pt right, 30 beyond it, toward page 0
        (-10, 0, 1),                         // exactly the slop: locked, not turned
        (-30, 20, 1.0802944335430429),       // 36.06 pt at 33.7° down: 30 · (1 − 10/36.06) = 21.68 pt left
        (24, -7, 1 - 14.4 / 270),            // 25 pt: 24 · 15/25 = 14.4 pt right
        (-1e6, 3, 2),                        // a gesture turns at most one page
    ]

    @Test(arguments: lockingMoves.indices)
    func theDragCountsFromWhereTheFingerCrossedTheSlopCircle(_ index: Int) {
        let move = Self.lockingMoves[index]
        var pager = CubePager(pageCount: 3, pageSize: Size(width: 270, height: 480), currentIndex: 1)
        pager.touchBegan(at: Point(x: 216, y: 240), time: 0)
        pager.touchMoved(to: Point(x: 216 + move.dx, y: 240 + move.dy), time: 0.04)
        #expect(pager.phase == .dragging)
        #expect(Approximately.equal(pager.position, move.position, absolute: 1e-12))
    }

    @Test func positionAndVelocityAreContinuousAtRelease() {
        // Given a drag to 0.3 moving at 2 pages/s, when released, then the settle starts there.
        var pager = CubePager(pageCount: 3, pageSize: Self.size)
        let (time, _) = Self.flick(&pager, offset: 0.3, velocity: 2)
        #expect(Approximately.equal(pager.position, 0.3, absolute: 1e-9))
        #expect(Approximately.equal(pager.velocity, 2, absolute: 1e-6))
        #expect(pager.phase == .settling)
        _ = pager.advance(to: time + 0.001)
        #expect(Approximately.equal(pager.position, 0.302, absolute: 1e-4))
        #expect(Approximately.equal(pager.velocity, 2, absolute: 0.2))
    }

    @Test func aTouchWhileSettlingHoldsTheCubeWhereTheSpringIs() {
        // Given a settle from 0.3 at 2 pages/s toward page 1, when a finger lands 0.1 s later,
        // then the cube holds the spring's value then and the next drag continues from it.
        var pager = CubePager(pageCount: 3, pageSize: Self.size)
        let (time, _) = Self.flick(&pager, offset: 0.3, velocity: 2)
        let spring = SpringMotion(spring: CubePager.Configuration.defaultSpring, from: 0.3, to: 1.0, initialVelocity: 2.0)
        _ = pager.advance(to: time + 0.05)
        pager.touchBegan(at: Point(x: 200, y: 400), time: time + 0.1)
        let held = spring.value(at: 0.1)
        #expect(Approximately.equal(pager.position, held, absolute: 1e-9))
        #expect(pager.phase == .dragging && pager.velocity == 0)
        pager.touchMoved(to: Point(x: 190, y: 400), time: time + 0.11)  // locks at the slop: nothing moves yet
        #expect(Approximately.equal(pager.position, held, absolute: 1e-9))
        pager.touchMoved(to: Point(x: 170, y: 400), time: time + 0.12)  // 20 pt = 0.05 page further
        #expect(Approximately.equal(pager.position, held + 0.05, absolute: 1e-9))
    }

    @Test func aTapOnASettlingCubeLetsItFinish() {
        var pager = CubePager(pageCount: 3, pageSize: Self.size)
        let (time, _) = Self.flick(&pager, offset: 0.6, velocity: 0)
        pager.touchBegan(at: Point(x: 200, y: 400), time: time + 0.05)
        #expect(pager.touchEnded(at: Point(x: 200, y: 400), time: time + 0.1).isEmpty)
        #expect(pager.phase == .settling && pager.targetIndex == 1)
        #expect(pager.advance(to: time + 5) == [.didChangePage(1)])
    }

    @Test func draggingBeforeTheFirstPageRubberBandsMonotonicallyWithinOnePage() {
        // Given page 0, when the finger drags right further and further, then the cube turns back
        // less and less, never a full page; 100 pt on a 400 pt page shows 0.55·100/(1 + 0.55·100/400) pt.
        var pager = CubePager(pageCount: 3, pageSize: Self.size)
        pager.touchBegan(at: Point(x: 100, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 110, y: 400), time: 0.01)   // locks at the 10 pt slop
        var previous = pager.position
        for step in 1...200 {
            pager.touchMoved(to: Point(x: 110 + Double(step) * 10, y: 400), time: 0.01 + Double(step) * 0.008)
            #expect(pager.position < previous && pager.position > -1)
            previous = pager.position
            let shown: Double = -(55 / (1 + 55.0 / 400)) / 400
            if step == 10 { #expect(Approximately.equal(pager.position, shown, absolute: 1e-12)) }
        }
        let events = pager.touchEnded(at: Point(x: 2110, y: 400), time: 0.5)  // rested: no velocity
        #expect(events.isEmpty)
        #expect(pager.advance(to: 5) == [] && pager.position == 0)
    }

    @Test func draggingPastTheLastPageRubberBandsAndReportsPastEnd() {
        var pager = CubePager(pageCount: 3, pageSize: Self.size, currentIndex: 2)
        pager.touchBegan(at: Point(x: 300, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 290, y: 400), time: 0.01)   // locks at the 10 pt slop
        var previous = pager.position
        for step in 1...60 {
            pager.touchMoved(to: Point(x: 290 - Double(step) * 5, y: 400), time: 0.01 + Double(step) * 0.008)
            #expect(pager.position > previous && pager.position < 3)
            previous = pager.position
        }
        // 300 pt past the end shows 165/(1 + 165/400) = 116.8 pt = 0.29 page > 0.15: past the end.
        let shown: Double = 2 + 165 / (1 + 165.0 / 400) / 400
        #expect(Approximately.equal(pager.position, shown, absolute: 1e-12))
        #expect(pager.touchEnded(at: Point(x: -10, y: 400), time: 1) == [.pastEnd])
        #expect(pager.targetIndex == 2)
        #expect(pager.advance(to: 5) == [] && pager.position == 2 && pager.currentIndex == 2)
    }

    @Test func aShortSlowPullPastTheEndIsNotPastEndButAForwardFlickIs() {
        var slow = CubePager(pageCount: 3, pageSize: Self.size, currentIndex: 2)
        let released = Self.flick(&slow, offset: 0.05, velocity: 0)  // shows 0.05·0.55… < 0.15
        #expect(released.events.isEmpty)
        var fast = CubePager(pageCount: 3, pageSize: Self.size, currentIndex: 2)
        #expect(Self.flick(&fast, offset: 0.05, velocity: 4).events == [.pastEnd])
    }

    @Test func fastRepeatedSwipesMoveAtMostOnePageEachAndShowOnlyRealPages() {
        // Given 20 pages, when 10 leftward flicks come 80 ms apart (each interrupting the settle),
        // then every gesture ends at most one page past where it grabbed the cube, and every frame
        // shows only faces 0…19.
        var pager = CubePager(pageCount: 20, pageSize: Self.size)
        var t = 0.0
        for _ in 0..<10 {
            pager.touchBegan(at: Point(x: 300, y: 400), time: t)
            let startPage = Int(pager.position.rounded())
            for k in 1...4 {
                pager.touchMoved(to: Point(x: 300 - Double(k) * 60, y: 400), time: t + Double(k) * 0.008)
                #expect(pager.position <= Double(startPage) + 1)
            }
            _ = pager.touchEnded(at: Point(x: 60, y: 400), time: t + 0.032)
            #expect(pager.targetIndex <= startPage + 1)
            for frame in 1...6 {
                _ = pager.advance(to: t + 0.032 + Double(frame) * 0.008)
                #expect(pager.position <= Double(startPage) + 1)
                let names = pager.scene { _ in nil }.layers[0].sublayers.compactMap(\.name)
                let allowed = Set((0..<20).map { "page \($0)" })
                #expect(names.allSatisfy { allowed.contains($0) })
            }
            t += 0.08
        }
        _ = pager.advance(to: t + 5)
        #expect(pager.currentIndex <= 10 && pager.currentIndex >= 1)
    }

    @Test func aMostlyVerticalDragDoesNotTurnTheCube() {
        var pager = CubePager(pageCount: 3, pageSize: Self.size, currentIndex: 1)
        pager.touchBegan(at: Point(x: 200, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 203, y: 405), time: 0.008)  // within the slop: undecided
        #expect(!pager.isVerticalGesture && pager.position == 1)
        pager.touchMoved(to: Point(x: 190, y: 430), time: 0.016)
        #expect(pager.isVerticalGesture)
        pager.touchMoved(to: Point(x: 0, y: 440), time: 0.024)  // later horizontal moves are ignored
        #expect(pager.position == 1 && pager.phase == .idle)
        #expect(pager.touchEnded(at: Point(x: 0, y: 440), time: 0.03).isEmpty)
        #expect(pager.position == 1 && pager.phase == .idle)
    }

    @Test func noMovementWithinTheSlop() {
        var pager = CubePager(pageCount: 3, pageSize: Self.size)
        pager.touchBegan(at: Point(x: 200, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 191, y: 400), time: 0.008)
        #expect(pager.position == 0 && pager.phase == .idle)
        pager.touchMoved(to: Point(x: 189, y: 400), time: 0.016)  // locks here: no jump, the 1 pt past the slop
        #expect(Approximately.equal(pager.position, 1.0 / 400, absolute: 1e-12) && pager.phase == .dragging)
        pager.touchMoved(to: Point(x: 150, y: 400), time: 0.024)
        #expect(Approximately.equal(pager.position, 0.1, absolute: 1e-12))  // the finger's 50 pt less the slop
    }
}
