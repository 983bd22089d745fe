import Foundation
import Testing

/// The README's and the DocC articles' UIKit and SwiftUI snippets are the code compiled for iOS
/// in `Tests/StoryKitUISnippets`: every block between `// README begins` and `// README ends`
/// in `DocumentationSnippets.swift` must appear verbatim (as indented there, less the common
/// indent) in README.md, and the Stories viewer's, the story ring's, the tray row's and the
/// zoom's blocks in their DocC articles too; the profile header's, in
/// `ProfileHeaderSnippets.swift`, in its DocC article. Change one, change the other.
@Suite struct DocumentationSnippetsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The marked blocks of a snippets file: the marker's label (what follows "begins") and the code.
    static func blocks(in file: String = "DocumentationSnippets.swift") throws -> [(label: String, code: String)] {
        let text = try String(contentsOf: root.appendingPathComponent("Tests/StoryKitUISnippets/" + file), encoding: .utf8)
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

    /// The profile header's snippets live in their own file (`ProfileHeaderSnippets.swift`): its
    /// blocks are the DocC article's, not the README's.
    @Test func theProfileHeaderArticlesSnippetsAreCompiledCode() throws {
        let article = try String(contentsOf: Self.root.appendingPathComponent(
            "Sources/StoryKitUI/StoryKitUI.docc/ProfileHeaderFrontEnds.md"), encoding: .utf8)
        let header = try Self.blocks(in: "ProfileHeaderSnippets.swift")
        #expect(header.map(\.label) == ["(header, UIKit)", "(header, SwiftUI)"])
        for block in header {
            let found = article.contains("```swift\n" + block.code + "\n```")
            #expect(found, "the article lacks the snippet:\n\(block.code)")
        }
    }
}
