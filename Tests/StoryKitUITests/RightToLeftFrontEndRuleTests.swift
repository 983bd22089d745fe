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

    @Test func theDetailViewsDirectionGivenToThePanRuleReplacesTheConfiguredOne() {
        let base = ZoomTransition.Configuration()
        let leftward = Point(x: -30, y: 4), rightward = Point(x: 30, y: 4)
        func begins(_ translation: Point, _ configuration: ZoomTransition.Configuration, _ direction: StoryLayoutDirection?) -> Bool {
            ZoomPanRule.mayBegin(translation: translation, velocity: .zero, scrollOffset: nil, zoomScale: 1,
                                 configuration: configuration, layoutDirection: direction)
        }
        #expect(begins(leftward, base, .rightToLeft) && !begins(rightward, base, .rightToLeft))
        var configuredRTL = base
        configuredRTL.layoutDirection = .rightToLeft
        #expect(begins(rightward, configuredRTL, .leftToRight) && !begins(leftward, configuredRTL, .leftToRight))  // the view wins
        #expect(begins(leftward, configuredRTL, nil))                                                           // nil: the configuration's
    }
}
