import Foundation
import StoryKit
import StoryKitTestServer
@testable import StoryMedia

/// A media pipeline over the real URLSession transport against a loopback server, with its
/// events collected, for the pipeline's tests.
struct PipelineHarness: Sendable {
    let server: LoopbackServer
    let pipeline: MediaPipeline
    let received: Locked<[MediaPipeline.Event]>
    let listener: Task<Void, Never>

    /// A pipeline (cache in `cacheFolder`, if given) against `server`.
    /// `date` is the pipeline's wall clock (seconds since 1970), for freshness across runs.
    init(server: LoopbackServer, cacheFolder: URL?, maximumConcurrent: Int = 4,
         retry: RetryPolicy = RetryPolicy(baseDelay: 0.05, multiplier: 2, maximumDelay: 1, jitter: 0, maximumAttempts: 4),
         date: (@Sendable () -> Double)? = nil) {
        self.server = server
        var clock = MediaPipeline.Clock.system
        if let date { clock.date = date }
        pipeline = MediaPipeline(transport: URLSessionTransport(timeout: 10),
                                 cache: cacheFolder.map { DiskCache(folder: $0, capacity: 64 << 20) },
                                 configuration: .init(maximumConcurrent: maximumConcurrent, retry: retry), clock: clock)
        let received = Locked<[MediaPipeline.Event]>([])
        self.received = received
        let events = pipeline.events
        listener = Task { for await event in events { received.withLock { $0.append(event) } } }
    }

    /// The events so far.
    var events: [MediaPipeline.Event] { received.value }

    /// The `.loaded` events so far, as (url path, items, source).
    var loads: [(path: String, items: [String], source: MediaPipeline.Source)] {
        events.compactMap { event in
            guard case let .loaded(url, items, source, _, _) = event else { return nil }
            return (URL(string: url)?.path ?? url, items, source)
        }
    }

    /// The `.failed` events so far, as (url path, items, failure).
    var failures: [(path: String, items: [String], failure: RetryPolicy.Failure)] {
        events.compactMap { event in
            guard case let .failed(url, items, failure) = event else { return nil }
            return (URL(string: url)?.path ?? url, items, failure)
        }
    }

    /// Waits (up to 20 s) until `condition` holds; returns whether it did.
    func wait(until condition: @Sendable (PipelineHarness) -> Bool) async -> Bool {
        for _ in 0..<2_000 {
            if condition(self) { return true }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return condition(self)
    }

    /// A request for `path` on the server.
    func request(_ item: String, _ path: String, _ priority: PrefetchPlan.Priority,
                 _ kind: PrefetchPlan.Request.Kind = .image) -> PrefetchPlan.Request {
        PrefetchPlan.Request(itemID: item, url: server.url(path).absoluteString, kind: kind, priority: priority)
    }

    /// The requests the server saw for `path`.
    func served(_ path: String) -> [RequestRecord] {
        server.requests.filter { $0.path == "/" + path || $0.path == path }
    }

    /// Stops listening and shuts the server down.
    func finish() async throws {
        listener.cancel()
        try await server.shutdown()
    }
}

/// Deterministic test bodies.
enum MediaBytes {
    /// `count` bytes from a seed (xorshift).
    static func make(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
    }
}
