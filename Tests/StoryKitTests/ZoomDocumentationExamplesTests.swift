import MotionCore
import StoryKit
import Testing

/// Mirrors the zoom transition's README snippet and its documentation's.
@Suite struct ZoomDocumentationExamplesTests {
    @Test func theReadmeSnippetOpensDragsAndReleases() {
        let geometry = ZoomTransitionTests.geometry
        let cell = geometry.source
        let finger = Point(x: 40, y: 400), finger2 = Point(x: 140, y: 420), finger3 = Point(x: 160, y: 425)
        // README begins
        var zoom = ZoomTransition(geometry: geometry)
        zoom.open(time: 0)                                 // grid → detail
        zoom.touchBegan(at: finger, time: 2)
        zoom.touchMoved(to: finger2, time: 2.1)             // the detail follows and shrinks
        let events = zoom.touchEnded(at: finger3, time: 2.2, source: cell)  // finish or cancel, no snap
        let scene = zoom.frame(at: 2.3)                     // mask, radius, image, dimming…
        // README ends
        #expect(events.isEmpty)
        #expect(scene.mask.width < 390 && scene.cornerRadius > 0 && scene.sourceHidden)
    }
}
