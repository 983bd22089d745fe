import StoryKit
import StoryKitTestSupport
@testable import StoryKitUI
import Testing

/// The SwiftUI detail's zoom driver: the cell hides while its detail is open and shows again
/// however it goes, window points become the detail's, the frames run only while something
/// moves, and a close that lands dismisses the detail once.
@MainActor
@Suite struct ZoomDetailDriverTests {
    /// A grid's namespace that records what it is told.
    final class Directory: ZoomSourceDirectory {
        var frames: [AnyHashable: Rect] = [:]
        var events: [ZoomSourceVisibility.Event] = []
        var visibility = ZoomSourceVisibility()
        var pushEnds = 0

        func sourceFrame(_ id: AnyHashable) -> Rect? { frames[id] }
        func handle(_ event: ZoomSourceVisibility.Event) {
            events.append(event)
            visibility.handle(event)
        }
        func pushedDetailEnded() { pushEnds += 1 }
    }

    let a = AnyHashable("a"), b = AnyHashable("b")
    /// The detail's frame in the window: below a 50-point bar.
    static let container = Rect(x: 0, y: 50, width: 400, height: 800)
    /// The cell, in the window.
    static let cell = Rect(x: 20, y: 150, width: 100, height: 100)

    /// A driver over `directory` at time 10 with the cell of `a` on screen.
    func make(_ directory: Directory, pushed: Bool = false) -> (ZoomDetailDriver, ManualFrameDriver) {
        directory.frames[a] = Self.cell
        let frames = ManualFrameDriver(time: 10)
        let zoom = ZoomDetailDriver(driver: frames)
        zoom.directory = directory
        zoom.pushed = pushed
        return (zoom, frames)
    }

    /// Steps `frames` at 60 Hz for `seconds`.
    func run(_ frames: ManualFrameDriver, seconds: Double) {
        let start = frames.currentTime
        for i in 1...Int(seconds * 60) where frames.isRunning { frames.step(to: start + Double(i) / 60) }
    }

    func open(_ zoom: ZoomDetailDriver, reduceMotion: Bool = false) {
        zoom.open(a, container: Self.container, cornerRadius: 8, imageSize: Size(width: 400, height: 300),
                  configuration: ZoomTransition.Configuration(), systemReduceMotion: reduceMotion)
    }

    @Test func theDetailOpensOutOfTheCellInItsOwnPointsAndTheCellHides() {
        let directory = Directory()
        let (zoom, frames) = make(directory)
        #expect(zoom.placement == .hidden && zoom.placement.alpha == 0)           // nothing shows before the open
        var changes = 0
        zoom.willChange = { changes += 1 }
        open(zoom)
        #expect(directory.visibility.isHidden(a) && frames.isRunning && changes == 1)
        // The image starts as the cell, 50 points higher in the detail than in the window.
        #expect(zoom.placement.clip == Rect(x: 20, y: 100, width: 100, height: 100))
        #expect(zoom.placeholder == Rect(x: 20, y: 100, width: 100, height: 100) || zoom.placeholder == nil)
        run(frames, seconds: 3)
        #expect(!frames.isRunning)                                                  // at rest: no display link
        #expect(zoom.placement.scale == 1 && zoom.placement.origin == .zero && zoom.placement.alpha == 1)
        #expect(zoom.placeholder == Rect(x: 20, y: 100, width: 100, height: 100))   // the cell stays covered
        #expect(changes > 10)
    }

    @Test func aCloseLandsInTheCellWhereItIsNowThenDismissesOnce() {
        let directory = Directory()
        let (zoom, frames) = make(directory)
        var closed = 0
        zoom.onClosed = { closed += 1 }
        open(zoom)
        run(frames, seconds: 3)
        directory.frames[a] = Rect(x: 200, y: 450, width: 100, height: 100)        // the grid scrolled meanwhile
        zoom.close()
        #expect(frames.isRunning && closed == 0)
        run(frames, seconds: 3)
        #expect(closed == 1 && !frames.isRunning && !directory.visibility.isHidden(a))
        #expect(zoom.placement.clip == Rect(x: 200, y: 400, width: 100, height: 100))
        #expect(directory.events.last == .closeFinished(a))
    }

