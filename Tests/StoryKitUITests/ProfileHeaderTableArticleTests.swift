import Foundation
import Testing

/// The article "A profile screen on a table view" shows the code compiled for iOS in
/// `Tests/StoryKitUISnippets/ProfileHeaderTableSnippets.swift`: every marked block there appears
/// verbatim in the article. Change one, change the other.
@Suite struct ProfileHeaderTableArticleTests {
    @Test func theTableArticlesSnippetsAreCompiledCode() throws {
        let article = try String(contentsOf: DocumentationSnippetsTests.root.appendingPathComponent(
            "Sources/StoryKitUI/StoryKitUI.docc/ProfileHeaderOnATableView.md"), encoding: .utf8)
        let blocks = try DocumentationSnippetsTests.blocks(in: "ProfileHeaderTableSnippets.swift")
        #expect(blocks.map(\.label) == ["(table, setup)", "(table, sections)"])
        for block in blocks {
            let found = article.contains("```swift\n" + block.code + "\n```")
            #expect(found, "the article lacks the snippet:\n\(block.code)")
        }
    }

    @Test func theLandingPageLinksTheArticle() throws {
        let landing = try String(contentsOf: DocumentationSnippetsTests.root.appendingPathComponent(
            "Sources/StoryKitUI/StoryKitUI.docc/StoryKitUI.md"), encoding: .utf8)
        #expect(landing.contains("- <doc:ProfileHeaderOnATableView>"))
    }
}
