import Foundation
import MotionCore
import StoryKit
import Testing

/// Mirrors the zoom transition's README snippet and its documentation's.
@Suite struct ZoomDocumentationExamplesTests {
    @Test func theReadmeSnippetOpensDragsAndReleases() {
        let geometry = ZoomTransitionTests.geometry
        let cell = geometry.source
        let finger = Point(x: 40, y: 400), finger2 = Point(x: 140, y: 420), finger3 = Point(x: 160, y: 425)
        // README begins
        var zoom = ZoomTransition(geometry: geometry)
        zoom.open(time: 0)                                 // grid → detail
        zoom.touchBegan(at: finger, time: 2)
        zoom.touchMoved(to: finger2, time: 2.1)             // the detail follows and shrinks
        let events = zoom.touchEnded(at: finger3, time: 2.2, source: cell)  // finish or cancel, no snap
        let scene = zoom.frame(at: 2.3)                     // mask, radius, image, dimming…
        // README ends
        #expect(events.isEmpty)
        #expect(scene.mask.width < 390 && scene.cornerRadius > 0 && scene.sourceHidden)
    }

    /// The snippet of `StoryKit.docc/TheZoomTransition.md`, between its markers here and word
    /// for word in the article.
    @Test func theArticleSnippetOpensDragsAndReleases() throws {
        let cell = Rect(x: 132, y: 300, width: 126, height: 126)
        let finger = Point(x: 40, y: 400), finger2 = Point(x: 140, y: 420), finger3 = Point(x: 260, y: 440)
        // Article begins
        var zoom = ZoomTransition(geometry: ZoomTransition.Geometry(
            container: Size(width: 390, height: 844), source: cell,
            destination: Rect(x: 0, y: 203, width: 390, height: 438), imageSize: Size(width: 1080, height: 1215)))
        zoom.open(time: 0)                                  // grid → detail on a spring
        zoom.touchBegan(at: finger, time: 2)                // a touch on the detail grabs it
        zoom.touchMoved(to: finger2, time: 2.1)             // it follows the finger and shrinks
        zoom.touchEnded(at: finger3, time: 2.2)             // finish into the cell, or cancel back
        let frame = zoom.frame(at: 2.3)                     // mask, corner radius, image, dimming…
        // Article ends
        #expect(frame.mask.width < 390 && frame.cornerRadius > 0 && frame.sourceHidden)
        // The release moves on, away from the detail: it finishes in the cell, exactly.
        var settled = zoom
        let events = settled.advance(to: 2.2 + ZoomTransition.settleLimit)
        #expect(events == [.finished(presented: false)] && settled.frame(at: 2.2 + ZoomTransition.settleLimit).mask == cell, "\(events) \(settled.phase)")
        let article = try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/StoryKit/StoryKit.docc/TheZoomTransition.md").standardized.path, encoding: .utf8)
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let between = { (text: String, start: String, end: String) -> [String] in
            let lines = text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let a = lines.firstIndex(of: start), let b = lines[a...].firstIndex(of: end) else { return [] }
            return Array(lines[(a + 1)..<b])
        }
        let snippet = between(source, "// Article begins", "// Article ends")
        #expect(!snippet.isEmpty && between(article, "```swift", "```") == snippet)
    }
}
