import Foundation
import Testing

/// The Stories viewer article's tappable-areas snippet is the code compiled for iOS in
/// `Tests/StoryKitUISnippets/StoryAreaSnippets.swift`, verbatim.
@Suite struct StoryAreaSnippetTests {
    @Test func theTappableAreasSnippetIsCompiledCode() throws {
        let article = try String(contentsOf: DocumentationSnippetsTests.root.appendingPathComponent(
            "Sources/StoryKitUI/StoryKitUI.docc/StoriesViewerFrontEnds.md"), encoding: .utf8)
        let blocks = try DocumentationSnippetsTests.blocks(in: "StoryAreaSnippets.swift")
        #expect(blocks.map(\.label) == ["(areas)"])
        for block in blocks {
            #expect(article.contains("```swift\n" + block.code + "\n```"), "the article lacks the snippet:\n\(block.code)")
        }
    }
}
