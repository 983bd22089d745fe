import Foundation
import StoryKit
@testable import StoryMedia

/// An in-process ``MediaTransport`` that a test drives step by step: each ``serve(_:)`` moves one
/// open exchange on (its head, a piece of its body, its end, or a failure), from bodies that are
/// a pure function of the URL, its version and the offset — so any bytes a reader gets can be
/// checked against the one version they must all come from.
final class ScriptedTransport: MediaTransport, Sendable {
    /// One open exchange.
    struct Exchange {
        var request: TransportRequest
        var continuation: AsyncThrowingStream<TransportEvent, any Error>.Continuation
        var version: Int
        var sentHead = false
        var next = 0
        var end = 0
    }

    /// What the transport holds.
    struct State {
        var open: [Int: Exchange] = [:]
        var nextID = 0
        var versions: [String: Int] = [:]
        var opened = 0
    }

    let state = Locked(State())

    /// The length of `url`'s body (a function of the URL only: 1 KB … 300 KB).
    static func length(_ url: String) -> Int {
        1_000 + Int(UInt64(truncatingIfNeeded: url.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }) % 299_000)
    }

    /// Byte `offset` of version `version` of `url`'s body.
    static func byte(_ url: String, _ version: Int, _ offset: Int) -> UInt8 {
        var z = UInt64(truncatingIfNeeded: offset) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(truncatingIfNeeded: version) &* 0xBF58_476D_1CE4_E5B9
            &+ UInt64(truncatingIfNeeded: url.utf8.count)
        z = (z ^ (z >> 29)) &* 0x94D0_49BB_1331_11EB
        return UInt8(truncatingIfNeeded: z >> 32)
    }

    /// The bytes `range` of version `version` of `url`'s body.
    static func body(_ url: String, _ version: Int, _ range: Range<Int>) -> [UInt8] {
        range.map { byte(url, version, $0) }
    }

    func open(_ request: TransportRequest) -> TransportExchange {
        let (events, continuation) = AsyncThrowingStream<TransportEvent, any Error>.makeStream()
        let id = state.withLock { state -> Int in
            state.nextID += 1
            state.opened += 1
            let version = state.versions[request.url.absoluteString] ?? 0
            state.open[state.nextID] = Exchange(request: request, continuation: continuation, version: version)
            return state.nextID
        }
        continuation.onTermination = { [state] _ in _ = state.withLock { $0.open.removeValue(forKey: id) } }
        return TransportExchange(events: events, setPriority: { _ in }, cancel: {
            continuation.finish(throwing: CancellationError())
        })
    }

    /// The number of exchanges open now.
    var openCount: Int { state.withLock { $0.open.count } }

    /// Changes the file at `url` on the "server": later exchanges serve the next version.
    func change(_ url: String) {
        state.withLock { $0.versions[url, default: 0] += 1 }
    }

    /// Moves one open exchange, chosen with `random`, one step on.
    func serve(_ random: inout SplitMix64) {
        let picked: (Int, Exchange)? = state.withLock { state in
            guard !state.open.isEmpty else { return nil }
            let ids = state.open.keys.sorted()
            let id = ids[Int(random.next() % UInt64(ids.count))]
            return (id, state.open[id]!)
        }
        guard let (id, exchange) = picked else { return }
        let url = exchange.request.url.absoluteString
        let length = Self.length(url)
        let roll = random.next() % 100
        let etag = "\"v\(exchange.version)\""
        if !exchange.sentHead {
            if roll < 4 { return finish(id, status: 503) }
            if roll < 6 { return finish(id, status: 404) }
            let ranged = exchange.request.start > 0 || exchange.request.end != nil
            let matches = exchange.request.ifRange == nil || exchange.request.ifRange == etag
            var start = 0, end = length, status = 200
            if ranged, matches, exchange.request.start < length {
                start = exchange.request.start
                end = min(exchange.request.end ?? length, length)
                status = 206
            }
            var headers = ["Content-Length": "\(end - start)", "ETag": etag, "Accept-Ranges": "bytes"]
            if status == 206 { headers["Content-Range"] = "bytes \(start)-\(end - 1)/\(length)" }
            state.withLock {
                $0.open[id]?.sentHead = true
                $0.open[id]?.next = start
                $0.open[id]?.end = end
            }
            exchange.continuation.yield(.response(TransportResponse(status: status, headers: headers)))
            return
        }
        if roll < 3 { return exchange.continuation.finish(throwing: TransportError.connectionReset) }
        if roll < 5 { return exchange.continuation.finish() }   // cut short of its Content-Length
        let count = min(1 + Int(random.next() % 60_000), exchange.end - exchange.next)
        exchange.continuation.yield(.body(Self.body(url, exchange.version, exchange.next..<exchange.next + count)))
        state.withLock { $0.open[id]?.next += count }
        if exchange.next + count >= exchange.end { exchange.continuation.finish() }
    }

    /// Answers exchange `id` with an error status.
    private func finish(_ id: Int, status: Int) {
        guard let exchange = state.withLock({ $0.open[id] }) else { return }
        exchange.continuation.yield(.response(TransportResponse(status: status, headers: ["Content-Length": "0"])))
        exchange.continuation.finish()
    }
}
