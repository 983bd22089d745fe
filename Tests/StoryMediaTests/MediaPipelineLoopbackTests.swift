import Foundation
import StoryKit
import StoryKitTestServer
import StoryKitTestSupport
@testable import StoryMedia
import Testing

/// The media pipeline against a real HTTP server on loopback (started and stopped by each
/// test), through the real URLSession transport: priorities, coalescing, cancellation, retries,
/// resume and the disk cache, as the server sees them.
@Suite(.serialized) struct MediaPipelineLoopbackTests {
    @Test func downloadsReachTheServerInPriorityOrderAndPrefetchWaitsForTheCurrentItem() async throws {
        let server = try await LoopbackServer.start(latency: .milliseconds(30))
        for (index, path) in ["next-user.jpg", "current.jpg", "next-2.jpg", "next-1.jpg"].enumerated() {
            server.setRoute(path, .bytes(MediaBytes.make(count: 20_000, seed: UInt64(index))))
        }
        let harness = PipelineHarness(server: server, cacheFolder: nil, maximumConcurrent: 1)
        await harness.pipeline.update(PrefetchPlan(requests: [
            harness.request("c", "current.jpg", .current), harness.request("n1", "next-1.jpg", .nextItem),
            harness.request("n2", "next-2.jpg", .nextItem), harness.request("u", "next-user.jpg", .nextUser),
        ], mayPrefetch: false))

        #expect(await harness.wait { $0.loads.count == 4 })
        #expect(server.requests.map(\.path) == ["/current.jpg", "/next-1.jpg", "/next-2.jpg", "/next-user.jpg"])
        #expect(harness.loads.map(\.items) == [["c"], ["n1"], ["n2"], ["u"]])
        // One connection at a time: each request arrived after the previous one finished.
        let requests = server.requests
        for (earlier, later) in zip(requests, requests.dropFirst()) { #expect(earlier.finished && later.received > earlier.received) }
        try await harness.finish()
    }

    @Test func itemsSharingAURLAndConcurrentReadersMakeOneRequest() async throws {
        let body = MediaBytes.make(count: 300_000, seed: 7)
        let server = try await LoopbackServer.start(latency: .milliseconds(50))
        server.setRoute("shared.jpg", .bytes(body))
        let harness = PipelineHarness(server: server, cacheFolder: nil)
        let url = harness.server.url("shared.jpg")
        await harness.pipeline.update(PrefetchPlan(requests: [
            harness.request("a", "shared.jpg", .current), harness.request("b", "shared.jpg", .nextItem),
            harness.request("c", "shared.jpg", .nextUser),
        ], mayPrefetch: true))
        let readers = (0..<6).map { _ in Task { try await harness.pipeline.data(for: url.absoluteString) } }
        for reader in readers { #expect(try await reader.value == body) }

        #expect(await harness.wait { $0.loads.count == 1 })
        #expect(harness.served("shared.jpg").count == 1)
        #expect(harness.loads.first?.items == ["a", "b", "c"])
        try await harness.finish()
    }

    @Test func movingAwayClosesTheConnectionsOutsideTheWindowAndNoStaleItemHearsBack() async throws {
        let server = try await LoopbackServer.start(bytesPerSecond: 200_000)
        server.setRoute("current.jpg", .bytes(MediaBytes.make(count: 10_000, seed: 1)))
        server.setRoute("far.mp4", .bytes(MediaBytes.make(count: 2_000_000, seed: 2)))
        server.setRoute("new.jpg", .bytes(MediaBytes.make(count: 10_000, seed: 3)))
        let harness = PipelineHarness(server: server, cacheFolder: nil)
        await harness.pipeline.update(PrefetchPlan(requests: [
            harness.request("c", "current.jpg", .current), harness.request("far", "far.mp4", .nextUser, .wholeVideo),
        ], mayPrefetch: true))
        #expect(await harness.wait { $0.served("far.mp4").first.map { $0.bodyBytesSent > 0 } ?? false })

        await harness.pipeline.update(PrefetchPlan(requests: [harness.request("new", "new.jpg", .current)], mayPrefetch: true))
        #expect(await harness.wait { harness in harness.served("far.mp4").first?.abandoned == true })
        #expect(await harness.wait { $0.loads.contains { $0.items == ["new"] } })
        let far = try #require(harness.served("far.mp4").first)
        #expect(far.bodyBytesSent < 2_000_000)
        #expect(!harness.loads.contains { $0.items.contains("far") })
        #expect(await harness.pipeline.downloads["far.mp4"] == nil)
        try await harness.finish()
    }

    @Test func transientFailuresAreRetriedAfterTheBackoffThenSucceed() async throws {
        let body = MediaBytes.make(count: 50_000, seed: 4)
        let server = try await LoopbackServer.start()
        var route = Route.bytes(body)
        route.faults = [.status(503), .status(500)]
        server.setRoute("flaky.jpg", route)
        let harness = PipelineHarness(server: server, cacheFolder: nil,
                                      retry: RetryPolicy(baseDelay: 0.2, multiplier: 2, maximumDelay: 5, jitter: 0, maximumAttempts: 4))
        await harness.pipeline.update(PrefetchPlan(requests: [harness.request("f", "flaky.jpg", .current)], mayPrefetch: false))

        #expect(await harness.wait { $0.loads.count == 1 })
        let attempts = harness.served("flaky.jpg")
        #expect(attempts.map(\.status) == [503, 500, 200])
        #expect(attempts[1].received - attempts[0].received >= .milliseconds(190))
        #expect(attempts[2].received - attempts[1].received >= .milliseconds(390))
        let retries = harness.events.compactMap { event -> Double? in
            if case let .retrying(_, _, _, delay) = event { return delay } else { return nil }
        }
        #expect(retries == [0.2, 0.4])
        #expect(try await harness.pipeline.data(for: server.url("flaky.jpg").absoluteString) == body)
        try await harness.finish()
    }

    @Test func aMissingFileFailsTheItemsAtOnceWithoutRetrying() async throws {
        let server = try await LoopbackServer.start()
        let harness = PipelineHarness(server: server, cacheFolder: nil)
        await harness.pipeline.update(PrefetchPlan(requests: [
            harness.request("gone", "gone.jpg", .current), harness.request("twin", "gone.jpg", .nextItem),
        ], mayPrefetch: false))

        #expect(await harness.wait { !$0.failures.isEmpty })
        #expect(harness.failures.first?.items == ["gone", "twin"])
        #expect(harness.failures.first?.failure == .status(404))
        #expect(harness.served("gone.jpg").count == 1)
        await #expect(throws: MediaPipeline.ReadError.failed(.status(404))) {
            try await harness.pipeline.bytes(of: server.url("gone.jpg"), in: 0..<10)
        }
        try await harness.finish()
    }

    @Test func aResetMidBodyResumesWithRangeAndIfRange() async throws {
        let body = MediaBytes.make(count: 400_000, seed: 5)
        let server = try await LoopbackServer.start()
        var route = Route.bytes(body)
        route.etag = "\"v1\""
        route.faults = [.reset(afterBytes: 150_000)]
        server.setRoute("video.mp4", route)
        let harness = PipelineHarness(server: server, cacheFolder: nil)
        await harness.pipeline.update(PrefetchPlan(requests: [harness.request("v", "video.mp4", .current, .wholeVideo)],
                                                   mayPrefetch: false))

        #expect(await harness.wait { $0.loads.count == 1 })
        let attempts = harness.served("video.mp4")
        #expect(attempts.count == 2)
        let resumedAt = try #require(attempts.last?.range.flatMap { Int($0.dropFirst(6).dropLast()) })
        #expect(resumedAt > 0 && resumedAt <= 150_000)
        #expect(attempts.last?.ifRange == "\"v1\"")
        #expect(attempts.last?.status == 206)
        #expect(attempts.last?.bodyBytesSent == 400_000 - resumedAt)
        #expect(try await harness.pipeline.data(for: server.url("video.mp4").absoluteString) == body)
        try await harness.finish()
    }

    @Test func aBodyCutShortOfItsLengthIsFetchedAgainFromWhereItStopped() async throws {
        let body = MediaBytes.make(count: 120_000, seed: 6)
        let server = try await LoopbackServer.start()
        var route = Route.bytes(body)
        route.lastModified = "Tue, 24 Nov 2026 10:00:00 GMT"
        route.faults = [.truncate(afterBytes: 50_000)]
        server.setRoute("short.jpg", route)
        let harness = PipelineHarness(server: server, cacheFolder: nil)
        await harness.pipeline.update(PrefetchPlan(requests: [harness.request("s", "short.jpg", .current)], mayPrefetch: false))

        #expect(await harness.wait { $0.loads.count == 1 })
        let attempts = harness.served("short.jpg")
        #expect(attempts.count == 2)
        #expect(attempts.last?.range == "bytes=50000-")
        #expect(attempts.last?.ifRange == "Tue, 24 Nov 2026 10:00:00 GMT")
        #expect(try await harness.pipeline.data(for: server.url("short.jpg").absoluteString) == body)
        try await harness.finish()
    }

    @Test func aChangedFileIsFetchedWholeNotSplicedOnResume() async throws {
        let old = MediaBytes.make(count: 200_000, seed: 8), new = MediaBytes.make(count: 180_000, seed: 9)
        let server = try await LoopbackServer.start()
        var route = Route.bytes(old)
        route.etag = "\"old\""
        route.faults = [.reset(afterBytes: 60_000)]
        server.setRoute("changing.mp4", route)
        let harness = PipelineHarness(server: server, cacheFolder: nil,
                                      retry: RetryPolicy(baseDelay: 0.3, multiplier: 1, maximumDelay: 1, jitter: 0, maximumAttempts: 3))
        await harness.pipeline.update(PrefetchPlan(requests: [harness.request("x", "changing.mp4", .current, .wholeVideo)],
                                                   mayPrefetch: false))
        #expect(await harness.wait { $0.served("changing.mp4").count == 1 && $0.events.contains { if case .retrying = $0 { true } else { false } } })
        var changed = Route.bytes(new)
        changed.etag = "\"new\""
        server.setRoute("changing.mp4", changed)

        #expect(await harness.wait { $0.loads.count == 1 })
        #expect(harness.served("changing.mp4").last?.status == 200)
        #expect(try await harness.pipeline.data(for: server.url("changing.mp4").absoluteString) == new)
        try await harness.finish()
    }

    @Test func aVideoPrefixIsARangeAndBecomingCurrentLoadsOnlyTheRest() async throws {
        let body = MediaBytes.make(count: 500_000, seed: 10)
        let server = try await LoopbackServer.start()
        var route = Route.bytes(body)
        route.etag = "\"clip\""
        route.contentType = "video/mp4"
        server.setRoute("clip.mp4", route)
        server.setRoute("now.jpg", .bytes(MediaBytes.make(count: 1_000, seed: 11)))
        let harness = PipelineHarness(server: server, cacheFolder: nil)
        await harness.pipeline.update(PrefetchPlan(requests: [
            harness.request("now", "now.jpg", .current), harness.request("clip", "clip.mp4", .nextItem, .videoPrefix(bytes: 65_536)),
        ], mayPrefetch: true))
        #expect(await harness.wait { $0.loads.count == 2 })
        #expect(harness.served("clip.mp4").map(\.range) == ["bytes=0-65535"])
        let clip = server.url("clip.mp4")
        #expect(try await harness.pipeline.bytes(of: clip, in: 1_000..<2_000) == Array(body[1_000..<2_000]))
        let info = try await harness.pipeline.info(for: clip)
        #expect(info == MediaInfo(length: 500_000, contentType: "video/mp4", servesRanges: true))

        // A player reading past the prefix waits for the item's own download, which starts
        // when the item becomes current: no second connection.
        let late = Task { try await harness.pipeline.bytes(of: clip, in: 400_000..<400_100) }
        await harness.pipeline.update(PrefetchPlan(requests: [harness.request("clip", "clip.mp4", .current, .wholeVideo)],
                                                   mayPrefetch: false))
        #expect(try await late.value == Array(body[400_000..<400_100]))
        #expect(harness.served("clip.mp4").map(\.range) == ["bytes=0-65535", "bytes=65536-"])
        #expect(harness.served("clip.mp4").last?.ifRange == "\"clip\"")
        try await harness.finish()
    }

    @Test func mediaNoItemWantsIsReadWithARangeRequest() async throws {
        let body = MediaBytes.make(count: 100_000, seed: 12)
        let server = try await LoopbackServer.start()
        server.setRoute("loose.mp4", .bytes(body))
        let harness = PipelineHarness(server: server, cacheFolder: nil)
        #expect(try await harness.pipeline.bytes(of: server.url("loose.mp4"), in: 10_000..<10_010) == Array(body[10_000..<10_010]))
        #expect(harness.served("loose.mp4").map(\.range) == ["bytes=10000-10009"])
        try await harness.finish()
    }
}
