import StoryMedia

// MARK: - TrayPrefetcher

/// Reads the first items of the avatars in view through the app's `MediaByteSource`, so that a
/// tap finds them cached: ``TrayPrefetchQueue``'s changes carried out with one task per read.
///
/// The reads' bytes are dropped here; the source (the media pipeline) keeps them. Tasks are
/// cancelled when their avatar scrolls far away, and when the prefetcher goes away.
@MainActor
package final class TrayPrefetcher {
    private let source: any MediaByteSource
    package private(set) var queue: TrayPrefetchQueue
    private var tasks: [String: Task<Void, Never>] = [:]

    /// A prefetcher reading from `source`, at most `limit` reads at once.
    package init(source: any MediaByteSource, limit: Int = 3) {
        self.source = source
        queue = TrayPrefetchQueue(limit: limit)
    }

    deinit {
        for task in tasks.values { task.cancel() }
    }

    /// The reads now wanted, in priority order: far-away reads stop, the most wanted start.
    package func want(_ requests: [TrayMediaRequest]) {
        let changes = queue.want(requests)
        for request in changes.cancel {
            tasks.removeValue(forKey: request.itemID)?.cancel()
        }
        start(changes.start)
    }

    /// Whether reads are under way.
    package var isIdle: Bool { tasks.isEmpty }

    /// Waits until no read is under way (for tests: reads end as the source answers).
    package func waitUntilIdle() async {
        while let task = tasks.values.first {
            await task.value
        }
    }

    private func start(_ requests: [TrayMediaRequest]) {
        for request in requests {
            let source = self.source
            tasks[request.itemID] = Task { [weak self] in
                _ = try? await request.read(from: source)
                guard !Task.isCancelled else { return }
                self?.finished(request.itemID)
            }
        }
    }

    private func finished(_ itemID: String) {
        tasks[itemID] = nil
        start(queue.finish(itemID))
    }
}
