import Foundation
import StoryKit
import StoryKitTestServer
@testable import StoryMedia
import Testing

/// What the pipeline says when the network fails, through the real URLSession transport against
/// the loopback server: a server that is not there (refused), a connection reset mid-body, a body
/// closed short of its length and a server that never answers are four different failures, so a
/// user can tell the server is down from a flaky link.
@Suite(.serialized) struct TransportFailureClassificationTests {
    /// One attempt, so the first failure is the one reported.
    static let once = RetryPolicy(maximumAttempts: 1)

    /// Loads `url` as the current item through a pipeline with `timeout` and returns its failure.
    private func failure(of url: URL, server: LoopbackServer, timeout: Double = 10) async -> RetryPolicy.Failure? {
        let pipeline = MediaPipeline(transport: URLSessionTransport(timeout: timeout), cache: nil,
                                     configuration: .init(retry: Self.once))
        let received = Locked<[MediaPipeline.Event]>([])
        let events = pipeline.events
        let listener = Task { for await event in events { received.withLock { $0.append(event) } } }
        defer { listener.cancel() }
        await pipeline.update(PrefetchPlan(requests: [
            PrefetchPlan.Request(itemID: "item", url: url.absoluteString, kind: .image, priority: .current),
        ], mayPrefetch: false))
        let failed = await server.wait(timeout: .seconds(30)) { _ in
            received.value.contains { if case .failed = $0 { true } else { false } }
        }
        #expect(failed, "the load ended")
        #expect(await pipeline.statistics.failures == 1)
        return received.value.lazy.compactMap { event -> RetryPolicy.Failure? in
            if case let .failed(_, items, failure) = event, items == ["item"] { return failure } else { return nil }
        }.first
    }

    @Test func aServerThatIsNotThereIsRefusedNotReset() async throws {
        try await LoopbackServer.with { server in
            let down = try await LoopbackServer.refusedURL("avatar.jpg")
            #expect(await failure(of: down, server: server) == .connectionRefused)
            #expect(RetryPolicy.Failure.connectionRefused.isTransient)
        }
    }

    @Test func aConnectionResetMidBodyIsAReset() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("photo.jpg", .generated(length: 200_000, seed: 3, faults: [.reset(afterBytes: 20_000)]))
            #expect(await failure(of: server.url("photo.jpg"), server: server) == .connectionReset)
            #expect(server.requests.count == 1)
        }
    }

    @Test func aBodyClosedShortOfItsLengthIsTruncatedNotReset() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("photo.jpg", .generated(length: 200_000, seed: 3, faults: [.truncate(afterBytes: 20_000)]))
            let failure = await failure(of: server.url("photo.jpg"), server: server)
            #expect(failure == .truncatedBody(received: 20_000, expected: 200_000))
        }
    }

    @Test func aServerThatNeverAnswersTimesOutAfterTheTransportsTimeout() async throws {
        try await LoopbackServer.with { server in
            server.setRoute("photo.jpg", .generated(length: 2_000, seed: 3, faults: [.hang]))
            #expect(await failure(of: server.url("photo.jpg"), server: server, timeout: 1) == .timedOut)
            #expect(server.requests.first?.status == nil, "no status line was sent")
        }
    }
}
