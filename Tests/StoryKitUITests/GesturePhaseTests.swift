import StoryKit
@testable import StoryKitUI
import Testing

/// UIKit's gesture states as the cube's and the zoom's pans read them: each raw value to its
/// phase, a failure as a cancel, and the cube pan's events for each phase.
@Suite struct GesturePhaseTests {
    @Test func eachOfUIKitsRawStatesMapsToItsPhase() {
        // UIGestureRecognizerState: possible 0, began 1, changed 2, ended (recognized) 3, cancelled 4, failed 5.
        let phases = (0...5).map(GesturePhase.init(rawState:))
        #expect(phases == [.possible, .began, .changed, .ended, .cancelled, .cancelled])
        #expect(GesturePhase(rawState: -1) == .possible && GesturePhase(rawState: 99) == .possible)
    }

    @Test func onlyABeganOrMovingGestureIsActive() {
        let active = (0...5).filter { GesturePhase(rawState: $0).isActive }
        #expect(active == [1, 2])                                   // the edge swipe under way: began or changed
    }

    @Test func theCubePansEventsCarryTheFingersLocation() {
        let point = Point(x: 120, y: 300)
        #expect(CubePanBridge.PanEvent(.possible, at: point) == nil)
        #expect(CubePanBridge.PanEvent(.began, at: point) == .began(point))
        #expect(CubePanBridge.PanEvent(.changed, at: point) == .changed(point))
        #expect(CubePanBridge.PanEvent(.ended, at: point) == .ended(point))
        #expect(CubePanBridge.PanEvent(GesturePhase(rawState: 5), at: point) == .cancelled)   // failed after beginning
    }
}
