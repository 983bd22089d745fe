import StoryKitUI
import Testing

/// The display link asks for 120 Hz while something moves and for the system's default at rest.
@Suite struct FrameRateRuleTests {
    @Test func motionAsksForUpTo120Hz() {
        let range = FrameRateRule.range(for: .moving)
        #expect(range == FrameRateRange(minimum: 80, maximum: 120, preferred: 120))
        #expect(!range.isSystemDefault)
    }

    @Test func restLeavesTheRateToTheSystem() {
        let range = FrameRateRule.range(for: .resting)
        #expect(range.isSystemDefault)
        #expect(range == FrameRateRange(minimum: 0, maximum: 0, preferred: 0))
    }

    @Test func theMotionRangeIsAValidCoreAnimationRange() {
        // CAFrameRateRange requires minimum <= preferred <= maximum.
        let range = FrameRateRange.motion
        #expect(range.minimum <= range.preferred && range.preferred <= range.maximum)
        #expect(range.preferred > 60)
    }
}
