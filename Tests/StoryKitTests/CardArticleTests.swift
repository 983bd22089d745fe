import Foundation
import MotionCore
import StoryKit
import Testing

/// The Stories viewer article's "iPad and landscape" snippet is this code, verbatim (between the
/// markers, less the common indent), and does what its comments say.
@Suite struct CardArticleTests {
    @Test func theSnippetDoesWhatItsCommentsSay() {
        var viewer = ViewerFixtures.viewer(user: 1)
        viewer.advance(to: 2)
        // Article begins
        let layout = viewer.layOut(screen: Size(width: 1366, height: 1024), horizontalSizeClass: .regular)
        let card = layout.card                                // 549 × 976 points, centred: the page
        viewer.touchBegan(at: Point(x: -80, y: 400), time: 2)  // left of the card, in page points
        viewer.touchEnded(at: Point(x: -80, y: 400), time: 2.05) // the row slides to the previous user
        // Article ends
        #expect(card == Rect(x: 408.5, y: 24, width: 549, height: 976))
        #expect(viewer.cube.targetIndex == 0 && viewer.cube.phase == .settling)
    }

    @Test func theArticleShowsTheSnippet() throws {
        try ArticleSnippet.expectShown(in: "Sources/StoryKit/StoryKit.docc/TheStoriesViewer.md", from: #filePath)
    }
}