    @Test func aDragInWindowPointsMovesTheDetailAndALetGoLands() {
        let directory = Directory()
        let (zoom, frames) = make(directory)
        var closed = 0
        zoom.onClosed = { closed += 1 }
        open(zoom)
        run(frames, seconds: 3)
        for i in 1...12 {
            frames.currentTime += 1.0 / 60
            zoom.dragChanged(location: Point(x: 100 + 20 * Double(i), y: 450), start: Point(x: 100, y: 450),
                             translation: Point(x: 20 * Double(i), y: 0))
        }
        #expect(!frames.isRunning)                                                  // the finger holds it
        #expect(zoom.placement.scale < 1 && zoom.placement.origin.x > 0)
        frames.currentTime += 1.0 / 60
        zoom.dragEnded(location: Point(x: 360, y: 450))
        #expect(frames.isRunning)
        run(frames, seconds: 3)
        #expect(closed == 1 && zoom.placement.clip == Rect(x: 20, y: 100, width: 100, height: 100))
    }

    /// A leftward drag under `direction`: whether it took the detail (shrunk, moved left).
    func leftwardDragTakes(_ direction: StoryLayoutDirection?) -> (scale: Double, x: Double) {
        let directory = Directory()
        let (zoom, frames) = make(directory)
        zoom.open(a, container: Self.container, cornerRadius: 8, imageSize: Size(width: 400, height: 300),
                  configuration: ZoomTransition.Configuration(), systemReduceMotion: false, layoutDirection: direction)
        run(frames, seconds: 3)
        for i in 1...12 {
            frames.currentTime += 1.0 / 60
            zoom.dragChanged(location: Point(x: 300 - 20 * Double(i), y: 450), start: Point(x: 300, y: 450),
                             translation: Point(x: -20 * Double(i), y: 0))
        }
        return (zoom.placement.scale, zoom.placement.origin.x)
    }

    @Test func theEnvironmentsRightToLeftMakesALeftwardDragDismiss() {
        let rightToLeft = leftwardDragTakes(.rightToLeft)
        #expect(rightToLeft.scale < 0.95 && rightToLeft.x < 0)                     // follows the finger leftward
        let leftToRight = leftwardDragTakes(.leftToRight)
        #expect(leftToRight.scale == 1 && leftToRight.x == 0)                       // refused: the wrong way
        #expect(leftwardDragTakes(nil).scale == 1)                                  // nil: the configuration's (left to right)
    }

    @Test func theConfigurationMappingTakesTheEnvironmentsDirectionAndTheSystemsReduceMotion() {
        var configured = ZoomTransition.Configuration()
        configured.layoutDirection = .rightToLeft
        let kept = ZoomDetailDriver.configuration(configured, systemReduceMotion: false, layoutDirection: nil)
        #expect(kept.layoutDirection == .rightToLeft && !kept.reduceMotion)
        let replaced = ZoomDetailDriver.configuration(configured, systemReduceMotion: true, layoutDirection: .leftToRight)
        #expect(replaced.layoutDirection == .leftToRight && replaced.reduceMotion)
    }

    @Test func underTheSystemsReduceMotionTheImageDoesNotMove() {
        let directory = Directory()
        let (zoom, frames) = make(directory)
        open(zoom, reduceMotion: true)
        #expect(zoom.session.transition?.configuration.reduceMotion == true)
        let image = Rect(x: 0, y: 250, width: 400, height: 300)                   // aspect-fit in the 400 × 800 detail
        frames.step(to: 10.05)
        #expect(zoom.placement.clip == image && zoom.placement.scale == 1)         // not out of the cell
        run(frames, seconds: 1)
        #expect(!frames.isRunning && zoom.placement.clip == image)
    }

    @Test func theCellShowsHoweverThePresentationEnds() {
        let directory = Directory()
        let (zoom, _) = make(directory)
        open(zoom)
        zoom.presentationEnded(a)
        #expect(!directory.visibility.isHidden(a) && directory.pushEnds == 0)      // a cover: no grid to give back
        let other = Directory()
        let (pushedZoom, frames) = make(other, pushed: true)
        open(pushedZoom)
        pushedZoom.disappeared(a, stillPresented: true)                              // covered by a deeper push
        #expect(other.pushEnds == 0 && !other.visibility.isHidden(a) && !frames.isRunning)
        pushedZoom.presentationEnded(a)
        #expect(other.pushEnds == 1)
        pushedZoom.disappeared(a, stillPresented: false)
        #expect(other.pushEnds == 2)
    }

    @Test func onlyTheEndOfThePresentationShowsTheCell() {
        let directory = Directory()
        let (zoom, _) = make(directory)
        open(zoom)
        zoom.presentationChanged(a, isPresented: true)
        #expect(directory.visibility.isHidden(a) && directory.events == [.opened(a)])  // presented again: nothing
        zoom.presentationChanged(a, isPresented: false)
        #expect(!directory.visibility.isHidden(a) && directory.events == [.opened(a), .dismissed(a)])
    }

