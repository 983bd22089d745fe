import Foundation
import StoryKit

// MARK: - MediaPipeline + MediaByteSource

extension MediaPipeline {
    /// The media's length and type: known from a download or the caches, else asked for with a
    /// one-byte range request.
    public func info(for url: URL) async throws -> MediaInfo {
        let key = url.absoluteString
        while true {
            try Task.checkCancellation()
            if let record = await known(key), let length = record.length {
                return MediaInfo(length: length, contentType: record.contentType, servesRanges: record.acceptsRanges || record.isComplete)
            }
            if try await awaitDownload(key, need: nil) { continue }
            let record = try await directRead(url, 0..<1).record
            return MediaInfo(length: record.length ?? 0, contentType: record.contentType, servesRanges: record.acceptsRanges)
        }
    }

    /// The bytes in `range`: from memory or disk when there, from the download of the media when
    /// the viewer wants it (waiting for its bytes, never opening a second connection), else read
    /// straight from the network.
    public func bytes(of url: URL, in range: Range<Int>) async throws -> [UInt8] {
        let key = url.absoluteString
        guard range.lowerBound >= 0 else { return try await bytes(of: url, in: 0..<Swift.max(range.upperBound, 0)) }
        while true {
            try Task.checkCancellation()
            if let record = await known(key) {
                let end = record.length.map { Swift.min(range.upperBound, $0) } ?? range.upperBound
                if end <= range.lowerBound, record.length != nil { return [] }
                if record.covers(end) { return Array(record.bytes[range.lowerBound..<end]) }
            }
            if try await awaitDownload(key, need: range.upperBound) { continue }
            return try await directRead(url, range).bytes
        }
    }

    /// What is known of `key` without the network: the table's entry, a recent record, or the
    /// disk cache's (moved into memory).
    func known(_ key: String) async -> MediaRecord? {
        if let entry = entries[key], !entry.revalidating, !entry.record.bytes.isEmpty || entry.record.length != nil {
            return entry.record
        }
        if let hot = recent.value(for: key) { return hot }
        // A stale copy is not read: the player reads from the network instead.
        guard let stored = await storedCopy(key), stored.isFresh(at: clock.date()) else { return nil }
        recent.insert(stored, for: key, cost: stored.bytes.count)
        return stored
    }

    /// The disk cache's record of `key`, fresh or not, when no download of the table's holds it.
    func storedCopy(_ key: String) async -> MediaRecord? {
        guard let cache, entries[key] == nil else { return nil }
        return (try? await cache.data(for: key)).flatMap { $0 }.flatMap(MediaRecord.init(decoding:))
    }

