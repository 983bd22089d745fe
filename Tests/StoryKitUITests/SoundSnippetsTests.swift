import Foundation
import Testing

/// The sound snippet (`Tests/StoryKitUISnippets/SoundSnippets.swift`, compiled for iOS) appears
/// verbatim in the Stories viewer's DocC article.
@Suite struct SoundSnippetsTests {
    @Test func theViewerArticlesSoundSnippetIsCompiledCode() throws {
        let article = try String(contentsOf: DocumentationSnippetsTests.root.appendingPathComponent(
            "Sources/StoryKit/StoryKit.docc/TheStoriesViewer.md"), encoding: .utf8)
        let blocks = try DocumentationSnippetsTests.blocks(in: "SoundSnippets.swift")
        #expect(blocks.map(\.label) == ["(sound)"])
        for block in blocks {
            #expect(article.contains("```swift\n" + block.code + "\n```"), "the article lacks the snippet:\n\(block.code)")
        }
    }
}
