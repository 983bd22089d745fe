import Foundation
import StoryKit
import StoryKitTestServer
import StoryKitTestSupport
@testable import StoryMedia
import Testing

/// A viewer driving the media pipeline through a ``PrefetchFeed`` (as the view controller
/// does), against the loopback server.
@Suite(.serialized) struct PrefetchFeedTests {
    /// A feed of two users of three images each on `server`.
    private func feed(_ server: LoopbackServer) -> StoryFeed {
        StoryFeed(users: ["a", "b"].map { user in
            StoryUser(id: user, name: user, items: (1...3).map { index in
                StoryItem(id: "\(user)\(index)", kind: .image, url: server.url("\(user)/\(index).jpg").absoluteString)
            })
        })
    }

    @Test func theViewersMovesLoadTheCurrentItemThenWhatComesNextAndTheCloseCancelsTheRest() async throws {
        let server = try await LoopbackServer.start(latency: .milliseconds(20))
        for user in ["a", "b"] {
            for index in 1...3 { server.setRoute("\(user)/\(index).jpg", .bytes(MediaBytes.make(count: 30_000, seed: UInt64(index)))) }
        }
        let harness = PipelineHarness(server: server, cacheFolder: nil, maximumConcurrent: 1)
        let source = AppliedPlans(harness.pipeline)
        let prefetch = PrefetchFeed(source: source, configuration: .init(itemsAhead: 1, usersAhead: 1))
        var viewer = StoriesViewer(feed: feed(server), pageSize: Size(width: 390, height: 844))

        prefetch.update(to: viewer)
        #expect(await harness.wait { $0.loads.count == 1 })
        #expect(harness.loads.first?.items == ["a1"])
        viewer.media(.ready, for: "a1", time: 0.1)
        viewer.media(.displaying, for: "a1", time: 0.1)
        prefetch.update(to: viewer)           // displayable: prefetching may start
        #expect(await harness.wait { $0.loads.count == 3 })
        #expect(server.requests.map(\.path) == ["/a/1.jpg", "/a/2.jpg", "/b/1.jpg"])

        viewer.nextItem(time: 1)
        prefetch.update(to: viewer)
        #expect(await harness.wait { $0.loads.count == 4 })
        #expect(server.requests.last?.path == "/a/3.jpg")
        #expect(harness.loads.last?.items == ["a3"])

        viewer.close(time: 2)
        prefetch.stop()
        // The stop sends an empty plan; once the pipeline has applied it, nothing is loading.
        #expect(await source.waitForPlan { $0.requests.isEmpty && !$0.mayPrefetch })
        #expect(await harness.pipeline.downloads.isEmpty)
        try await harness.finish()
    }

    @Test func theViewersRetryFetchesAFailedItemAgain() async throws {
        let server = try await LoopbackServer.start()
        for user in ["a", "b"] {
            for index in 1...3 { server.setRoute("\(user)/\(index).jpg", .bytes(MediaBytes.make(count: 10_000, seed: UInt64(index)))) }
        }
        var route = Route.bytes(MediaBytes.make(count: 10_000, seed: 3))
        route.faults = [.status(404)]
        server.setRoute("a/1.jpg", route)
        let harness = PipelineHarness(server: server, cacheFolder: nil)
        let prefetch = PrefetchFeed(source: harness.pipeline)
        var viewer = StoriesViewer(feed: feed(server), pageSize: Size(width: 390, height: 844))
        prefetch.update(to: viewer)
        #expect(await harness.wait { $0.failures.map(\.items) == [["a1"]] })
        viewer.media(.failed(reason: "404"), for: "a1", time: 0.2)
        prefetch.update(to: viewer)
        #expect(harness.served("a/1.jpg").count == 1)

        viewer.retry(time: 1)
        prefetch.update(to: viewer)
        #expect(await harness.wait { $0.loads.contains { $0.items == ["a1"] } })
        #expect(harness.served("a/1.jpg").map(\.status) == [404, 200])
        try await harness.finish()
    }
}
