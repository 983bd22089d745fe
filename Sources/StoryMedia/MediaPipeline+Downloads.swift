import Foundation
import StoryKit

// MARK: - MediaPipeline + Downloads

extension MediaPipeline {
    /// How one network exchange ended.
    enum FetchResult: Sendable {
        /// The bytes the table wants are here.
        case done
        /// The exchange ended early for a reason that needs a new request at once (the limit
        /// grew while a range was loading, the server ignored the range).
        case again
        /// It failed.
        case failed(RetryPolicy.Failure)
        /// The load was stopped (suspended, cancelled, replaced).
        case stopped
    }

    /// Loads `url` until the table's bytes are here, it fails for good, or it is stopped.
    func load(_ url: String, generation: Int, priority: Float) async {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            return fail(url, generation, .invalidURL)
        }
        if entries[url]?.record.bytes.isEmpty == true, let hot = recent.value(for: url) {
            entries[url]?.record = hot
            entries[url]?.source = .memory
        }
        if let entry = entries[url], entry.record.covers(entry.limit) { return succeed(url, generation) }
        if let cache, entries[url]?.diskChecked == false {
            entries[url]?.diskChecked = true
            let stored = (try? await cache.data(for: url)).flatMap { $0 }.flatMap(MediaRecord.init(decoding:))
            guard isCurrent(url, generation) else { return }
            if let stored, let entry = entries[url], stored.bytes.count > entry.record.bytes.count {
                entries[url]?.record = stored
                entries[url]?.source = .disk
                // A stale copy is asked about first (HTTPFreshness): 304 keeps it, 200 replaces it.
                entries[url]?.revalidating = !stored.isFresh(at: clock.date())
            }
            if let entry = entries[url], entry.record.covers(entry.limit), !entry.revalidating { return succeed(url, generation) }
        }
        var restarts = 0
        while isCurrent(url, generation) {
            let result = await fetch(url, parsed, generation: generation, priority: priority)
            guard isCurrent(url, generation) else { return }
            switch result {
            case .done:
                return succeed(url, generation)
            case .stopped:
                return
            case .again:
                restarts += 1
                if restarts > 8 { return fail(url, generation, .connectionReset) }
            case .failed(let failure):
                entries[url]?.attempt += 1
                let attempt = entries[url]?.attempt ?? 1
                switch configuration.retry.decision(after: failure, attempt: attempt, using: &random) {
                case .giveUp:
                    return fail(url, generation, failure)
                case .retry(let delay):
                    statistics.retries += 1
                    sink.yield(.retrying(url: url, attempt: attempt, failure: failure, delay: delay))
                    do { try await clock.sleep(delay) } catch { return }
                }
            }
        }
    }

    /// One HTTP exchange for the bytes `url` still lacks.
    func fetch(_ url: String, _ parsed: URL, generation: Int, priority: Float) async -> FetchResult {
        guard let entry = entries[url] else { return .stopped }
        var start = entry.record.bytes.count
        var ifRange: String?
        var validators: (etag: String?, lastModified: String?)?
        if entry.revalidating {
            // A stale disk copy: ask whether it changed, from the start (same range as a load).
            start = 0
            if entry.record.hasValidator {
                validators = (entry.record.etag, entry.record.lastModified)
            } else {
                entries[url]?.record.bytes = []   // nothing to ask with: download it again
                entries[url]?.revalidating = false
            }
        } else if start > 0 {
            let interruption = RetryPolicy.Interruption(
                received: start, expected: entry.record.length, etag: entry.record.etag,
                lastModified: entry.record.lastModified, acceptRanges: entry.record.acceptsRanges ? "bytes" : nil)
            switch RetryPolicy.resumption(interruption) {
            case .resume(let offset, let validator):
                start = offset
                ifRange = validator
            case .restart:
                start = 0
                entries[url]?.record.bytes = []
            }
        }
        let length = entry.record.length
        let end = entry.limit.flatMap { limit in length.map { limit < $0 } ?? true ? limit : nil }
        if let end, end <= start { return .done }
        let exchange = transport.open(TransportRequest(url: parsed, start: start, end: end, ifRange: ifRange, priority: priority,
                                                       ifNoneMatch: validators?.etag, ifModifiedSince: validators?.lastModified))
        entries[url]?.exchange = exchange
        statistics.requests += 1
        if validators != nil { statistics.revalidations += 1 }
        let silence = SilenceWatch(exchange, timeout: configuration.requestTimeout, clock: clock)
        defer { silence.stop() }
        var bodyEnd: Int?
        do {
            for try await event in exchange.events {
                guard isCurrent(url, generation) else { exchange.cancel(); return .stopped }
                silence.heard(at: clock.now())
                switch event {
                case .response(let response):
                    switch accept(response, url: url, requestedStart: start) {
                    case .failure(let result):
                        exchange.cancel()
                        return result.result
                    case .success(let expectedEnd):
                        bodyEnd = expectedEnd
                    }
                case .body(let chunk):
                    // Only numbers are read first: a copy of the record held here would make the
                    // append below copy every byte so far.
                    guard let (length, count) = entries[url].map({ ($0.record.length, $0.record.bytes.count) }) else {
                        exchange.cancel()
                        return .stopped
                    }
                    let room = length.map { $0 - count } ?? chunk.count
                    entries[url]?.record.bytes.append(contentsOf: chunk.prefix(Swift.max(room, 0)))
                    entries[url]?.source = .network
                    statistics.bytesReceived += chunk.count
                    wakeWaiters(url)
                    guard let record = entries[url]?.record else { exchange.cancel(); return .stopped }
                    if let limit = entries[url]?.limit, record.bytes.count >= limit, !record.isComplete {
                        exchange.cancel()
                        return .done
                    }
                }
            }
        } catch {
            // The watch cancelled a silent exchange: a timeout on the pipeline's clock.
            if silence.fired, isCurrent(url, generation) { return .failed(.timedOut) }
            guard isCurrent(url, generation), !(error is CancellationError) else { return .stopped }
            let received = entries[url]?.record.bytes.count ?? 0
            return .failed(Self.failure(error, received: received, expected: entries[url]?.record.length ?? bodyEnd))
        }
        guard isCurrent(url, generation), let record = entries[url]?.record else { return .stopped }
        if record.covers(entries[url]?.limit) { return .done }
        if silence.fired { return .failed(.timedOut) }   // a transport that ends its stream when cancelled
        if let bodyEnd, record.bytes.count < bodyEnd {
            return .failed(.truncatedBody(received: record.bytes.count, expected: record.length ?? bodyEnd))
        }
        if record.length == nil {
            entries[url]?.record.length = record.bytes.count  // no length announced: the end is the end
            return .done
        }
        return end != nil ? .again : .failed(.truncatedBody(received: record.bytes.count, expected: record.length ?? 0))
    }

    /// Checks a response head against the request and records what it says about the media.
    ///
    /// - Returns: The offset where this body ends, if announced; or how the fetch ends.
    func accept(_ response: TransportResponse, url: String, requestedStart: Int) -> Result<Int?, FetchFailure> {
        guard var record = entries[url]?.record else { return .failure(FetchFailure(.stopped)) }
        let head = MediaResponseHead(response)
        var offset = 0
        let received = clock.date()
        switch head.status {
        case 304 where entries[url]?.revalidating == true:
            // The stored copy is still the server's: keep its bytes, take the new validators and
            // lifetime, and use it (or load the rest of it).
            record.confirm(by: head, receivedAt: received)
            entries[url]?.record = record
            entries[url]?.revalidating = false
            entries[url]?.noStore = head.freshness.noStore
            statistics.notModified += 1
            if record.freshUntil != nil, !head.freshness.noStore { persist(record, url) }
            wakeWaiters(url)
            return .failure(FetchFailure(record.covers(entries[url]?.limit) ? .done : .again))
        case 200:
            record.bytes = []   // the whole body: the range was ignored or the file changed
            record.length = head.bodyLength
        case 206:
            guard let range = head.contentRange, range.first == requestedStart, range.first <= record.bytes.count else {
                return .failure(FetchFailure(.failed(.status(206))))
            }
            record.bytes.removeSubrange(Swift.min(range.first, record.bytes.count)...)
            offset = range.first
            record.length = range.complete ?? record.length
        case 416 where requestedStart > 0:
            entries[url]?.record.bytes = []
            return .failure(FetchFailure(.again))
        default:
            return .failure(FetchFailure(.failed(.status(head.status))))
        }
        // New bytes: the validators and lifetime are this response's (none kept from a stale
        // copy); the rest of a body (206) keeps those of its start if it names none.
        record.describe(by: head, receivedAt: received, continuing: head.status == 206)
        entries[url]?.revalidating = false
        entries[url]?.noStore = head.freshness.noStore
        entries[url]?.record = record
        wakeWaiters(url)
        return .success(head.bodyLength.map { offset + $0 })
    }

    /// A ``FetchResult`` as an `Error`, for ``accept(_:url:requestedStart:)``'s result.
    struct FetchFailure: Error {
        var result: FetchResult
        init(_ result: FetchResult) { self.result = result }
    }

    /// A transport's error as the retry policy's failure; `received` and `expected` are the
    /// body's bytes so far and its announced end, for a body that closed short.
    static func failure(_ error: any Error, received: Int = 0, expected: Int? = nil) -> RetryPolicy.Failure {
        switch error as? TransportError {
        case .timedOut: .timedOut
        case .invalidURL: .invalidURL
        case .connectionRefused: .connectionRefused
        case .truncatedBody: .truncatedBody(received: received, expected: expected ?? received)
        case .connectionReset, .other, nil: .connectionReset
        }
    }

    /// The load of `url` has its bytes: store them, tell the items, serve the queue.
    func succeed(_ url: String, _ generation: Int) {
        guard isCurrent(url, generation), let entry = entries[url] else { return }
        entries[url]?.task = nil
        entries[url]?.exchange = nil
        entries[url]?.attempt = 0
        statistics.loads[entry.source, default: 0] += 1
        if entry.source == .network, !entry.noStore { persist(entry.record, url) }
        let outcome = table.complete(url: url)
        sink.yield(.loaded(url: url, items: outcome.items, source: entry.source, bytes: entry.record.bytes.count,
                           seconds: Swift.max(clock.now() - entry.started, 0)))
        wakeWaiters(url)
        carryOut(outcome.changes)
    }

    /// The load of `url` failed for good: tell the items and the waiting reads, serve the queue.
    func fail(_ url: String, _ generation: Int, _ failure: RetryPolicy.Failure) {
        guard isCurrent(url, generation) else { return }
        entries[url]?.task = nil
        entries[url]?.exchange = nil
        entries[url]?.failure = failure
        statistics.failures += 1
        let outcome = table.fail(url: url)
        sink.yield(.failed(url: url, items: outcome.items, failure: failure))
        failWaiters(url, .failed(failure))
        carryOut(outcome.changes)
    }
}
