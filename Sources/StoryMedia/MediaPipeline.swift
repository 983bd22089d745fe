import Foundation
import StoryKit

/// The Stories viewer's media loader: tell it where the viewer is (a ``StoryKit/PrefetchPlan``)
/// and it loads, in priority order, through a ``MediaTransport`` into a ``DiskCache``, telling
/// the viewer what is ready through ``events``.
///
/// The *policy* is StoryKit's, pure and storm-tested: a ``StoryKit/RequestTable`` decides what
/// runs, at which priority, and who gets each response (one download per URL, the current item
/// never queued behind a prefetch, prefetching held back until the current item shows, no stale
/// response ever handed to an item the viewer left); a ``StoryKit/RetryPolicy`` decides when a
/// failure is tried again and whether an interrupted body resumes with `Range` / `If-Range`.
/// This actor carries the table's changes out:
/// - **start**: from memory (the bytes of a download still wanted, or a recent record), else the
///   disk cache (checked), else the network — resuming from the bytes already here when the
///   server allows it; a video prefix is asked for as `Range: bytes=0-(n−1)`;
/// - **suspend** and **cancel** close the connection at once (the bytes kept, and stored when
///   the item leaves, so a later load resumes);
/// - transient failures are retried after the policy's backoff; terminal ones (404, 403,
///   undecodable) fail the items at once (``Event/failed(url:items:failure:)``);
/// - finished bytes are stored in the cache (atomically, checksummed) before the items hear.
///
/// It is also a ``MediaByteSource``: a video player's resource loader reads ranges through it,
/// waiting for the bytes the running download brings rather than opening a second connection.
///
/// ```swift
/// let pipeline = MediaPipeline(cache: DiskCache(folder: folder, capacity: 500 << 20))
/// Task { for await event in pipeline.events { handle(event) } }   // .loaded, .failed, .retrying
/// var plan = PrefetchPlan(viewer: viewer)
/// await pipeline.update(plan)                      // after every change of the viewer
/// plan = PrefetchPlan(viewer: viewer, following: plan)
/// await pipeline.update(plan)
/// ```
///
/// Memory stays bounded whatever the feed's length: the table holds at most one download per
/// request of the latest plan, bytes of media no longer wanted move to a memory cache bounded by
/// ``Configuration/memoryCapacity``, and the disk cache is bounded by its capacity.
public actor MediaPipeline: MediaByteSource {
    /// How it loads.
    public nonisolated let configuration: Configuration
    /// What it tells the viewer, in order (the newest 4,096 are kept while nobody reads).
    public nonisolated let events: AsyncStream<Event>
    /// Feeds ``events``.
    let sink: AsyncStream<Event>.Continuation
    /// Moves the bytes.
    let transport: any MediaTransport
    /// Keeps them across launches, if given; it orders its own writes.
    let cache: (any MediaDataCaching)?
    /// Time and waits.
    let clock: Clock
    /// The policy: what runs, for whom.
    var table: RequestTable
    /// The media the table knows, by URL, with their bytes so far.
    var entries: [String: Entry] = [:]
    /// Records of media no longer wanted, kept for a while.
    let recent: MemoryImageCache<String, MediaRecord>
    /// The retry jitter's random numbers.
    var random: SplitMix64
    /// What it has done so far.
    public internal(set) var statistics = Statistics()
    /// The next waiter's id.
    var nextWaiter = 0

    /// A pipeline.
    ///
    /// - Parameters:
    ///   - transport: The network; `URLSessionTransport()` by default.
    ///   - cache: The disk cache, or nil to keep nothing across launches.
    ///   - configuration: Limits, retries, memory.
    ///   - clock: Time and waits; the system's by default.
    public init(transport: any MediaTransport = URLSessionTransport(), cache: DiskCache?,
                configuration: Configuration = Configuration(), clock: Clock = .system) {
        self.init(transport: transport, dataCache: cache, configuration: configuration, clock: clock)
    }

    /// A pipeline over any cache (``DiskCache``, or a test's or app's own ``MediaDataCaching``).
    ///
    /// - Parameters:
    ///   - transport: The network; `URLSessionTransport()` by default.
    ///   - dataCache: The cache that keeps bytes across launches, or nil to keep nothing.
    ///   - configuration: Limits, retries, memory.
    ///   - clock: Time and waits; the system's by default.
    public init(transport: any MediaTransport = URLSessionTransport(), dataCache: (any MediaDataCaching)?,
                configuration: Configuration = Configuration(), clock: Clock = .system) {
        self.transport = transport
        cache = dataCache
        self.configuration = configuration
        self.clock = clock
        table = RequestTable(maximumConcurrent: configuration.maximumConcurrent)
        recent = MemoryImageCache(capacity: configuration.memoryCapacity)
        random = SplitMix64(state: configuration.seed)
        (events, sink) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(4_096))
    }

    deinit {
        for entry in entries.values {
            entry.exchange?.cancel()
            entry.task?.cancel()
        }
        sink.finish()
    }

    /// Brings the loads to what `plan` wants: starts, re-prioritises, suspends and cancels
    /// downloads as the ``StoryKit/RequestTable`` says (call it after every change of the viewer).
    public func update(_ plan: PrefetchPlan) {
        carryOut(table.apply(plan))
    }

    /// Tries a failed URL again (the viewer's retry button), with a fresh count of attempts.
    public func retry(url: String) {
        entries[url]?.attempt = 0
        carryOut(table.retry(url: url))
    }

    /// Says that `url`'s bytes could not be decoded: they are dropped from memory and the disk
    /// cache, and the items that want them fail with ``StoryKit/RetryPolicy/Failure/undecodable``
    /// (a retry downloads them again). In ``statistics`` the load counts as a failure, no longer
    /// as a load.
    public func reportUndecodable(url: String) async {
        if entries[url]?.failure != .undecodable {
            statistics.failures += 1
            if table[url]?.state == .done, let source = entries[url]?.source, let loads = statistics.loads[source], loads > 0 {
                statistics.loads[source] = loads - 1
            }
        }
        entries[url]?.record = MediaRecord()
        entries[url]?.diskChecked = true
        recent.removeValue(for: url)
        if let cache { try? await cache.remove(url) }   // after the writes for `url` (the cache orders them)
        let items = table[url].map { Array($0.subscribers.keys).sorted() } ?? []
        let outcome = table.fail(url: url)
        entries[url]?.failure = .undecodable
        failWaiters(url, ReadError.failed(.undecodable))
        sink.yield(.failed(url: url, items: outcome.items.isEmpty ? items : outcome.items, failure: .undecodable))
        carryOut(outcome.changes)
    }

    /// The whole media at `url` (an image, an avatar), from memory, disk or the network.
    ///
    /// Media the viewer's plan wants comes from its download (waiting for it); other media is
    /// fetched with one plain GET and stored in the caches — or, when the disk holds a stale
    /// copy (``HTTPFreshness``), asked about with its validators, a `304` keeping it.
    ///
    /// - Throws: ``ReadError``.
    public func data(for url: String) async throws -> [UInt8] {
        guard let parsed = URL(string: url) else { throw ReadError.failed(.invalidURL) }
        while true {
            try Task.checkCancellation()
            if let record = await known(url), record.isComplete { return record.bytes }
            if try await awaitDownload(url, need: Int.max) { continue }
            // A stale stored copy is asked about (304: kept); otherwise one plain GET.
            let stale = await storedCopy(url).flatMap { $0.isComplete ? $0 : nil }
            let (record, bytes, noStore) = try await directRead(parsed, 0..<Int.max, revalidating: stale)
            var whole = record
            whole.bytes = bytes
            if whole.length == nil || whole.length == bytes.count {
                whole.length = bytes.count
                recent.insert(whole, for: url, cost: bytes.count)
                // A 304 without a new lifetime changes nothing worth writing; `no-store` is not written.
                if !noStore, stale == nil || whole.etag != stale?.etag || whole.freshUntil != nil { persist(whole, url) }
            }
            return bytes
        }
    }

    /// ``data(for:)`` for a URL: the ``MediaByteSource`` way to read an image whole.
    public func data(of url: URL) async throws -> [UInt8] {
        try await data(for: url.absoluteString)
    }

    /// ``reportUndecodable(url:)`` for a URL (the ``MediaByteSource`` way).
    public func reportUndecodable(_ url: URL) async {
        await reportUndecodable(url: url.absoluteString)
    }

    /// The table's view of the downloads (for tools and tests).
    public var downloads: [String: RequestTable.Download] { table.downloads }
}

