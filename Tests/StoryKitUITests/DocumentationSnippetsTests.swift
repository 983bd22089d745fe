import Foundation
import Testing

/// The README's and the DocC articles' UIKit and SwiftUI snippets are the code compiled for iOS
/// in `Tests/StoryKitUISnippets`: every block between `// README begins` and `// README ends`
/// there must appear verbatim (as indented there, less the common indent) in README.md, and the
/// Stories viewer's, the story ring's, the tray row's and the zoom's blocks in their DocC
/// articles too. Change one, change the other.
@Suite struct DocumentationSnippetsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The marked blocks of the snippets file: the marker's label (what follows "begins") and the code.
    static func blocks() throws -> [(label: String, code: String)] {
        let text = try String(contentsOf: root.appendingPathComponent("Tests/StoryKitUISnippets/DocumentationSnippets.swift"),
                              encoding: .utf8)
        var blocks: [(String, String)] = []
        var current: (label: String, lines: [Substring])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// README begins") {
                current = (String(trimmed.dropFirst("// README begins".count)).trimmingCharacters(in: .whitespaces), [])
            } else if trimmed == "// README ends", let block = current {
                let indent = block.lines.filter { !$0.allSatisfy(\.isWhitespace) }
                    .map { $0.prefix { $0 == " " }.count }.min() ?? 0
                blocks.append((block.label, block.lines.map { String($0.dropFirst(Swift.min(indent, $0.count))) }
                    .joined(separator: "\n")))
                current = nil
            } else {
                current?.lines.append(line)
            }
        }
        return blocks
    }

    @Test func everyReadmeSnippetIsCompiledCode() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = try Self.blocks()
        #expect(blocks.count >= 5)
        for block in blocks {
            let found = readme.contains("```swift\n" + block.code + "\n```")
            #expect(found, "README.md lacks the snippet:\n\(block.code)")
        }
    }

    @Test func theStoryRingArticlesSnippetsAreCompiledCode() throws {
        let article = try String(contentsOf: Self.root.appendingPathComponent(
            "Sources/StoryKitUI/StoryKitUI.docc/StoryRingFrontEnds.md"), encoding: .utf8)
        let ring = try Self.blocks().filter { $0.label.hasPrefix("(ring") }
        #expect(ring.map(\.label) == ["(ring, UIKit)", "(ring, tap)", "(ring, SwiftUI)"])
        for block in ring {
            let found = article.contains("```swift\n" + block.code + "\n```")
            #expect(found, "the article lacks the snippet:\n\(block.code)")
        }
    }

    @Test func theStoriesViewerArticlesSnippetsAreCompiledCode() throws {
        let article = try String(contentsOf: Self.root.appendingPathComponent(
            "Sources/StoryKitUI/StoryKitUI.docc/StoriesViewerFrontEnds.md"), encoding: .utf8)
        let viewer = try Self.blocks().filter { ["(UIKit)", "(delegate)", "(SwiftUI)"].contains($0.label) }
        #expect(viewer.count == 3)
        for block in viewer {
            let found = article.contains("```swift\n" + block.code + "\n```")
            #expect(found, "the article lacks the snippet:\n\(block.code)")
        }
    }

    @Test func theTrayRowArticlesSnippetsAreCompiledCode() throws {
        let article = try String(contentsOf: Self.root.appendingPathComponent(
            "Sources/StoryKitUI/StoryKitUI.docc/StoryTrayFrontEnds.md"), encoding: .utf8)
        let tray = try Self.blocks().filter { $0.label.hasPrefix("(tray") || $0.label == "(SwiftUI)" }
        #expect(tray.map(\.label).sorted() == ["(SwiftUI)", "(tray, UIKit)"])
        for block in tray {
            let found = article.contains("```swift\n" + block.code + "\n```")
            #expect(found, "the article lacks the snippet:\n\(block.code)")
        }
    }

    @Test func theZoomArticlesSnippetsAreCompiledCode() throws {
        let article = try String(contentsOf: Self.root.appendingPathComponent(
            "Sources/StoryKitUI/StoryKitUI.docc/ZoomTransitionFrontEnds.md"), encoding: .utf8)
        let zoom = try Self.blocks().filter { $0.label.hasPrefix("(zoom") }
        #expect(zoom.map(\.label) == ["(zoom, UIKit)", "(zoom, SwiftUI)", "(zoom, close)"])
        for block in zoom {
            let found = article.contains("```swift\n" + block.code + "\n```")
            #expect(found, "the article lacks the snippet:\n\(block.code)")
        }
    }
}
