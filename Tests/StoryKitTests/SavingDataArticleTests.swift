import Foundation
import MotionCore
import StoryKit
import Testing

/// The Stories viewer article's "Saving data, power and memory" snippet is this code, verbatim
/// (between the markers, less the common indent), and does what its comments say.
@Suite struct SavingDataArticleTests {
    @Test func theSnippetDoesWhatItsCommentsSay() {
        var viewer = ViewerFixtures.viewer()
        var pool = PlayerPool()
        _ = pool.update(to: viewer)
        viewer.nextItem(time: 0.2)
        viewer.displayEverythingListed(time: 0.2)
        _ = pool.update(to: viewer)
        // Article begins
        var conditions = PrefetchConditions(isLowDataMode: true, displayScale: 3)   // read from the system
        let plan = PrefetchPlan(viewer: viewer, conditions: conditions)            // the current item and its user's next
        conditions.isLowPowerMode = true                                           // a new plan follows
        let rule = MemoryWarningRule(viewer: viewer)                               // on a memory warning
        let releases = pool.release(keeping: rule)                                 // every player but the current item's
        // Article ends
        #expect(plan.requests.map(\.itemID) == ["a2", "a3"])
        #expect(PrefetchPlan(viewer: viewer, following: plan, conditions: conditions).conditions.isLowPowerMode)
        #expect(rule.keptURLs == ["a2.jpg", "a3.jpg"])
        #expect(releases.count == 1 && pool.slots.map(\.item.id) == ["a2"])   // a3's player went
    }

    @Test func theArticleShowsTheSnippet() throws {
        try ArticleSnippet.expectShown(in: "Sources/StoryKit/StoryKit.docc/TheStoriesViewer.md", from: #filePath)
    }
}