// MARK: - MediaPipeline + Entry

extension MediaPipeline {
    /// One URL the table knows.
    struct Entry {
        /// The bytes so far and what the server said.
        var record = MediaRecord()
        /// Whether the disk cache was read for it.
        var diskChecked = false
        /// Where the current load's bytes came from.
        var source: Source = .memory
        /// The bytes the table wants from the start (`nil`: all).
        var limit: Int?
        /// Bumped by every start and stop: a load whose generation is old stops.
        var generation = 0
        /// The running load.
        var task: Task<Void, Never>?
        /// Its network exchange, while one is open.
        var exchange: TransportExchange?
        /// Failed attempts since the last success or retry.
        var attempt = 0
        /// Why it failed for good, until the next start.
        var failure: RetryPolicy.Failure?
        /// When the current load started (``Clock/now``).
        var started = 0.0
        /// Reads waiting for bytes.
        var waiters: [Waiter] = []
        /// Whether the record came from the disk cache stale (``HTTPFreshness``): it is not used,
        /// nor read, until the server confirms it (`304`) or sends the new bytes.
        var revalidating = false
        /// Whether the server said `no-store`: the bytes are not written to the disk cache.
        var noStore = false
    }

    /// A read waiting for the first `need` bytes (`nil`: for the length).
    struct Waiter {
        var id: Int
        var need: Int?
        var continuation: CheckedContinuation<Void, any Error>
    }

