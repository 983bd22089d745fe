// MARK: - PageSlots

/// The bookkeeping of a pager that keeps a view only for the pages on screen: which page owns
/// which view, and a small pool of views that left the screen, to be handed back for reuse.
///
/// Generic over the view type so that the rules are plain Swift and tested on every platform;
/// ``CubePagerView`` stores its face views in it. Updating to a new set of visible pages first
/// unmounts the views of pages that left (into the pool, or dropped when it is full), then mounts
/// the arriving pages, each offered the most recently pooled view: a page that leaves is reused
/// at once by the page that arrives in the same update (a jump from page 0 to page 5).
struct PageSlots<Page> {
    /// The views of the pages on screen, by page index.
    private(set) var mounted: [Int: Page] = [:]
    /// Views that left the screen, most recent last, at most ``capacity`` of them.
    private(set) var pool: [Page] = []
    /// How many unmounted views are kept for reuse; more are dropped (lowering it drops the
    /// oldest pooled views at once). Negative counts as 0.
    var capacity: Int {
        didSet {
            capacity = max(capacity, 0)
            if pool.count > capacity { pool.removeFirst(pool.count - capacity) }
        }
    }

    /// What one ``update(visible:provide:)`` did, for the caller to move views in and out of the
    /// view hierarchy.
    struct Changes {
        /// The views of pages that are no longer visible, now in the pool or dropped.
        var unmounted: [Page] = []
        /// The pages of ``unmounted``, in the same order.
        var unmountedIndices: [Int] = []
        /// The pages that became visible, in the order they were provided.
        var mounted: [Int] = []
        /// The views of ``mounted``, in the same order.
        var mountedPages: [Page] = []
        /// The pooled views dropped because the pool was full, oldest first (views unmounted by
        /// this update or an earlier one).
        var dropped: [Page] = []

        /// One page that went off screen or came on.
        struct DisplayChange {
            /// The page's view.
            var page: Page
            /// The page's index.
            var index: Int
            /// Whether it came on screen (true) or went off (false).
            var isDisplayed: Bool
        }

        /// The pages that went off screen, then those that came on, in the order a pager reports
        /// them to its delegate.
        var displayChanges: [DisplayChange] {
            zip(unmounted, unmountedIndices).map { DisplayChange(page: $0, index: $1, isDisplayed: false) }
                + zip(mountedPages, mounted).map { DisplayChange(page: $0, index: $1, isDisplayed: true) }
        }
    }

    /// Creates empty bookkeeping.
    ///
    /// - Parameter capacity: How many unmounted views to keep for reuse; negative counts as 0.
    init(capacity: Int = 2) {
        self.capacity = max(capacity, 0)
    }

    /// Brings the mounted pages to exactly `visible`.
    ///
    /// - Parameters:
    ///   - visible: The indices on screen; duplicates count once.
    ///   - provide: Makes the view of a page that became visible, given a pooled view to reuse
    ///     (or nil when the pool is empty).
    /// - Returns: What changed.
    @discardableResult
    mutating func update(visible: some Sequence<Int>, provide: (_ index: Int, _ reusable: Page?) -> Page) -> Changes {
        var changes = Changes()
        var wanted: [Int] = []
        for index in visible where !wanted.contains(index) { wanted.append(index) }
        for index in mounted.keys.sorted() where !wanted.contains(index) {
            if let page = mounted.removeValue(forKey: index) { unmount(page, index: index, into: &changes) }
        }
        for index in wanted where mounted[index] == nil {
            let page = provide(index, pool.popLast())
            mounted[index] = page
            changes.mounted.append(index)
            changes.mountedPages.append(page)
        }
        return changes
    }

    /// Unmounts every page (a reload: all views must be configured again), keeping at most
    /// ``capacity`` in the pool.
    ///
    /// - Returns: What changed (``Changes/mounted`` is empty).
    @discardableResult
    mutating func unmountAll() -> Changes {
        var changes = Changes()
        for index in mounted.keys.sorted() {
            if let page = mounted.removeValue(forKey: index) { unmount(page, index: index, into: &changes) }
        }
        return changes
    }

    /// Records an unmounted view and puts it in the pool, dropping the oldest pooled view when
    /// it is full.
    private mutating func unmount(_ page: Page, index: Int, into changes: inout Changes) {
        changes.unmounted.append(page)
        changes.unmountedIndices.append(index)
        guard capacity > 0 else { changes.dropped.append(page); return }
        if pool.count == capacity { changes.dropped.append(pool.removeFirst()) }
        pool.append(page)
    }
}
