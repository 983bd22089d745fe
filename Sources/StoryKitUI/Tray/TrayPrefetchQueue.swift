// MARK: - TrayPrefetchQueue

/// Which first items the tray row prefetches, as the avatars in view change: at most ``limit``
/// reads at once, in the order wanted (in view first, then nearest), reads of avatars that
/// scrolled far away cancelled, and nothing read twice. Plain bookkeeping, tested on Linux;
/// ``TrayPrefetcher`` carries out its changes (after Nuke's `ImagePrefetcher`).
///
/// A read that failed is not tried again by prefetching (a tap reads again, and reports the
/// failure); one that was cancelled is, if wanted again.
package struct TrayPrefetchQueue: Sendable, Hashable {
    /// What to start and what to stop.
    package struct Changes: Sendable, Hashable {
        /// Reads to start, in priority order.
        package var start: [TrayMediaRequest] = []
        /// Reads to cancel (no longer wanted).
        package var cancel: [TrayMediaRequest] = []
    }

    /// The most reads at once, ≥ 1.
    package let limit: Int
    /// The reads under way, in the order started.
    package private(set) var running: [TrayMediaRequest] = []
    /// The reads wanted, in priority order (running ones included).
    package private(set) var wanted: [TrayMediaRequest] = []
    /// Item ids read already, or that failed: not read again.
    package private(set) var finished: Set<String> = []

    /// A queue running at most `limit` reads at once (at least 1).
    package init(limit: Int = 3) {
        self.limit = Swift.max(limit, 1)
    }

    /// The reads now wanted, in priority order (duplicates and finished ones are dropped).
    ///
    /// - Returns: The running reads no longer wanted (cancel them), and the reads to start so
    ///   that the most wanted ones run, up to ``limit``.
    @discardableResult
    package mutating func want(_ requests: [TrayMediaRequest]) -> Changes {
        var seen = Set<String>()
        wanted = requests.filter { !finished.contains($0.itemID) && seen.insert($0.itemID).inserted }
        var changes = Changes()
        let wantedIDs = Set(wanted.map(\.itemID))
        changes.cancel = running.filter { !wantedIDs.contains($0.itemID) }
        running.removeAll { !wantedIDs.contains($0.itemID) }
        changes.start = fill()
        return changes
    }

    /// The read of `itemID` ended (read, or failed): it is not read again, and the next wanted
    /// read starts.
    ///
    /// - Returns: The reads to start.
    @discardableResult
    package mutating func finish(_ itemID: String) -> [TrayMediaRequest] {
        guard running.contains(where: { $0.itemID == itemID }) else { return [] }
        running.removeAll { $0.itemID == itemID }
        wanted.removeAll { $0.itemID == itemID }
        finished.insert(itemID)
        return fill()
    }

    /// Starts the most wanted reads not running, up to the limit.
    private mutating func fill() -> [TrayMediaRequest] {
        var started: [TrayMediaRequest] = []
        for request in wanted where running.count < limit && !running.contains(where: { $0.itemID == request.itemID }) {
            running.append(request)
            started.append(request)
        }
        return started
    }
}
