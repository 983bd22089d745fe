import Foundation
import Testing

/// The remote-feed tray article's snippets are the code in `RemoteTraySnippets.swift`, compiled
/// for iOS: each marked block appears verbatim in `RemoteTrayFeed.md`.
@Suite struct RemoteTraySnippetsTests {
    @Test func theRemoteTrayArticlesSnippetsAreCompiledCode() throws {
        let article = try String(contentsOf: DocumentationSnippetsTests.root.appendingPathComponent(
            "Sources/StoryKitUI/StoryKitUI.docc/RemoteTrayFeed.md"), encoding: .utf8)
        let blocks = try DocumentationSnippetsTests.blocks(in: "RemoteTraySnippets.swift")
        #expect(blocks.map(\.label) == ["(remote, feed)", "(remote, tray)", "(remote, layout)", "(remote, refresh)",
                                        "(remote, seen)"])
        for block in blocks {
            let found = article.contains("```swift\n" + block.code + "\n```")
            #expect(found, "the article lacks the snippet:\n\(block.code)")
        }
    }
}
