import Foundation
import StoryKit
import StoryKitTestServer
import StoryKitTestSupport
import StoryMedia
import Testing

/// Mirrors the media-pipeline snippet of README.md ("The media pipeline") and of the DocC
/// article, so that it compiles and does what it says, against a loopback server.
@Suite struct MediaPipelineDocumentationExamplesTests {
    @Test func theSnippetLoadsTheCurrentItemAndSaysFromWhere() async throws {
        try await TemporaryFolder.with { temporary in
            try await LoopbackServer.with { server in
                server.setRoute("1.jpg", .bytes(MediaBytes.make(count: 4_000, seed: 1)))
                let feed = StoryFeed(users: [StoryUser(id: "a", name: "A", items: [
                    StoryItem(id: "a1", kind: .image, url: server.url("1.jpg").absoluteString),
                ])])
                let viewer = StoriesViewer(feed: feed, pageSize: Size(width: 390, height: 844))
                var printed: [String] = []
                func print(_ line: String) { printed.append(line) }
                let caches = temporary.url

                // The snippet (the loop ends at the first load here).
                let pipeline = MediaPipeline(cache: DiskCache(folder: caches.appendingPathComponent("stories"),
                                                              capacity: 500 << 20))
                let prefetch = PrefetchFeed(source: pipeline)   // StoriesViewController does this for you
                prefetch.update(to: viewer)                     // after every change of the viewer
                for await event in pipeline.events {
                    if case let .loaded(url, items, source, bytes, seconds) = event {
                        print("\(url): \(bytes) bytes from \(source) in \(seconds) s for \(items)")
                        break
                    }
                }

                #expect(printed.count == 1)
                #expect(printed.first?.hasPrefix("\(server.url("1.jpg").absoluteString): 4000 bytes from network in ") == true)
                #expect(printed.first?.hasSuffix(" s for [\"a1\"]") == true)
            }
        }
    }
}
