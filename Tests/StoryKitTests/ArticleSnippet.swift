import Foundation
import Testing

/// A DocC snippet kept as tested code: the lines between `// Article begins` and
/// `// Article ends` in a test file, less their common indent, must appear verbatim in a Swift code
/// block of the article.
enum ArticleSnippet {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Records an issue unless `article` (a path from the package's root) shows the snippet of
    /// `testFile` (its `#filePath`), indented there by `indent` spaces.
    static func expectShown(in article: String, from testFile: String, indent: Int = 8,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        let source = try String(contentsOf: URL(fileURLWithPath: testFile), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard let begin = lines.firstIndex(where: { $0.hasSuffix("// Article begins") }),
              let end = lines.firstIndex(where: { $0.hasSuffix("// Article ends") }) else {
            Issue.record("no markers in \(testFile)", sourceLocation: sourceLocation)
            return
        }
        let code = lines[(begin + 1)..<end].map { String($0.dropFirst(indent)) }.joined(separator: "\n")
        let text = try String(contentsOf: root.appendingPathComponent(article), encoding: .utf8)
        #expect(text.contains("```swift\n" + code + "\n```"), "\(article) lacks:\n\(code)", sourceLocation: sourceLocation)
    }
}