    @Test func theCellHidesAgainWhenTheDetailComesBackFromAPushOverIt() {
        let directory = Directory()
        let (zoom, frames) = make(directory)
        open(zoom)
        run(frames, seconds: 3)
        zoom.disappeared(a, stillPresented: true)
        #expect(!directory.visibility.isHidden(a))
        open(zoom)                                                                  // it appears again, open
        #expect(directory.visibility.isHidden(a) && !frames.isRunning)             // no second opening
    }

    @Test func aDetailCoveredMidOpenFinishesItsOpeningWhenItComesBack() {
        // Found by ZoomDetailDriverStorm: the frames stopped when the detail disappeared during
        // its opening spring and nothing started them again, so it stayed half open.
        let directory = Directory()
        let (zoom, frames) = make(directory)
        open(zoom)
        frames.step(to: 10.1)
        zoom.disappeared(a, stillPresented: true)                                   // pushed over mid-spring
        #expect(!frames.isRunning)
        frames.currentTime = 12
        open(zoom)                                                                  // popped back
        #expect(frames.isRunning && directory.visibility.isHidden(a))
        run(frames, seconds: 3)
        #expect(!frames.isRunning && zoom.placement.scale == 1 && zoom.placement.origin == .zero && zoom.placement.alpha == 1)
    }

    @Test func theHiddenCellFollowsTheDetailsSource() {
        let directory = Directory()
        let (zoom, _) = make(directory)
        open(zoom)
        zoom.sourceChanged(to: b)
        #expect(directory.visibility.isHidden(b) && !directory.visibility.isHidden(a) && zoom.sourceID == b)
    }

    @Test func theCaptureShowsBeneathAPushedDetailOnlyWhileItMoves() {
        let directory = Directory()
        let (zoom, frames) = make(directory, pushed: true)
        open(zoom)
        #expect(zoom.backdropVisible)
        run(frames, seconds: 3)
        #expect(!zoom.backdropVisible)                                              // at rest it covers the screen
        zoom.close()
        #expect(zoom.backdropVisible)
        let cover = Directory()
        let (covered, _) = make(cover)
        open(covered)
        #expect(!covered.backdropVisible)                                           // a cover draws no capture
    }

    @Test func withoutTheCellTheDetailFadesInPlace() {
        let directory = Directory()
        let (zoom, frames) = make(directory)
        directory.frames[a] = nil
        var closed = 0
        zoom.onClosed = { closed += 1 }
        open(zoom)
        run(frames, seconds: 3)
        zoom.close()
        frames.step(to: frames.currentTime + 0.1)
        #expect(zoom.placement.alpha > 0 && zoom.placement.alpha < 1 && closed == 0)   // it fades in place
        run(frames, seconds: 3)
        #expect(closed == 1 && directory.events.last == .closeFinished(a))
    }

    /// The storm's reproducer (seed 3352): a finger resting on the detail while it fades out in
    /// place (its new cell has no finite frame); the finger's next move runs the clock past the
    /// fade's end, and that end is heard: the cell shows and the detail is dismissed.
    @Test func aFadeIntoACellWithNoFrameLeavesNoCellHidden() {
        let frames = ManualFrameDriver(time: 10)
        let directory = Directory()
        let zoom = ZoomDetailDriver(driver: frames)
        zoom.directory = directory
        zoom.pushed = false
        var configuration = ZoomTransition.Configuration()
        configuration.downwardDismiss = false
        directory.frames[0] = Rect(x: 103, y: 618.8, width: 110.5, height: .infinity)
        directory.frames[2] = Rect(x: 229.9, y: .nan, width: 103.9, height: 62.2)
        zoom.open(0, container: Rect(x: 0, y: 99, width: 367.3, height: 748.9), cornerRadius: 8,
                  imageSize: Size(width: 400, height: 300), configuration: configuration, systemReduceMotion: false)
        zoom.dragChanged(location: Point(x: 200, y: 450), start: Point(x: 200, y: 450), translation: Point(x: 0, y: 0))
        zoom.sourceChanged(to: 2)
        frames.step(to: 13)
        zoom.close()
        frames.step(to: 13.187849876416342)
        frames.currentTime += 0.2
        zoom.dragChanged(location: Point(x: 200, y: 450), start: Point(x: 200, y: 450), translation: Point(x: 0, y: 0))
        #expect(zoom.session.transition?.phase == .rest(presented: false))
        #expect(directory.visibility.hidden == nil && directory.events.last == .closeFinished(AnyHashable(2)))
    }
}
