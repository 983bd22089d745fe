import StoryKit
import StoryKitTestSupport
import Testing

/// The cube's interaction sub-model on its own: a touch's direction lock and where a finger
/// puts the cube on the drag track (one page per page width, stops at start page ± 1, rubber
/// band past the ends).
@Suite struct CubeDragTests {
    typealias Touch = CubePager.Touch
    typealias Track = CubePager.DragTrack
    /// Three pages of 400 pt, UIScrollView's rubber band.
    static let track = Track(pageWidth: 400, lastIndex: 2, rubberBandConstant: 0.55)

    // MARK: - Direction lock

    @Test func nothingIsDecidedWithinTheSlop() {
        var touch = Touch(at: Point(x: 300, y: 400), cubeAt: 0, on: Self.track)
        #expect(touch.move(to: Point(x: 294, y: 405), slop: 10) == .undecided)
        #expect(touch.latest == Point(x: 294, y: 405) && touch.anchorX == 300)
    }

    @Test func aMostlyVerticalTravelIsNotTheCubes() {
        var touch = Touch(at: Point(x: 300, y: 400), cubeAt: 1, on: Self.track)
        #expect(touch.move(to: Point(x: 290, y: 430), slop: 10) == .vertical)
    }

    @Test func aHorizontalDragCountsFromWhereTheFingerCrossedTheSlopCircle() {
        // Given a touch at x = 300, when the finger moves 190 pt left, then the drag is anchored
        // 10 pt left of the touch-down, and the cube has turned 180 pt of a 400 pt page.
        var touch = Touch(at: Point(x: 300, y: 400), cubeAt: 0, on: Self.track)
        #expect(touch.move(to: Point(x: 110, y: 400), slop: 10) == .horizontal)
        #expect(touch.anchorX == 290)
        let cube = touch.cube(on: Self.track)
        #expect(Approximately.equal(cube.position, 0.45) && cube.slope == 1)
    }

    @Test func aDiagonalDragIsAnchoredOnTheStraightLineFromTheTouchDown() {
        var touch = Touch(at: Point(x: 300, y: 400), cubeAt: 0, on: Self.track)
        #expect(touch.move(to: Point(x: 240, y: 360), slop: 10) == .horizontal)
        let distance = (60.0 * 60 + 40 * 40).squareRoot()
        #expect(Approximately.equal(touch.anchorX, 300 - 60 * 10 / distance))
    }

    @Test func withoutASlopTheFirstMoveLocksAndCountsFromTheTouchDown() {
        var touch = Touch(at: Point(x: 300, y: 400), cubeAt: 0, on: Self.track)
        #expect(touch.move(to: Point(x: 300, y: 400), slop: 0) == .horizontal)
        #expect(touch.anchorX == 300)
    }

    // MARK: - Where the finger puts the cube

    @Test func aTouchStartsOnThePageNearestTheCube() {
        #expect(Touch(at: Point(x: 0, y: 0), cubeAt: 1.6, on: Self.track).startPage == 2)
        #expect(Touch(at: Point(x: 0, y: 0), cubeAt: 1.4, on: Self.track).startPage == 1)
        #expect(Touch(at: Point(x: 0, y: 0), cubeAt: -0.3, on: Self.track).startPage == 0)
        #expect(Touch(at: Point(x: 0, y: 0), cubeAt: 2.4, on: Self.track).startPage == 2)
    }

    @Test func aDragStopsOnePageFromWhereItStarted() {
        // Dragging two pages' width from page 0 turns the cube one page, and no further.
        var touch = Touch(at: Point(x: 300, y: 400), cubeAt: 0, on: Self.track)
        #expect(touch.move(to: Point(x: 290, y: 400), slop: 10) == .horizontal)
        touch.latest = Point(x: 290 - 800, y: 400)
        let cube = touch.cube(on: Self.track)
        #expect(cube.position == 1 && cube.slope == 0)
    }

