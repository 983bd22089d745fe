import Foundation
import StoryKit
import StoryKitTestServer
import StoryKitTestSupport
@testable import StoryMedia
import Testing

/// A ``PrefetchFeed`` told the device's conditions: its plans, and so the pipeline's loads,
/// follow them.
@Suite(.serialized) struct PrefetchFeedConditionsTests {
    @Test func underLowDataModeOnlyTheCurrentUsersNextItemIsPrefetched() async throws {
        let server = try await LoopbackServer.start(latency: .milliseconds(20))
        for user in ["a", "b"] {
            for index in 1...3 { server.setRoute("\(user)/\(index).jpg", .bytes(MediaBytes.make(count: 20_000, seed: UInt64(index)))) }
        }
        let harness = PipelineHarness(server: server, cacheFolder: nil, maximumConcurrent: 1)
        let source = AppliedPlans(harness.pipeline)
        let prefetch = PrefetchFeed(source: source)   // 2 items and 2 users ahead normally
        prefetch.conditions = PrefetchConditions(isLowDataMode: true)
        #expect(prefetch.conditions.isSavingData)
        var viewer = StoriesViewer(feed: StoryFeed(users: ["a", "b"].map { user in
            StoryUser(id: user, name: user, items: (1...3).map { index in
                StoryItem(id: "\(user)\(index)", kind: .image, url: server.url("\(user)/\(index).jpg").absoluteString)
            })
        }), pageSize: Size(width: 390, height: 844))
        prefetch.update(to: viewer)
        viewer.media(.displaying, for: "a1", time: 0.1)
        prefetch.update(to: viewer)
        #expect(await source.waitForPlan { $0.mayPrefetch && $0.requests.map(\.itemID) == ["a1", "a2"] })
        #expect(await harness.wait { $0.loads.count == 2 })
        #expect(server.requests.map(\.path) == ["/a/1.jpg", "/a/2.jpg"])

        // Back on a free network the next plan reaches further.
        prefetch.conditions = PrefetchConditions()
        prefetch.update(to: viewer)
        #expect(await source.waitForPlan { $0.requests.map(\.itemID) == ["a1", "a2", "a3", "b1"] })
        prefetch.stop()
        #expect(await source.waitForPlan { $0.requests.isEmpty })
        try await harness.finish()
    }
}
