import Foundation
import StoryKit
@testable import StoryMedia

/// A ``MediaTransport`` that hands every exchange the pipeline opens to the test, which answers
/// it step by step (a head, body bytes, the end): nothing happens until the test says so, and the
/// test waits for "the pipeline opened a request" as an event, never for a length of time.
final class StepTransport: MediaTransport, Sendable {
    /// One exchange the pipeline opened.
    struct Exchange: Sendable {
        /// What the pipeline asked for.
        let request: TransportRequest
        /// Feeds the pipeline's stream of the exchange.
        let continuation: AsyncThrowingStream<TransportEvent, any Error>.Continuation

        /// Sends a head of `status` with `headers`, then `body` in one piece, then the end.
        func answer(_ status: Int, _ headers: [String: String] = [:], body: [UInt8] = []) {
            continuation.yield(.response(TransportResponse(status: status, headers: headers)))
            if !body.isEmpty { continuation.yield(.body(body)) }
            continuation.finish()
        }
    }

    /// The exchanges, in the order the pipeline opened them.
    let opened: AsyncStream<Exchange>
    private let sink: AsyncStream<Exchange>.Continuation
    private let count = Locked(0)

    init() {
        (opened, sink) = AsyncStream.makeStream(of: Exchange.self)
    }

    /// How many exchanges the pipeline has opened.
    var openedCount: Int { count.value }

    func open(_ request: TransportRequest) -> TransportExchange {
        let (events, continuation) = AsyncThrowingStream<TransportEvent, any Error>.makeStream()
        count.withLock { $0 += 1 }
        sink.yield(Exchange(request: request, continuation: continuation))
        return TransportExchange(events: events, setPriority: { _ in }, cancel: { continuation.finish(throwing: CancellationError()) })
    }
}

/// The pipeline's clock for tests: time moves only when the test calls ``advance(by:)``, and each
/// sleep the pipeline starts is reported on ``sleeps`` (its length in seconds), so the test can
/// wait for it as an event.
final class VirtualClock: Sendable {
    private struct Sleeper {
        var deadline: Double
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = 0.0
        var sleepers: [Sleeper] = []
    }

    private let state = Locked(State())
    /// The length of each sleep the pipeline starts, in seconds, in order.
    let sleeps: AsyncStream<Double>
    private let sink: AsyncStream<Double>.Continuation
    /// The wall clock at virtual time 0, in seconds since 1970.
    let epoch = 1_700_000_000.0

    init() {
        (sleeps, sink) = AsyncStream.makeStream(of: Double.self)
    }

    /// The pipeline's clock: monotonic time, sleeps and the wall clock all read this one.
    var clock: MediaPipeline.Clock {
        MediaPipeline.Clock(now: { self.now }, sleep: { try await self.sleep($0) }, date: { self.epoch + self.now })
    }

    /// Seconds since the test started.
    var now: Double { state.value.now }

    /// Waits until the clock has been advanced by `seconds`.
    func sleep(_ seconds: Double) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            state.withLock { $0.sleepers.append(Sleeper(deadline: $0.now + seconds, continuation: continuation)) }
            sink.yield(seconds)
        }
    }

    /// Moves time on by `seconds`, waking the sleepers that are due.
    func advance(by seconds: Double) {
        let due = state.withLock { state -> [Sleeper] in
            state.now += seconds
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}

/// A ``MediaDataCaching`` in memory that records what it was asked, in order.
final class MemoryDataCache: MediaDataCaching {
    /// The entries by key.
    let entries = Locked<[String: [UInt8]]>([:])
    /// The keys stored and removed, in order (`+key`, `-key`).
    let log = Locked<[String]>([])

    func data(for key: String) async throws -> [UInt8]? { entries.value[key] }

    func storeInBackground(_ bytes: [UInt8], for key: String) {
        entries.withLock { $0[key] = bytes }
        log.withLock { $0.append("+" + key) }
    }

    func remove(_ key: String) async throws {
        _ = entries.withLock { $0.removeValue(forKey: key) }
        log.withLock { $0.append("-" + key) }
    }

    func flush() async {}
}
