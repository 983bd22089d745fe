import StoryKit
@testable import StoryKitUI
import Testing

/// The zoom's navigation rules under a right-to-left container: the view's direction replaces
/// the configuration's, and the dismiss pan that may begin runs leftward.
@Suite struct ZoomRightToLeftRuleTests {
    @Test func theContainersDirectionReplacesTheConfiguredOneAndThePopPanRunsLeftward() {
        let base = ZoomTransition.Configuration()
        let rtl = ZoomNavigationRule.configuration(base, systemReduceMotion: false, direction: .dismissing, hasSource: true,
                                                   layoutDirection: .rightToLeft)
        #expect(rtl.layoutDirection == .rightToLeft)
        #expect(ZoomNavigationRule.configuration(base, systemReduceMotion: false, direction: .dismissing, hasSource: true)
            .layoutDirection == .leftToRight)
        #expect(ZoomPanRule.mayBegin(translation: Point(x: -30, y: 4), velocity: .zero, scrollOffset: nil, zoomScale: 1,
                                     configuration: rtl))
        #expect(!ZoomPanRule.mayBegin(translation: Point(x: 30, y: 4), velocity: .zero, scrollOffset: nil, zoomScale: 1,
                                      configuration: rtl))
        #expect(ZoomPanRule.mayBegin(translation: Point(x: 30, y: 4), velocity: .zero, scrollOffset: nil, zoomScale: 1,
                                     configuration: base))
    }
}
