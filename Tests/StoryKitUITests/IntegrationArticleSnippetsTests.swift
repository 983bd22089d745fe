import Foundation
import Testing

/// The three integration articles (a UIKit tray over a remote feed opening the viewer, a SwiftUI
/// grid with the zoom, a profile screen on a table view) show the code compiled for iOS in their
/// snippet files in `Tests/StoryKitUISnippets`: every marked block appears verbatim in its
/// article, and each article is in the module's topics. Change one, change the other.
@Suite struct IntegrationArticleSnippetsTests {
    /// An article, the snippet file it shows and the blocks' labels in order.
    struct Article: Sendable, CustomStringConvertible {
        var name: String
        var snippets: String
        var labels: [String]
        var description: String { name }
    }

    static let articles = [
        Article(name: "RemoteTrayFeed", snippets: "RemoteTraySnippets.swift",
                labels: ["(remote, feed)", "(remote, tray)", "(remote, layout)", "(remote, refresh)", "(remote, seen)"]),
        Article(name: "ZoomGridIntegration", snippets: "ZoomGridSnippets.swift",
                labels: ["(grid, cell)", "(grid, cover)", "(grid, detail)", "(grid, push)", "(grid, UIKit other push)"]),
        Article(name: "ProfileHeaderOnATableView", snippets: "ProfileHeaderTableSnippets.swift",
                labels: ["(table, setup)", "(table, sections)"]),
    ]

    static func text(_ path: String) throws -> String {
        try String(contentsOf: DocumentationSnippetsTests.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test(arguments: articles)
    func theArticlesSnippetsAreCompiledCode(_ article: Article) throws {
        let text = try Self.text("Sources/StoryKitUI/StoryKitUI.docc/\(article.name).md")
        let blocks = try DocumentationSnippetsTests.blocks(in: article.snippets)
        #expect(blocks.map(\.label) == article.labels)
        for block in blocks {
            #expect(text.contains("```swift\n" + block.code + "\n```"), "\(article.name) lacks the snippet:\n\(block.code)")
        }
    }

    @Test(arguments: articles)
    func theArticleIsInTheModulesTopics(_ article: Article) throws {
        #expect(try Self.text("Sources/StoryKitUI/StoryKitUI.docc/StoryKitUI.md").contains("- <doc:\(article.name)>"))
    }
}
