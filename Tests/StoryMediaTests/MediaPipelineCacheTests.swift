import Foundation
import StoryKit
import StoryKitTestServer
import StoryKitTestSupport
@testable import StoryMedia
import Testing

/// The media pipeline with its disk cache across restarts: a restart serves a fresh copy from disk
/// without the network, a damaged file is fetched again, undecodable bytes are dropped.
@Suite(.serialized) struct MediaPipelineCacheTests {
    @Test func aRestartServesAFreshCopyFromDiskWithoutARequest() async throws {
        try await TemporaryFolder.with { folder in
            let body = MediaBytes.make(count: 80_000, seed: 20)
            let server = try await LoopbackServer.start()
            var route = Route.bytes(body)
            route.cacheControl = "max-age=3600"   // fresh for an hour: no need to ask
            server.setRoute("kept.jpg", route)
            let first = PipelineHarness(server: server, cacheFolder: folder.cacheFolder)
            await first.pipeline.update(PrefetchPlan(requests: [first.request("k", "kept.jpg", .current)], mayPrefetch: false))
            #expect(await first.wait { $0.loads.count == 1 })
            await first.pipeline.flush()
            #expect(try folder.cacheFiles().count == 1)

            let second = PipelineHarness(server: server, cacheFolder: folder.cacheFolder)
            await second.pipeline.update(PrefetchPlan(requests: [second.request("k", "kept.jpg", .current)], mayPrefetch: false))
            #expect(await second.wait { $0.loads.count == 1 })
            #expect(second.loads.first?.source == .disk)
            #expect(second.served("kept.jpg").count == 1)
            #expect(try await second.pipeline.data(for: server.url("kept.jpg").absoluteString) == body)
            try await first.finish()
        }
    }

    @Test func aCacheFileDamagedOnDiskBetweenRunsIsNeverServedAndIsFetchedAgain() async throws {
        try await TemporaryFolder.with { folder in
            let body = MediaBytes.make(count: 80_000, seed: 21)
            let server = try await LoopbackServer.start()
            server.setRoute("damaged.jpg", .bytes(body))
            let key = server.url("damaged.jpg").absoluteString
            let first = PipelineHarness(server: server, cacheFolder: folder.cacheFolder)
            await first.pipeline.update(PrefetchPlan(requests: [first.request("d", "damaged.jpg", .current)], mayPrefetch: false))
            #expect(await first.wait { $0.loads.count == 1 })
            await first.pipeline.flush()

            var bytes = try [UInt8](Data(contentsOf: folder.entryFile(key)))
            bytes[bytes.count - 1_000] ^= 0x40
            try Data(bytes).write(to: folder.entryFile(key))

            let second = PipelineHarness(server: server, cacheFolder: folder.cacheFolder)
            await second.pipeline.update(PrefetchPlan(requests: [second.request("d", "damaged.jpg", .current)], mayPrefetch: false))
            #expect(await second.wait { $0.loads.count == 1 })
            #expect(second.loads.first?.source == .network)
            #expect(second.served("damaged.jpg").count == 2)
            #expect(try await second.pipeline.data(for: key) == body)
            try await first.finish()
        }
    }

    @Test func undecodableBytesFailTheItemsAndLeaveTheCache() async throws {
        try await TemporaryFolder.with { folder in
            let server = try await LoopbackServer.start()
            var route = Route.bytes(MediaBytes.make(count: 30_000, seed: 22))
            route.faults = [.corrupt]
            server.setRoute("garbage.jpg", route)
            let key = server.url("garbage.jpg").absoluteString
            let harness = PipelineHarness(server: server, cacheFolder: folder.cacheFolder)
            await harness.pipeline.update(PrefetchPlan(requests: [harness.request("g", "garbage.jpg", .current)], mayPrefetch: false))
            #expect(await harness.wait { $0.loads.count == 1 })
            let bytes = try await harness.pipeline.data(for: key)
            #expect(bytes.allSatisfy { $0 == 0xFF })

            await harness.pipeline.reportUndecodable(url: key)
            #expect(await harness.wait { !$0.failures.isEmpty })
            #expect(harness.failures.first?.items == ["g"])
            #expect(harness.failures.first?.failure == .undecodable)
            let statistics = await harness.pipeline.statistics
            #expect(statistics.failures == 1, "undecodable bytes are a failure")
            #expect(statistics.loads[.network, default: 0] == 0, "and not a load")
            #expect(await harness.wait { _ in !FileManager.default.fileExists(atPath: folder.entryFile(key).path) })

            await harness.pipeline.retry(url: key)
            #expect(await harness.wait { $0.loads.count == 2 })
            #expect(harness.served("garbage.jpg").count == 2)
            #expect(try await harness.pipeline.data(for: key) == MediaBytes.make(count: 30_000, seed: 22))
            try await harness.finish()
        }
    }
}
