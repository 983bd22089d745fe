@testable import StoryKitUI
import Testing

/// How the UIKit header applies an inset decision: frames run only while it is deferred, and only
/// an applied decision sets the inset and the offset it names.
@Suite struct ProfileHeaderInsetApplicationTests {
    typealias Decision = ProfileHeaderScrollRule.InsetDecision

    @Test func framesRunOnlyWhileTheInsetWaitsForTheContentToStop() {
        #expect(Decision.deferred.retriesEachFrame)
        #expect(!Decision.keep.retriesEachFrame)
        #expect(!Decision.apply(contentInsetTop: 164, contentOffsetY: -164).retriesEachFrame)
    }

    @Test func onlyAnAppliedDecisionSetsTheInsetAndTheOffset() throws {
        #expect(Decision.keep.application == nil)
        #expect(Decision.deferred.application == nil)
        let applied = try #require(Decision.apply(contentInsetTop: 164, contentOffsetY: -120).application)
        #expect(applied.contentInsetTop == 164)
        #expect(applied.contentOffsetY == -120)
    }

    /// A table scrolled at rest under a bar: the split's decision, applied, reserves the inset and
    /// keeps the content where it was; the same state again asks nothing more.
    @Test func aDecisionFromTheSplitAppliesItsInsetOnce() throws {
        let split = ProfileHeaderInsetSplit(kind: .init(pinsSections: true), headerHeight: 120, stickyHeight: 44,
                                            safeAreaTop: 47, systemInsetTop: 0, pinnedBarHeight: 44)
        var scroll = ProfileHeaderScrollRule.Scroll(contentOffsetY: -47, contentOffsetX: 0, contentInsetTop: 0,
                                                    adjustedInsetTop: 47, adjustedInsetLeft: 0, refreshingHeight: 0,
                                                    isTracking: false, isDecelerating: false)
        let first = split.decision(scroll, currentSpacerHeight: 0)
        let applied = try #require(first.application)
        #expect(!first.retriesEachFrame)
        #expect(applied.contentInsetTop == split.contentInsetTop)
        #expect(applied.contentOffsetY == -47 - split.contentInsetTop, "the content stays where it was")
        scroll.contentInsetTop = applied.contentInsetTop
        scroll.adjustedInsetTop = 47 + applied.contentInsetTop
        scroll.contentOffsetY = applied.contentOffsetY
        let again = split.decision(scroll, currentSpacerHeight: split.spacerHeight)
        #expect(again.application == nil && !again.retriesEachFrame)
        scroll.isTracking = true
        scroll.contentInsetTop = 0
        #expect(split.decision(scroll, currentSpacerHeight: split.spacerHeight).retriesEachFrame,
                "a wrong inset under a moving finger waits")
    }
}
