import Foundation
import Testing

/// The subtitle-fetch section's snippet in the viewer's front-end article is the code compiled for
/// iOS in `Tests/StoryKitUISnippets/SubtitleFetchSnippets.swift`.
@Suite struct SubtitleFetchSnippetsTests {
    @Test func theSubtitleFailureSnippetIsCompiledCode() throws {
        let article = try String(contentsOf: DocumentationSnippetsTests.root.appendingPathComponent(
            "Sources/StoryKitUI/StoryKitUI.docc/StoriesViewerFrontEnds.md"), encoding: .utf8)
        let blocks = try DocumentationSnippetsTests.blocks(in: "SubtitleFetchSnippets.swift")
        #expect(blocks.map(\.label) == ["(subtitles)"])
        for block in blocks {
            #expect(article.contains("```swift\n" + block.code + "\n```"), "the article lacks the snippet:\n\(block.code)")
        }
    }
}
