import Foundation
import StoryKit
import StoryKitStorm
import Testing

/// The reproducers an outside storm found (issue 9), each a regression test, and the cube's storm
/// in `swift test` (the full million sequences run from a release build: `storykit-storm`).
@Suite struct CubePagerHardeningTests {
    static let phone = Size(width: 390, height: 844)

    @Test func aSecondTouchDownDuringADragDoesNotLeaveTheCubeDragging() {
        var pager = CubePager(pageCount: 3, pageSize: Self.phone)
        pager.touchBegan(at: Point(x: 200, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 180, y: 400), time: 0.016)
        pager.touchBegan(at: Point(x: 180, y: 400), time: 0.03)   // a second finger
        pager.touchEnded(at: Point(x: 180, y: 400), time: 0.04)
        pager.advance(to: 5)
        #expect(pager.phase == .idle)
        #expect(pager.position == 0 && pager.currentIndex == 0)
        #expect(!pager.isTouchDown)
    }

    @Test func aCancelAfterASecondTouchDownAlsoEndsTheDrag() {
        var pager = CubePager(pageCount: 3, pageSize: Self.phone)
        pager.touchBegan(at: Point(x: 200, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 100, y: 400), time: 0.016)
        pager.touchBegan(at: Point(x: 100, y: 400), time: 0.03)
        pager.touchCancelled(time: 0.04)
        pager.advance(to: 5)
        #expect(pager.phase == .idle && pager.currentIndex == 0)
    }

    @Test func aVerticalGestureThatGrabsAnEndingTurnStillAnswersItsAnnouncement() {
        var pager = CubePager(pageCount: 3, pageSize: Self.phone)
        #expect(pager.turn(to: 1, time: 0) == [.willChangePage(from: 0, to: 1)])
        let end = pager.settleEndTime ?? 0
        pager.touchBegan(at: Point(x: 200, y: 400), time: end - 0.0001)
        let events = pager.touchMoved(to: Point(x: 202, y: 460), time: end + 0.01)   // the user starts a swipe-down
        let more = pager.advance(to: end + 1)
        #expect(events + more == [.didChangePage(1)])
        #expect(pager.currentIndex == 1 && pager.phase == .idle)
    }

    @Test func cancellingAVerticalSwipeAfterItsResumedTurnEndedLeavesTheCubeOnItsPage() {
        // Given a turn from page 2 to 5 grabbed on the way, when the finger locks vertical (the turn
        // goes on), the turn ends, and the system then cancels the touch, then nothing turns back.
        var pager = CubePager(pageCount: 6, pageSize: Self.phone, currentIndex: 2)
        #expect(pager.turn(to: 5, time: 0) == [.willChangePage(from: 2, to: 5)])
        pager.touchBegan(at: Point(x: 200, y: 400), time: 0.05)           // held part of the way
        #expect(pager.phase == .dragging && pager.position < 4)
        pager.touchMoved(to: Point(x: 200, y: 300), time: 0.06)           // vertical: the turn resumes
        #expect(pager.isVerticalGesture && pager.phase == .settling)
        #expect(pager.advance(to: 5) == [.didChangePage(5)])
        #expect(pager.touchCancelled(time: 5.1) == [])
        #expect(pager.advance(to: 10) == [])
        #expect(pager.currentIndex == 5 && pager.position == 5 && pager.phase == .idle)
    }

    @Test func aVerticalGestureIsVerticalOnlyWhileItsFingerIsDown() {
        var pager = CubePager(pageCount: 3, pageSize: Self.phone)
        pager.touchBegan(at: Point(x: 200, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 200, y: 460), time: 0.02)
        #expect(pager.isVerticalGesture)
        pager.touchEnded(at: Point(x: 200, y: 500), time: 0.04)
        #expect(!pager.isVerticalGesture && !pager.isTouchDown && pager.phase == .idle)
    }