    /// Waits for `key`'s download to bring its first `need` bytes (`nil`: its length) if the
    /// viewer wants `key`.
    ///
    /// - Returns: Whether it waited (the caller looks again); false when no download of the
    ///   viewer's will bring them.
    /// - Throws: ``ReadError/failed(_:)`` when the media failed, ``ReadError/cancelled`` when its
    ///   item left the plan, `CancellationError` when the read was cancelled.
    func awaitDownload(_ key: String, need: Int?) async throws -> Bool {
        guard let entry = entries[key], let download = table[key] else { return false }
        if let failure = entry.failure { throw ReadError.failed(failure) }
        if download.state == .failed { throw ReadError.failed(.connectionReset) }
        nextWaiter += 1
        let id = nextWaiter
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled { return continuation.resume(throwing: CancellationError()) }
                entries[key]?.waiters.append(Waiter(id: id, need: need, continuation: continuation))
                wakeWaiters(key)
            }
        } onCancel: {
            Task { await self.cancelWaiter(key, id) }
        }
        return true
    }

    /// Ends waiter `id` of `key` with `CancellationError`.
    func cancelWaiter(_ key: String, _ id: Int) {
        guard let index = entries[key]?.waiters.firstIndex(where: { $0.id == id }) else { return }
        let waiter = entries[key]?.waiters.remove(at: index)
        waiter?.continuation.resume(throwing: CancellationError())
    }

    /// One range request outside the table (media no item wants: a player reading on its own).
    ///
    /// - Parameter stale: A stored copy to revalidate (its validators are sent); a `304` then
    ///   returns it, with the response's lifetime, instead of new bytes.
    /// - Returns: What the response said, the bytes of `range` it brought, and whether it said
    ///   `no-store` (RFC 9111 §5.2.2.5: it must not be written to the disk cache).
    func directRead(_ url: URL, _ range: Range<Int>, revalidating stale: MediaRecord? = nil) async throws
        -> (record: MediaRecord, bytes: [UInt8], noStore: Bool) {
        guard range.upperBound > range.lowerBound else { return (MediaRecord(), [], false) }
        let end = range.upperBound == Int.max ? nil : range.upperBound
        let validators = stale.flatMap { $0.hasValidator ? $0 : nil }
        let exchange = transport.open(TransportRequest(url: url, start: range.lowerBound, end: end, priority: 0.5,
                                                       ifNoneMatch: validators?.etag, ifModifiedSince: validators?.lastModified))
        statistics.requests += 1
        if validators != nil { statistics.revalidations += 1 }
        let silence = SilenceWatch(exchange, timeout: configuration.requestTimeout, clock: clock)
        defer { silence.stop() }
        var record = MediaRecord()
        var notModified = false
        var noStore = false
        var body: [UInt8] = []
        var skip = 0
        do {
            try await withTaskCancellationHandler {
                for try await event in exchange.events {
                    silence.heard(at: clock.now())
                    switch event {
                    case .response(let response):
                        let head = MediaResponseHead(response)
                        noStore = head.freshness.noStore
                        if head.status == 304, var kept = validators {
                            kept.confirm(by: head, receivedAt: clock.date())
                            record = kept
                            notModified = true
                            statistics.notModified += 1
                            exchange.cancel()
                            return
                        }
                        switch head.status {
                        case 200:
                            skip = range.lowerBound
                            record.length = head.bodyLength
                        case 206:
                            guard let content = head.contentRange, content.first == range.lowerBound else {
                                throw ReadError.failed(.status(206))
                            }
                            record.length = content.complete
                        default:
                            throw ReadError.failed(.status(head.status))
                        }
                        record.describe(by: head, receivedAt: clock.date(), continuing: false)
                    case .body(let chunk):
                        statistics.bytesReceived += chunk.count
                        let dropped = Swift.min(skip, chunk.count)
                        skip -= dropped
                        body += chunk.dropFirst(dropped).prefix(range.count - body.count)
                        if body.count >= range.count { exchange.cancel(); return }
                    }
                }
            } onCancel: {
                exchange.cancel()
            }
        } catch let error as ReadError {
            throw error
        } catch is CancellationError {
            // The watch cancelled a silent exchange: a timeout on the pipeline's clock.
            if silence.fired, !Task.isCancelled { throw ReadError.failed(.timedOut) }
            throw CancellationError()
        } catch {
            let wanted = record.length.map { Swift.min(range.upperBound, $0) - range.lowerBound }
            throw ReadError.failed(Self.failure(error, received: body.count, expected: wanted))
        }
        if notModified {
            // Not modified: the stored copy's bytes of `range`.
            let upper = Swift.min(range.upperBound, record.bytes.count)
            return (record, upper > range.lowerBound ? Array(record.bytes[range.lowerBound..<upper]) : [], noStore)
        }
        // The body ended: it must have brought the whole range (or all the media has of it).
        let wanted = record.length.map { Swift.min(range.upperBound, $0) - range.lowerBound } ?? range.count
        // A transport that ends its stream when the watch cancels it: short of the range is a timeout.
        if silence.fired, !Task.isCancelled, record.length == nil || body.count < wanted { throw ReadError.failed(.timedOut) }
        if body.count < Swift.max(wanted, 0), end != nil || record.length != nil {
            throw ReadError.failed(.truncatedBody(received: body.count, expected: wanted))
        }
        return (record, body, noStore)
    }
}
