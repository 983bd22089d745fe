import Foundation
import StoryKit
@testable import StoryMedia
import Testing

/// ``MediaPipeline/Configuration/requestTimeout``: the pipeline gives up on a silent request
/// after that many seconds of its own clock (a ``VirtualClock`` here, moved only by the test),
/// each answer or piece of body starting the count again, on the table's downloads and on direct
/// reads alike. Every wait is for an event; nothing sleeps and no time is measured.
@Suite struct MediaPipelineSilenceTests {
    private let transport = StepTransport()
    private let time = VirtualClock()

    /// A pipeline that times requests out after 2 s of silence on the virtual clock and retries
    /// after 3 s, without jitter.
    private func pipeline() -> MediaPipeline {
        let retry = RetryPolicy(baseDelay: 3, multiplier: 1, maximumDelay: 3, jitter: 0, maximumAttempts: 2)
        return MediaPipeline(transport: transport, dataCache: nil, configuration: .init(retry: retry, requestTimeout: 2),
                             clock: time.clock)
    }

    /// A plan whose current item `a` wants the image at `url`.
    private func plan(_ url: String) -> PrefetchPlan {
        PrefetchPlan(requests: [.init(itemID: "a", url: url, kind: .image, priority: .current)], mayPrefetch: true)
    }

    @Test func aSilentRequestTimesOutAfterTheTimeoutOnThePipelinesClockAndNotBefore() async throws {
        let pipeline = pipeline()
        var events = pipeline.events.makeAsyncIterator()
        var opened = transport.opened.makeAsyncIterator()
        var sleeps = time.sleeps.makeAsyncIterator()
        let url = "http://media.test/a.jpg"
        await pipeline.update(plan(url))
        _ = try #require(await opened.next())
        #expect(await sleeps.next() == 2)                      // the watch of the first request
        time.advance(by: 1.999)
        #expect(transport.openedCount == 1)
        time.advance(by: 0.001)
        #expect(await events.next() == .retrying(url: url, attempt: 1, failure: .timedOut, delay: 3))
        // The retry's wait is on the same clock; the second silent attempt fails the item.
        #expect(await sleeps.next() == 3)
        time.advance(by: 3)
        _ = try #require(await opened.next())
        #expect(await sleeps.next() == 2)
        time.advance(by: 2)
        #expect(await events.next() == .failed(url: url, items: ["a"], failure: .timedOut))
        let statistics = await pipeline.statistics
        #expect(statistics.retries == 1 && statistics.failures == 1)
    }

    @Test func eachAnswerStartsTheSilenceAgainAndAFinishedLoadIsNotTimedOut() async throws {
        let pipeline = pipeline()
        var events = pipeline.events.makeAsyncIterator()
        var opened = transport.opened.makeAsyncIterator()
        var sleeps = time.sleeps.makeAsyncIterator()
        let url = "http://media.test/a.jpg"
        await pipeline.update(plan(url))
        let exchange = try #require(await opened.next())
        #expect(await sleeps.next() == 2)
        time.advance(by: 1.5)
        exchange.continuation.yield(.response(TransportResponse(status: 200, headers: ["Content-Length": "4"])))
        exchange.continuation.yield(.body([1, 2]))
        // The body so far is read on the pipeline: wait until it is (a read of the first 2 bytes).
        _ = try await pipeline.bytes(of: try #require(URL(string: url)), in: 0..<2)
        // At 2 s the watch wakes and finds 0.5 s of silence: it waits the 1.5 s still missing.
        time.advance(by: 0.5)
        #expect(await sleeps.next() == 1.5)
        exchange.continuation.yield(.body([3, 4]))
        exchange.continuation.finish()
        #expect(await events.next() == .loaded(url: url, items: ["a"], source: .network, bytes: 4, seconds: 2))
        time.advance(by: 10)                                   // the watch is over: nothing fails later
        let statistics = await pipeline.statistics
        #expect(statistics.failures == 0 && statistics.retries == 0)
    }

    @Test func aSilentDirectReadThrowsTimedOut() async throws {
        let pipeline = pipeline()
        var opened = transport.opened.makeAsyncIterator()
        var sleeps = time.sleeps.makeAsyncIterator()
        let read = Task { try await pipeline.data(for: "http://media.test/avatar.jpg") }
        _ = try #require(await opened.next())
        #expect(await sleeps.next() == 2)
        time.advance(by: 2)
        await #expect(throws: MediaPipeline.ReadError.failed(.timedOut)) { try await read.value }
    }

    @Test func theTimeoutIsOffByDefaultAndClampedWhenSet() {
        #expect(MediaPipeline.Configuration().requestTimeout == nil)
        #expect(MediaPipeline.Configuration(requestTimeout: .nan).requestTimeout == nil)
        #expect(MediaPipeline.Configuration(requestTimeout: 0).requestTimeout == 0.001)
        #expect(MediaPipeline.Configuration(requestTimeout: -5).requestTimeout == 0.001)
        #expect(MediaPipeline.Configuration(requestTimeout: .infinity).requestTimeout == 86_400)
        #expect(MediaPipeline.Configuration(requestTimeout: 1.5).requestTimeout == 1.5)
        // The watch's rule: the silence still to wait, never firing on times that are not finite.
        #expect(MediaPipeline.SilenceWatch.wait(lastHeard: 10, timeout: 2, now: 11.5) == 0.5)
        #expect(MediaPipeline.SilenceWatch.wait(lastHeard: 10, timeout: 2, now: 13) == -1)
        #expect(MediaPipeline.SilenceWatch.wait(lastHeard: 10, timeout: 2, now: 5) == 7)   // the clock went back
        #expect(MediaPipeline.SilenceWatch.wait(lastHeard: 10, timeout: 2, now: .nan) > 0)
        #expect(MediaPipeline.SilenceWatch.wait(lastHeard: .nan, timeout: 2, now: 13) > 0)
    }
}
