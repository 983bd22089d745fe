import Foundation
import Testing

/// The DocC article "A SwiftUI grid with the zoom" shows the code compiled for iOS in
/// `Tests/StoryKitUISnippets/ZoomGridSnippets.swift`: every marked block there appears verbatim
/// in `ZoomGridIntegration.md`, and the article is in the module's topics.
@Suite struct ZoomGridSnippetsTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: DocumentationSnippetsTests.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theGridArticlesSnippetsAreCompiledCode() throws {
        let article = try Self.text("Sources/StoryKitUI/StoryKitUI.docc/ZoomGridIntegration.md")
        let blocks = try DocumentationSnippetsTests.blocks(in: "ZoomGridSnippets.swift")
        #expect(blocks.map(\.label) == ["(grid, cell)", "(grid, cover)", "(grid, detail)", "(grid, push)",
                                        "(grid, UIKit other push)"])
        for block in blocks {
            let found = article.contains("```swift\n" + block.code + "\n```")
            #expect(found, "the article lacks the snippet:\n\(block.code)")
        }
    }

    @Test func theArticleIsInTheModulesTopics() throws {
        let landing = try Self.text("Sources/StoryKitUI/StoryKitUI.docc/StoryKitUI.md")
        #expect(landing.contains("- <doc:ZoomGridIntegration>"))
    }
}
