// MARK: - RequestTable + Scheduling

extension RequestTable {
    /// Brings the downloads to what `plan` wants and says how, in the order to do it.
    ///
    /// Call it with every new plan (after every change of the viewer). Items that left the plan
    /// unsubscribe (a download whose last subscriber left is cancelled if it runs, and
    /// forgotten); items that joined subscribe (a URL already known gets no second download);
    /// priorities and byte limits follow the subscribers; then the queue is served (see the
    /// rules on ``RequestTable``).
    ///
    /// - Parameter plan: The latest plan.
    /// - Returns: Cancels, suspensions, re-prioritisations, extensions, then starts; empty when
    ///   nothing changes.
    public mutating func apply(_ plan: PrefetchPlan) -> [Change] {
        current = plan.current
        mayPrefetch = plan.mayPrefetch
        var wanted: [String: (subscribers: [String: PrefetchPlan.Request], rank: Int)] = [:]
        for (rank, request) in plan.requests.enumerated() {
            wanted[request.url, default: ([:], rank)].subscribers[request.itemID] = request
        }
        var cancels: [Change] = []
        for url in downloads.keys.sorted() where wanted[url] == nil {
            if downloads[url]?.state == .running { cancels.append(.cancel(url: url)) }
            downloads[url] = nil
        }
        var grown: Set<String> = []
        for (url, group) in wanted {
            let limit = Self.union(group.subscribers.values.map(\.byteLimit))
            guard var download = downloads[url] else {
                downloads[url] = Download(url: url, subscribers: group.subscribers, state: .queued,
                                          priority: .previousUser, byteLimit: limit, rank: group.rank)
                continue
            }
            download.subscribers = group.subscribers
            download.rank = group.rank
            let wider = Self.union([download.byteLimit, limit])
            if wider != download.byteLimit {
                download.byteLimit = wider
                if download.state == .running { grown.insert(url) }
                if download.state == .done { download.state = .queued }  // it needs the rest
            }
            downloads[url] = download
        }
        let (suspends, starts) = serve()
        var reprioritised: [Change] = []
        var extended: [Change] = []
        for download in ordered(downloads.values.filter { $0.state == .running }) where !starts.contains(where: { $0.url == download.url }) {
            if download.priority != download.wantedPriority {
                downloads[download.url]?.priority = download.wantedPriority
                reprioritised.append(.reprioritise(url: download.url, priority: download.wantedPriority))
            }
            if grown.contains(download.url) { extended.append(.extend(url: download.url, byteLimit: download.byteLimit)) }
        }
        return cancels + suspends + reprioritised + extended + starts
    }

    /// Records that all the bytes `url`'s download needs have arrived.
    ///
    /// - Parameter url: The download's URL.
    /// - Returns: The items to hand the bytes to — only subscribers in the latest plan, the
    ///   current item first; none for a URL the table does not know (a response that arrived
    ///   after every item that wanted it left) or that is done or failed already — and the
    ///   changes for the freed connection.
    public mutating func complete(url: String) -> Outcome {
        finish(url: url, as: .done)
    }

    /// Records that `url`'s download failed for good (the transport's ``RetryPolicy`` gave up or
    /// the failure is terminal), or that the bytes of a finished one turned out undecodable. It
    /// stays failed, and is not started again, until ``retry(url:)`` or until its last
    /// subscriber leaves.
    ///
    /// - Parameter url: The download's URL.
    /// - Returns: The items to tell (subscribers in the latest plan, the current item first) and
    ///   the changes for the freed connection.
    public mutating func fail(url: String) -> Outcome {
        finish(url: url, as: .failed)
    }

    /// Queues a failed download again (the viewer's retry).
    ///
    /// - Parameter url: The download's URL.
    /// - Returns: The changes (its start, if a connection is free or it is the current item's).
    public mutating func retry(url: String) -> [Change] {
        guard downloads[url]?.state == .failed else { return [] }
        downloads[url]?.state = .queued
        let (suspends, starts) = serve()
        return suspends + starts
    }

    /// Marks a running or queued download done or failed (or a done one failed) and serves the
    /// queue.
    mutating func finish(url: String, as state: Download.State) -> Outcome {
        guard let download = downloads[url],
              download.state == .running || download.state == .queued || (download.state == .done && state == .failed) else {
            return Outcome(items: [], changes: [])
        }
        downloads[url]?.state = state
        let items = download.subscribers.values.sorted { ($0.priority, $1.itemID) > ($1.priority, $0.itemID) }.map(\.itemID)
        let (suspends, starts) = serve()
        return Outcome(items: items, changes: suspends + starts)
    }

    /// Whether prefetches may hold connections: the plan allows it, or the current item's
    /// download is over (done or failed), so nothing competes with it.
    var prefetchAllowed: Bool {
        guard let url = current?.url else { return mayPrefetch }
        let state = downloads[url]?.state
        return mayPrefetch || state == .done || state == .failed
    }

    /// Suspends what must make room and starts what may run: the current item's download first
    /// (suspending the least important running prefetch if the limit is reached), then, if
    /// prefetching is allowed, queued downloads in order while connections are free.
    mutating func serve() -> (suspends: [Change], starts: [Change]) {
        var suspends: [Change] = []
        var starts: [Change] = []
        let currentURL = current?.url
        var running = ordered(downloads.values.filter { $0.state == .running })
        func suspend(_ download: Download) {
            downloads[download.url]?.state = .queued
            suspends.append(.suspend(url: download.url))
            running.removeAll { $0.url == download.url }
        }
        func start(_ download: Download) {
            downloads[download.url]?.state = .running
            downloads[download.url]?.priority = download.wantedPriority
            starts.append(.start(url: download.url, priority: download.wantedPriority, byteLimit: download.byteLimit))
            running.append(download)
        }
        if !prefetchAllowed {
            for download in running.reversed() where download.url != currentURL { suspend(download) }
        }
        if let currentURL, let download = downloads[currentURL], download.state == .queued {
            if running.count >= maximumConcurrent, let last = running.last { suspend(last) }
            start(download)
        }
        if prefetchAllowed {
            for download in ordered(downloads.values.filter { $0.state == .queued }) where running.count < maximumConcurrent {
                start(download)
            }
        }
        return (suspends, starts)
    }

    /// `downloads`, most important first: by priority, then by position in the plan.
    func ordered(_ downloads: some Sequence<Download>) -> [Download] {
        downloads.sorted { ($1.wantedPriority, $0.rank, $0.url) < ($0.wantedPriority, $1.rank, $1.url) }
    }

    /// The byte limit that covers every limit in `limits` (`nil`: the whole media).
    static func union(_ limits: [Int?]) -> Int? {
        var widest: Int? = 0
        for limit in limits {
            guard let limit, let current = widest else { widest = nil; continue }
            widest = Swift.max(current, limit)
        }
        return widest
    }
}