    /// Carries out the table's changes in order, then forgets media the table dropped.
    func carryOut(_ changes: [RequestTable.Change]) {
        for change in changes {
            switch change {
            case let .start(url, priority, byteLimit): start(url, priority: priority, limit: byteLimit)
            case let .reprioritise(url, priority): entries[url]?.exchange?.setPriority(Self.weight(priority))
            case let .extend(url, byteLimit): entries[url]?.limit = byteLimit
            case let .suspend(url), let .cancel(url): stop(url)
            }
        }
        for url in entries.keys where table[url] == nil {
            guard let entry = entries.removeValue(forKey: url) else { continue }
            stop(entry)
            for waiter in entry.waiters { waiter.continuation.resume(throwing: ReadError.cancelled) }
            guard !entry.record.bytes.isEmpty else { continue }
            recent.insert(entry.record, for: url, cost: entry.record.bytes.count)
            if entry.source == .network, !entry.noStore, !entry.record.covers(entry.limit) { persist(entry.record, url) }
        }
    }

    /// A table priority as a transport's 0…1.
    static func weight(_ priority: PrefetchPlan.Priority) -> Float { Float(priority.rawValue) / 3 }

    /// Starts (or restarts) the load of `url`.
    func start(_ url: String, priority: PrefetchPlan.Priority, limit: Int?) {
        var entry = entries[url] ?? Entry()
        stop(entry)
        entry.generation += 1
        entry.limit = limit
        entry.failure = nil
        entry.started = clock.now()
        entry.exchange = nil
        let generation = entry.generation
        entry.task = Task { await self.load(url, generation: generation, priority: Self.weight(priority)) }
        entries[url] = entry
    }

    /// Stops `url`'s load, keeping its bytes.
    func stop(_ url: String) {
        guard let entry = entries[url] else { return }
        stop(entry)
        entries[url]?.generation += 1
        entries[url]?.task = nil
        entries[url]?.exchange = nil
    }

    /// Closes `entry`'s connection and cancels its load.
    func stop(_ entry: Entry) {
        guard let task = entry.task else { return }
        entry.exchange?.cancel()
        task.cancel()
        statistics.cancellations += 1
    }

    /// Whether the load of `url` numbered `generation` is still the one wanted.
    func isCurrent(_ url: String, _ generation: Int) -> Bool { entries[url]?.generation == generation }

    /// Stores `record` for `url` in the disk cache, in the background, after every earlier
    /// write for `url` (the cache keeps the order, so the last record wins).
    func persist(_ record: MediaRecord, _ url: String) {
        cache?.storeInBackground(record.encoded(), for: url)
    }

    /// Waits until every disk write asked for so far is done (before the app is suspended, or
    /// before another cache opens the folder).
    public func flush() async {
        await cache?.flush()
    }

    /// Resumes the waiters of `url` that have what they wait for.
    func wakeWaiters(_ url: String) {
        guard let entry = entries[url], !entry.waiters.isEmpty, !entry.revalidating else { return }
        let record = entry.record
        var still: [Waiter] = []
        for waiter in entry.waiters {
            let ready = waiter.need.map { record.covers($0) } ?? (record.length != nil)
            if ready { waiter.continuation.resume() } else { still.append(waiter) }
        }
        entries[url]?.waiters = still
    }

    /// Fails every waiter of `url` with `error`.
    func failWaiters(_ url: String, _ error: ReadError) {
        guard let waiters = entries[url]?.waiters else { return }
        entries[url]?.waiters = []
        for waiter in waiters { waiter.continuation.resume(throwing: error) }
    }
}
