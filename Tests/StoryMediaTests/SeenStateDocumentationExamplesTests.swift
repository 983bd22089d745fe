import Foundation
import StoryKitTestSupport
import StoryMedia
import Testing

/// Mirrors the seen-state snippet of README.md ("Seen state") and of the StoryMedia DocC landing
/// page, so that it compiles and does what the comments say.
@Suite struct SeenStateDocumentationExamplesTests {
    /// A story item as the snippet's `stories` holds them.
    struct Story { let id: String }

    @Test func theSnippetOpensAtTheFirstUnseenItemAndRemembersIt() async throws {
        try await TemporaryFolder.with { temporary in
            let stories = [Story(id: "story-4"), Story(id: "story-17"), Story(id: "story-23")]
            // The documentation's folder, which the test does not write into:
            let applicationSupport = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)
            #expect(!applicationSupport.isEmpty)

            // The snippet, with the test's folder.
            let folder = temporary.url
            let store = SeenStateStore(fileURL: folder.appendingPathComponent("seen.json"))

            var seen: Set<String>
            do {
                seen = try await store.load()                  // [] before the first save
            } catch {
                seen = []   // corrupt, or from a newer release: start with nothing seen (see SeenStateError)
            }
            let start = stories.firstIndex { !seen.contains($0.id) } ?? 0   // the viewer opens here

            // When the viewer says an item counts as seen:
            try await store.markSeen([stories[start].id])      // saved atomically before it returns
            seen.insert(stories[start].id)

            #expect(start == 0)
            #expect(seen == ["story-4"])
            // After a relaunch the viewer opens at the second story.
            let relaunched = try await SeenStateStore(fileURL: folder.appendingPathComponent("seen.json")).load()
            #expect(stories.firstIndex { !relaunched.contains($0.id) } == 1)
        }
    }

    @Test func aCorruptFileTakesTheSnippetsCatchAndTheNextSaveRepairsIt() async throws {
        try await TemporaryFolder.with { temporary in
            let folder = temporary.url
            try Data("not a seen state".utf8).write(to: folder.appendingPathComponent("seen.json"))
            let store = SeenStateStore(fileURL: folder.appendingPathComponent("seen.json"))

            var seen: Set<String>
            do {
                seen = try await store.load()
                Issue.record("a corrupt file loaded")
            } catch {
                seen = []
            }
            try await store.markSeen(["story-4"])
            seen.insert("story-4")

            let relaunched = try await SeenStateStore(fileURL: folder.appendingPathComponent("seen.json")).load()
            #expect(relaunched == seen)
        }
    }
}
