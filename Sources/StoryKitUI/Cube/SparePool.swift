// MARK: - SparePool

/// Objects put aside for reuse, at most ``capacity`` of them: the hosting controllers of
/// ``CubePages``' pages that went off screen, taken again by the next page to come on. Plain,
/// tested on Linux.
package struct SparePool<Item> {
    /// How many spares are kept; an offer beyond it is dropped (the item is released).
    package let capacity: Int
    /// The spares, oldest first.
    package private(set) var items: [Item] = []

    /// An empty pool that keeps up to `capacity` spares (a negative capacity keeps none).
    package init(capacity: Int) {
        self.capacity = max(capacity, 0)
    }

    /// Keeps `item` for reuse while the pool has room; nil (nothing to keep: a page view that
    /// was not a hosting controller's) is ignored.
    ///
    /// - Returns: Whether it was kept.
    @discardableResult
    package mutating func offer(_ item: Item?) -> Bool {
        guard let item, items.count < capacity else { return false }
        items.append(item)
        return true
    }

    /// The most recent spare, taken out of the pool, or nil when there is none.
    package mutating func take() -> Item? {
        items.popLast()
    }
}
