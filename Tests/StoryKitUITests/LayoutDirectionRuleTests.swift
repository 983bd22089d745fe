import StoryKit
@testable import StoryKitUI
import Testing

/// The front-ends' precedence for the layout direction, and the captions' Dynamic Type scale.
@Suite struct LayoutDirectionRuleTests {
    @Test func theHostsChoiceWinsThenTheViewsThenTheConfigurations() {
        #expect(LayoutDirectionRule.direction(preferred: .leftToRight, view: .rightToLeft, configured: .rightToLeft) == .leftToRight)
        #expect(LayoutDirectionRule.direction(preferred: nil, view: .rightToLeft, configured: .leftToRight) == .rightToLeft)
        #expect(LayoutDirectionRule.direction(preferred: nil, view: nil, configured: .rightToLeft) == .rightToLeft)
    }

    @Test func theCaptionScaleIsTheScaledBodySizeOver17AndOneForNonsense() {
        #expect(LayoutDirectionRule.captionTextScale(scaledBodyPointSize: 17) == 1)
        #expect(LayoutDirectionRule.captionTextScale(scaledBodyPointSize: 23) == 23.0 / 17)
        for bad in [0.0, -4, .nan, .infinity] { #expect(LayoutDirectionRule.captionTextScale(scaledBodyPointSize: bad) == 1) }
    }
}