    @Test func pageCountsAndTargetsNearIntMaxDoNotTrap() {
        var pager = CubePager(pageCount: 5, pageSize: Self.phone)
        pager.setPageCount(4_611_686_018_427_387_903)
        #expect(pager.pageCount == CubePager.maximumPageCount)
        pager.turn(to: Int.max, time: -6.6, animated: false)
        #expect(pager.currentIndex == CubePager.maximumPageCount - 1)
        let faces = [pager.layout.leading, pager.layout.trailing].compactMap { $0 }
        #expect(!faces.isEmpty && faces.allSatisfy { $0.index < pager.pageCount && $0.transform.isFinite })
        pager.turn(to: Int.min, time: -7, animated: true)
        pager.advance(to: 100)
        #expect(pager.currentIndex == 0 && pager.position == 0)
        #expect(CubePager(pageCount: Int.max, pageSize: Self.phone, currentIndex: Int.max).currentIndex
            == CubePager.maximumPageCount - 1)
    }

    @Test func aZeroPageSizeMidGestureKeepsThePositionFinite() {
        var pager = CubePager(pageCount: 1, pageSize: Self.phone)
        pager.touchBegan(at: Point(x: 300, y: 400), time: 0)
        pager.touchMoved(to: Point(x: 200, y: 400), time: 0.05)   // past the end: rubber band
        pager.touchEnded(at: Point(x: 150, y: 400), time: 0.1)
        pager.advance(to: 0.15)
        pager.touchBegan(at: Point(x: 150, y: 400), time: 0.16)   // grab mid-settle
        pager.pageSize = .zero                                     // a layout pass before the real size
        pager.touchMoved(to: Point(x: 100, y: 400), time: 0.2)
        #expect(pager.position.isFinite && pager.velocity.isFinite)
        pager.touchEnded(at: Point(x: 90, y: 400), time: 0.25)
        pager.advance(to: 10)
        #expect(pager.position.isFinite && pager.phase == .idle)
    }

    @Test func aTinyPerspectiveDistanceStaysFiniteOnEveryPath() throws {
        var configuration = CubePager.Configuration(perspectiveDistance: .leastNonzeroMagnitude)
        #expect(configuration.perspectiveDistance == 1)
        configuration.perspectiveDistance = -3   // setters sanitise too
        #expect(configuration.perspectiveDistance == 1_000)
        configuration.snapThreshold = .nan
        #expect(configuration.snapThreshold == 0.5)
        let decoded = try JSONDecoder().decode(
            CubePager.Configuration.self, from: Data(#"{"perspectiveDistance": 1e-300, "shadingStrength": 7}"#.utf8))
        #expect(decoded.perspectiveDistance == 1 && decoded.shadingStrength == 1)
        let pager = CubePager(pageCount: 2, pageSize: Self.phone, configuration: CubePager.Configuration(perspectiveDistance: .leastNonzeroMagnitude))
        #expect(pager.layout.sublayerTransform.isFinite)
    }

    @Test func aFlingOutwardAtTheLastPageComesBackWithinOnePage() {
        // Down at the right, up far to the left in 40 ms: the release is the locking move, so the
        // cube is released rubber-banded past the last page, moving outward at about 80 pages/s.
        var pager = CubePager(pageCount: 6, pageSize: Size(width: 171, height: 800), currentIndex: 5)
        pager.touchBegan(at: Point(x: 524, y: 0), time: 0.115)
        pager.touchEnded(at: Point(x: 0, y: 0), time: 0.154)
        var time = 0.154
        while time < 3 {
            time += 1.0 / 60
            pager.advance(to: time)
            #expect(pager.position >= 5 && pager.position <= 6)
        }
        #expect(pager.phase == .idle && pager.position == 5)
    }

    /// Feeds `inputs` to `pager`, checking every invariant after each (as the storm does).
    static func play(_ pager: inout CubePager, _ inputs: [(inout CubePager) -> [CubePager.Event]]) -> [String] {
        var checker = CubeEventChecker()
        return inputs.compactMap { input in
            let events = input(&pager)
            return checker.check(pager, events: events)
        }
    }

    @Test func eventsStayBalancedOnAPageWiderThanAnyScreen() {
        var pager = CubePager(pageCount: 15, pageSize: Size(width: 1e300, height: 800), currentIndex: 14)
        let problems = Self.play(&pager, [
            { $0.turn(to: 2, time: 0, animated: true) },
            { $0.touchBegan(at: Point(x: 5e299, y: 400), time: 0.1) },
            { $0.touchMoved(to: Point(x: 1e299, y: 400), time: 0.15) },
            { $0.touchEnded(at: Point(x: -4e299, y: 400), time: 0.2) },
            { $0.advance(to: 20) },
        ])
        #expect(problems == [])
        #expect(pager.phase == .idle)
    }

    @Test func turnsToIntMaxAndIntMinWithTimesGoingBackwardsStayBalanced() {
        var pager = CubePager(pageCount: 5, pageSize: Self.phone)
        let problems = Self.play(&pager, [
            { $0.turn(to: Int.max, time: 3, animated: true) },
            { $0.advance(to: 3.1) },
            { $0.turn(to: Int.min, time: 1, animated: true) },
            { $0.turn(to: Int.max, time: -5, animated: false) },
            { $0.advance(to: 2) },
            { $0.turn(to: Int.min, time: .nan, animated: true) },
            { $0.advance(to: 100) },
        ])
        #expect(problems == [])
        #expect(pager.phase == .idle && pager.currentIndex == 4)
    }

    @Test func aThousandPagesFromAnEmptyPagerWithTouchesGoingBackInTime() {
        var pager = CubePager(pageCount: 0, pageSize: Self.phone)
        let problems = Self.play(&pager, [
            { $0.setPageCount(1_000) },
            { $0.touchBegan(at: Point(x: 300, y: 400), time: 5) },
            { $0.touchMoved(to: Point(x: 250, y: 400), time: 4.9) },
            { $0.touchMoved(to: Point(x: 100, y: 400), time: 4.8) },
            { $0.touchEnded(at: Point(x: 50, y: 400), time: 4.7) },
            { $0.advance(to: 4.6) },
            { $0.advance(to: 60) },
        ])
        #expect(problems == [])
        #expect(pager.phase == .idle)
    }
}
