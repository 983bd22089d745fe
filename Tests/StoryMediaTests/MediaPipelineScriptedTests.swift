import Foundation
import StoryKit
@testable import StoryMedia
import Testing

/// The pipeline driven step by step: a ``StepTransport`` the test answers, a ``VirtualClock``
/// that moves only when the test moves it, and a cache in memory. Every wait is for an event
/// (a request opened, a sleep started, an event sent); nothing sleeps and no time is measured.
@Suite struct MediaPipelineScriptedTests {
    private let transport = StepTransport()
    private let time = VirtualClock()
    private let cache = MemoryDataCache()

    /// A pipeline over the step transport, the virtual clock and the memory cache; retries
    /// after 2 s, then 4 s, without jitter.
    private func pipeline() -> MediaPipeline {
        let retry = RetryPolicy(baseDelay: 2, multiplier: 2, maximumDelay: 60, jitter: 0, maximumAttempts: 4)
        return MediaPipeline(transport: transport, dataCache: cache, configuration: .init(retry: retry), clock: time.clock)
    }

    /// A plan whose current item `item` wants the image at `url`.
    private func plan(_ url: String, item: String = "a") -> PrefetchPlan {
        PrefetchPlan(requests: [.init(itemID: item, url: url, kind: .image, priority: .current)], mayPrefetch: true)
    }

    @Test func aFailedAttemptIsTriedAgainAfterItsBackoffOnThePipelinesClockAndNotBefore() async throws {
        let pipeline = pipeline()
        var events = pipeline.events.makeAsyncIterator()
        var opened = transport.opened.makeAsyncIterator()
        var sleeps = time.sleeps.makeAsyncIterator()
        let url = "http://media.test/a.jpg"
        await pipeline.update(plan(url))

        try #require(await opened.next()).answer(503)
        let retrying = await events.next()
        #expect(retrying == .retrying(url: url, attempt: 1, failure: .status(503), delay: 2))
        #expect(await sleeps.next() == 2)
        time.advance(by: 1.999)
        // The only way to a second request is through the sleep, which is not over.
        #expect(transport.openedCount == 1)
        time.advance(by: 0.001)

        let second = try #require(await opened.next())
        #expect(second.request.start == 0 && second.request.end == nil)
        second.answer(200, ["Content-Length": "3"], body: [1, 2, 3])
        #expect(await events.next() == .loaded(url: url, items: ["a"], source: .network, bytes: 3, seconds: 2))
        #expect(await pipeline.statistics.retries == 1)
    }

    @Test func aCodedBodyIsMeasuredByItsBytesNotItsContentLengthOnBothPaths() async throws {
        // Content-Length counts the gzip bytes; the transport hands over the 30 decoded ones.
        let coded = ["Content-Length": "10", "Content-Encoding": "gzip"]
        let body = [UInt8](repeating: 7, count: 30)
        let pipeline = pipeline()
        var events = pipeline.events.makeAsyncIterator()
        var opened = transport.opened.makeAsyncIterator()

        // The table's download.
        await pipeline.update(plan("http://media.test/a.jpg"))
        try #require(await opened.next()).answer(200, coded, body: body)
        #expect(await events.next() == .loaded(url: "http://media.test/a.jpg", items: ["a"], source: .network, bytes: 30, seconds: 0))

        // A direct read of media no item wants: the whole body, and it is kept (its length known).
        let read = Task { try await pipeline.data(for: "http://media.test/b.jpg") }
        try #require(await opened.next()).answer(200, coded, body: body)
        #expect(try await read.value == body)
        await pipeline.flush()
        let stored = try #require(cache.entries.value["http://media.test/b.jpg"].flatMap(MediaRecord.init(decoding:)))
        #expect(stored.length == 30 && stored.bytes == body)
    }

    @Test func byteRangesAreServedWhenAcceptRangesListsBytesOnTheDirectPath() async throws {
        let pipeline = pipeline()
        var opened = transport.opened.makeAsyncIterator()
        for (field, serves) in [("none", false), ("Bytes", true), ("x-bytes", false), ("none, bytes", true)] {
            let url = try #require(URL(string: "http://media.test/\(serves)-\(field.count).mp4"))
            let info = Task { try await pipeline.info(for: url) }
            try #require(await opened.next()).answer(200, ["Content-Length": "4", "Accept-Ranges": field], body: [1, 2, 3, 4])
            #expect(try await info.value.servesRanges == serves, "Accept-Ranges: \(field)")
        }
    }

    @Test func aNoStoreResponseIsWrittenByNeitherPath() async throws {
        let pipeline = pipeline()
        var events = pipeline.events.makeAsyncIterator()
        var opened = transport.opened.makeAsyncIterator()
        let headers = ["Content-Length": "3", "Cache-Control": "no-store"]

        await pipeline.update(plan("http://media.test/a.jpg"))
        try #require(await opened.next()).answer(200, headers, body: [1, 2, 3])
        _ = await events.next()
        let read = Task { try await pipeline.data(for: "http://media.test/b.jpg") }
        try #require(await opened.next()).answer(200, headers, body: [4, 5, 6])
        #expect(try await read.value == [4, 5, 6])
        await pipeline.update(PrefetchPlan(requests: [], mayPrefetch: false))   // the item leaves
        await pipeline.flush()
        #expect(cache.log.value.isEmpty)
    }

    @Test func undecodableBytesAreRemovedFromTheCacheAfterTheyWereWritten() async throws {
        let pipeline = pipeline()
        var events = pipeline.events.makeAsyncIterator()
        var opened = transport.opened.makeAsyncIterator()
        let url = "http://media.test/a.jpg"
        await pipeline.update(plan(url))
        try #require(await opened.next()).answer(200, ["Content-Length": "3"], body: [1, 2, 3])
        _ = await events.next()

        await pipeline.reportUndecodable(url: url)
        #expect(await events.next() == .failed(url: url, items: ["a"], failure: .undecodable))
        #expect(cache.log.value == ["+" + url, "-" + url])
        #expect(cache.entries.value.isEmpty)
    }
}