    @Test func aDragThatGrabsTheCubeMidTurnCarriesOnFromThere() {
        // The cube at 1.7 when the finger comes down: 100 pt more to the left is 1.95.
        var touch = Touch(at: Point(x: 300, y: 400), cubeAt: 1.7, on: Self.track)
        #expect(touch.move(to: Point(x: 200, y: 400), slop: 0) == .horizontal)
        #expect(Approximately.equal(touch.cube(on: Self.track).position, 1.95))
        #expect(touch.startPage == 2)
    }

    @Test func aTurnUnderTheFingerRestartsTheDragFromTheCube() {
        var touch = Touch(at: Point(x: 300, y: 400), cubeAt: 0, on: Self.track)
        touch.restart(cubeAt: 1.3, on: Self.track)
        #expect(touch.startPage == 1 && touch.startRawPosition == 1.3)
    }

    @Test(arguments: [(2.6, 1, 2), (0.4, 1, 0), (1.5, 1, 2), (3.4, 2, 2), (-0.6, 0, 0)])
    func aCancelledTouchLeavesTheCubeOnTheNearestPageWithinOne(position: Double, startPage: Int, page: Int) {
        var touch = Touch(at: Point(x: 0, y: 0), cubeAt: Double(startPage), on: Self.track)
        touch.restart(cubeAt: Double(startPage), on: Self.track)
        #expect(touch.nearestPage(toCubeAt: position, currentIndex: startPage, lastIndex: 2) == page)
    }

    @Test func aCubeWithoutAFinitePositionStaysOnItsPage() {
        let touch = Touch(at: Point(x: 0, y: 0), cubeAt: 1, on: Self.track)
        #expect(touch.nearestPage(toCubeAt: .nan, currentIndex: 1, lastIndex: 2) == 1)
    }

    // MARK: - Track

    @Test func betweenTheStopsTheCubeFollowsTheFingerOneToOne() {
        #expect(Self.track.visiblePosition(raw: 1.4, startPage: 1) == 1.4)
        #expect(Self.track.slope(raw: 1.4, startPage: 1) == 1)
        #expect(Self.track.visiblePosition(raw: 2.6, startPage: 1) == 2)
        #expect(Self.track.slope(raw: 2.6, startPage: 1) == 0)
        #expect(Self.track.visiblePosition(raw: -0.2, startPage: 1) == 0)
    }

    @Test func pastTheEndsTheCubeRubberBandsLessThanAPage() {
        // After the last page (2) and before the first, the cube moves less than the finger,
        // more slowly the further it goes, and never a whole page out.
        var previous = 2.0
        for raw in stride(from: 2.05, through: 6, by: 0.05) {
            let visible = Self.track.visiblePosition(raw: raw, startPage: 2)
            #expect(visible > previous && visible < raw && visible < 3)
            let slope = Self.track.slope(raw: raw, startPage: 2)
            #expect(slope > 0 && slope < 1)
            previous = visible
        }
        let before = Self.track.visiblePosition(raw: -0.5, startPage: 0)
        #expect(before < 0 && before > -0.5)
    }

    @Test(arguments: [2.1, 2.5, 4.0, -0.1, -0.5, -3.0, 1.2])
    func theRubberBandIsUndoneWhereATouchGrabsTheCube(raw: Double) {
        // A touch that grabs a rubber-banded cube starts from the raw position that shows it,
        // so the cube does not jump under the finger.
        let startPage = raw > 1 ? 2 : 0
        let visible = Self.track.visiblePosition(raw: raw, startPage: startPage)
        #expect(Approximately.equal(Self.track.rawPosition(forVisible: visible), raw, absolute: 1e-9))
    }

    @Test func theFreeRangeIsOnePageEitherWayAndOpenTowardAMissingPage() {
        #expect(Self.track.freeRange(startPage: 1) == 0...2)
        #expect(Self.track.freeRange(startPage: 0).lowerBound == -.infinity)
        #expect(Self.track.freeRange(startPage: 2).upperBound == .infinity)
    }
}
