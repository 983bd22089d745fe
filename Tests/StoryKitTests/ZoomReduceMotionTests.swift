import MotionCore
import StoryKit
import StoryKitTestSupport
import Testing

/// The zoom under Reduce Motion: a cross-fade in both directions, from what shows now.
@Suite struct ZoomReduceMotionTests {
    static func calm(presented: Bool) -> ZoomTransition {
        var configuration = ZoomTransition.Configuration()
        configuration.reduceMotion = true
        return ZoomTransition(geometry: ZoomTransitionTests.geometry, configuration: configuration, presented: presented)
    }

    @Test func anOpenFromTheGridFadesTheDetailInFromNothing() {
        var zoom = Self.calm(presented: false)
        zoom.open(time: 0)
        let start = zoom.frame(at: 0), early = zoom.frame(at: 0.02), end = zoom.frame(at: ZoomTransition.fadeDuration)
        #expect(start.opacity == 0 && start.dimming == 0 && start.chromeOpacity == 0, "nothing of the detail yet: \(start)")
        #expect(early.opacity > 0 && early.opacity < 0.5, "fading in: \(early.opacity)")
        #expect(end.opacity == 1 && end.chromeOpacity == 1)
    }

    @Test func aCloseFromTheDetailFadesItOutFromWhole() {
        var zoom = Self.calm(presented: true)
        zoom.close(time: 1, source: ZoomTransitionTests.geometry.source)
        #expect(zoom.frame(at: 1).opacity == 1)
        let half = zoom.frame(at: 1 + ZoomTransition.fadeDuration / 2).opacity
        #expect(half > 0 && half < 1)
        #expect(zoom.frame(at: 1 + ZoomTransition.fadeDuration).opacity == 0)
    }
}
