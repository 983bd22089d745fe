import Foundation
import Testing

/// The placeholder section's snippet in the viewer's front-end article is the code compiled for
/// iOS in `Tests/StoryKitUISnippets/PlaceholderSnippets.swift`.
@Suite struct PlaceholderSnippetsTests {
    @Test func thePlaceholderSnippetIsCompiledCode() throws {
        let article = try String(contentsOf: DocumentationSnippetsTests.root.appendingPathComponent(
            "Sources/StoryKitUI/StoryKitUI.docc/StoriesViewerFrontEnds.md"), encoding: .utf8)
        let blocks = try DocumentationSnippetsTests.blocks(in: "PlaceholderSnippets.swift")
        #expect(blocks.map(\.label) == ["(placeholder)"])
        for block in blocks {
            #expect(article.contains("```swift\n" + block.code + "\n```"), "the article lacks the snippet:\n\(block.code)")
        }
    }
}
