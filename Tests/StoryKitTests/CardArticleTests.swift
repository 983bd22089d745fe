import Foundation
import MotionCore
import StoryKit
import Testing

/// The Stories viewer article's "iPad and landscape" snippet is this code, verbatim (between the
/// markers, less the common indent), and does what its comments say.
@Suite struct CardArticleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

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
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let begin = lines.firstIndex(where: { $0.hasSuffix("// Article begins") }),
              let end = lines.firstIndex(where: { $0.hasSuffix("// Article ends") }) else {
            Issue.record("no markers")
            return
        }
        let code = lines[(begin + 1)..<end].map { String($0.dropFirst(8)) }.joined(separator: "\n")
        let article = try String(contentsOf: Self.root.appendingPathComponent("Sources/StoryKit/StoryKit.docc/TheStoriesViewer.md"),
                                 encoding: .utf8)
        #expect(article.contains("```swift\n" + code + "\n```"), "the article lacks:\n\(code)")
    }
}
