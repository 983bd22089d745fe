import MotionCore
@testable import StoryKit
import Testing

/// A finger beside the card on an iPad: past the slop sideways it drags the row as a finger on
/// the card does, its velocity carried into the release; a tap still goes to the neighbour.
@Suite struct StoriesViewerCardDragTests {
    /// Ava, Ben and Cleo on an iPad in landscape (a 549 × 976 card), at `user`.
    private func cardViewer(user: Int = 1) -> StoriesViewer {
        var viewer = ViewerFixtures.viewer(user: user)
        viewer.layOut(screen: Size(width: 1366, height: 1024), horizontalSizeClass: .regular)
        viewer.displayEverythingListed(time: 0)
        return viewer
    }

    /// A finger from `start` moving `dx` points sideways in `steps` moves of `interval` seconds,
    /// from `time`; the cube's position after each move.
    private func drag(_ viewer: inout StoriesViewer, from start: Point, dx: Double, steps: Int, interval: Double,
                      time: Double) -> [Double] {
        viewer.touchBegan(at: start, time: time)
        return (1...steps).map { step in
            let t = time + Double(step) * interval
            viewer.touchMoved(to: Point(x: start.x + dx * Double(step) / Double(steps), y: start.y), time: t)
            return viewer.cube.position
        }
    }

    @Test func aDragBesideTheCardMovesTheRowExactlyAsADragOnTheCard() {
        var beside = cardViewer(), on = cardViewer()
        let besidePositions = drag(&beside, from: Point(x: 549 + 120, y: 500), dx: -240, steps: 12, interval: 0.025, time: 1)
        let onPositions = drag(&on, from: Point(x: 400, y: 500), dx: -240, steps: 12, interval: 0.025, time: 1)
        #expect(beside.cube.phase == .dragging && !beside.pauseReasons.contains(.held))
        #expect(besidePositions == onPositions)
        // 240 points leftward less the 10-point slop, on a 549-point card: the row is 42 % of the way to Cleo.
        #expect(Swift.abs((besidePositions.last ?? 0) - (1 + 230.0 / 549)) < 1e-9)
        // The row slid: Cleo's card is on its way to the centre.
        let layout = beside.cardLayout
        let cleo = StoriesCardPlan(beside, layout: layout ?? StoriesViewer.CardLayout(screen: .zero)).cards.first { $0.user == 2 }
        #expect((cleo?.center.x ?? 0) < 683 + 435.75)
    }

    @Test func aFlickBesideTheCardCarriesItsVelocityToTheNextUser() {
        var viewer = cardViewer()
        _ = drag(&viewer, from: Point(x: 549 + 120, y: 500), dx: -100, steps: 4, interval: 0.0125, time: 1)
        viewer.touchEnded(at: Point(x: 549 + 20, y: 500), time: 1.06)
        #expect(viewer.cube.targetIndex == 2, "a 100-point flick in 50 ms turns to Cleo")
        viewer.run(to: 3, from: 1.06)
        #expect(viewer.userIndex == 2 && viewer.cube.phase == .idle)
    }

    @Test func aSlowDragBesideTheCardOfTheSameDistanceGoesBack() {
        var viewer = cardViewer()
        _ = drag(&viewer, from: Point(x: 549 + 120, y: 500), dx: -100, steps: 20, interval: 0.05, time: 1)
        viewer.touchMoved(to: Point(x: 549 + 20, y: 500), time: 2.3)      // resting a moment
        viewer.touchEnded(at: Point(x: 549 + 20, y: 500), time: 2.4)
        #expect(viewer.cube.targetIndex == 1)
        viewer.run(to: 4, from: 2.4)
        #expect(viewer.userIndex == 1 && viewer.cube.position == 1)
    }

    @Test func aTapBesideTheCardDuringATurnGoesOnFromWhereTheTurnWasHeading() {
        var viewer = cardViewer(user: 0)
        viewer.showUser(1, time: 1)
        viewer.run(to: 1.1, from: 1)
        #expect(viewer.cube.phase == .settling && viewer.cube.targetIndex == 1)
        let right = Point(x: 549 + 200, y: 500)
        viewer.touchBegan(at: right, time: 1.1)
        viewer.touchEnded(at: right, time: 1.15)
        #expect(viewer.cube.targetIndex == 2, "the tap goes on to the user after the one the row was heading for")
        viewer.run(to: 3, from: 1.15)
        #expect(viewer.userIndex == 2)
    }

    @Test func anUpOrDownDragBesideTheCardNeitherDismissesNorRepliesNorTurns() {
        var viewer = cardViewer()
        let start = Point(x: -150, y: 300)
        viewer.touchBegan(at: start, time: 1)
        for step in 1...10 { viewer.touchMoved(to: Point(x: start.x, y: start.y + Double(step) * 30), time: 1 + Double(step) * 0.02) }
        #expect(!viewer.isDismissing && viewer.cube.phase == .idle && viewer.cube.position == 1)
        let events = viewer.touchEnded(at: Point(x: start.x, y: 600), time: 1.25)
        #expect(events.isEmpty && viewer.cube.targetIndex == 1 && viewer.userIndex == 1)
    }

    @Test func aCancelledDragBesideTheCardGoesBackToTheNearestUser() {
        var viewer = cardViewer()
        _ = drag(&viewer, from: Point(x: 549 + 120, y: 500), dx: -150, steps: 6, interval: 0.05, time: 1)
        #expect(viewer.cube.phase == .dragging)
        viewer.touchCancelled(time: 1.35)
        #expect(viewer.cube.phase == .settling && viewer.cube.targetIndex == 1)
        viewer.run(to: 3, from: 1.35)
        #expect(viewer.userIndex == 1)
    }

    @Test func aSecondFingerReplacesTheFingerBesideTheCard() {
        var viewer = cardViewer()
        _ = drag(&viewer, from: Point(x: 549 + 120, y: 500), dx: -150, steps: 6, interval: 0.05, time: 1)
        viewer.touchBegan(at: Point(x: 300, y: 500), time: 1.35)     // on the card: the drag is cancelled first
        #expect(!viewer.hasBesideTouch && viewer.cube.targetIndex == 1)
        viewer.touchEnded(at: Point(x: 300, y: 500), time: 1.4)
        viewer.run(to: 3, from: 1.4)
        #expect(viewer.userIndex == 1 && viewer.cube.phase == .idle && viewer.cube.position == 1)
    }
}
