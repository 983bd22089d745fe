import MotionCore
@testable import StoryKit
import Testing

/// The media reports on their own (``StoriesViewer/MediaReports``): what an item shows
/// (loading, playing, paused, failed) from what its media source said, stalls, retries and
/// forgetting.
@Suite struct StoriesMediaReportsTests {
    typealias Reports = StoriesViewer.MediaReports

    @Test func anItemLoadsUntilItsFirstFrameIsOnScreen() {
        var reports = Reports()
        #expect(reports.state(of: "a", at: 0, stallGrace: 0.5, pauses: []) == .loading)
        #expect(!reports.hasArrived("a"))
        reports.record(.ready, for: "a", at: 1)
        #expect(reports.hasArrived("a") && !reports.isDisplaying("a"))
        #expect(reports.state(of: "a", at: 1, stallGrace: 0.5, pauses: []) == .loading)
        reports.record(.displaying, for: "a", at: 2)
        #expect(reports.isDisplaying("a"))
        #expect(reports.state(of: "a", at: 2, stallGrace: 0.5, pauses: []) == .playing)
        #expect(reports.state(of: "a", at: 2, stallGrace: 0.5, pauses: .held) == .paused(.held))
        // A late "ready" does not take a displayed item back.
        reports.record(.ready, for: "a", at: 3)
        #expect(reports.isDisplaying("a"))
    }

    @Test func aStallShowsLoadingOnlyAfterItsGrace() {
        var reports = Reports()
        reports.record(.stalled, for: "a", at: 1)
        #expect(!reports.isStalled("a"), "a stall before the first frame is still loading, not a stall")
        reports.record(.displaying, for: "a", at: 1)
        reports.record(.stalled, for: "a", at: 2)
        reports.record(.stalled, for: "a", at: 2.3)          // counted from its first report
        #expect(reports.isStalled("a"))
        #expect(reports.isStallInGrace("a", at: 2.4, grace: 0.5))
        #expect(reports.state(of: "a", at: 2.4, stallGrace: 0.5, pauses: .stalled) == .paused(.stalled))
        #expect(!reports.isStallInGrace("a", at: 2.5, grace: 0.5))
        #expect(reports.state(of: "a", at: 2.5, stallGrace: 0.5, pauses: .stalled) == .loading)
        reports.record(.resumed, for: "a", at: 3)
        #expect(!reports.isStalled("a"))
        #expect(reports.state(of: "a", at: 3, stallGrace: 0.5, pauses: []) == .playing)
    }

    @Test func aFailureShowsWithItsReasonAndEndsAStall() {
        var reports = Reports()
        reports.record(.displaying, for: "a", at: 0)
        reports.record(.stalled, for: "a", at: 1)
        reports.record(.failed(reason: "offline"), for: "a", at: 2)
        #expect(reports.failureReason(of: "a") == "offline" && !reports.isStalled("a") && !reports.hasArrived("a"))
        #expect(reports.state(of: "a", at: 2, stallGrace: 0.5, pauses: .held) == .failed(reason: "offline"))
        #expect(reports.failureReason(of: "b") == nil)
    }

    @Test func aRetryReloadsAFailedItemKeepingItsLengthAndRaisesTheAttempt() {
        var reports = Reports()
        reports.record(.duration(8), for: "a", at: 0)
        let reloadedUnfailed = reports.retry("a")
        #expect(!reloadedUnfailed, "only a failed item is reloaded")
        #expect(reports.attempt(of: "a") == 0)
        reports.record(.failed(reason: "timeout"), for: "a", at: 1)
        let reloadedFailed = reports.retry("a")
        #expect(reloadedFailed)
        #expect(reports.attempt(of: "a") == 1 && reports.failureReason(of: "a") == nil)
        #expect(reports.reportedDuration(of: "a") == 8)
        #expect(reports.state(of: "a", at: 1, stallGrace: 0.5, pauses: []) == .loading)
        reports.record(.failed(reason: "timeout"), for: "a", at: 2)
        reports.retry("a")
        #expect(reports.attempt(of: "a") == 2)
    }

    @Test func onlyAFinitePositiveLengthCounts() {
        var reports = Reports()
        for bad in [0, -1, .nan, .infinity] { reports.record(.duration(bad), for: "a", at: 0) }
        #expect(reports.reportedDuration(of: "a") == nil)
        reports.record(.duration(12.5), for: "a", at: 0)
        reports.record(.duration(.nan), for: "a", at: 0)
        #expect(reports.reportedDuration(of: "a") == 12.5)
    }

    @Test func pastSixteenItemsTheOnesNoPageShowsAreForgottenButNotTheirAttempts() {
        var reports = Reports()
        reports.record(.failed(reason: "x"), for: "keep", at: 0)
        reports.retry("keep")
        reports.record(.failed(reason: "x"), for: "gone", at: 0)
        reports.retry("gone")
        for i in 0..<14 { reports.record(.ready, for: "item \(i)", at: 0) }
        #expect(!reports.needsPruning)
        reports.record(.ready, for: "one more", at: 0)
        #expect(reports.needsPruning)
        reports.prune(keeping: ["keep", "one more"])
        #expect(!reports.needsPruning)
        #expect(!reports.hasArrived("item 3") && reports.hasArrived("one more"))
        #expect(reports.attempt(of: "gone") == 1 && reports.attempt(of: "keep") == 1)
    }

    @Test func anyReportLeavesAnEntry() {
        var reports = Reports()
        reports.record(.playhead(3), for: "a", at: 0)
        reports.record(.ended, for: "b", at: 0)
        #expect(reports.statuses.keys.sorted() == ["a", "b"])
        #expect(reports.statuses["a"] == StoriesViewer.MediaStatus())
    }
}
