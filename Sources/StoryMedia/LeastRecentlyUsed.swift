/// Values by key in least-recently-used order, each with a cost, for the caches' bounds: every
/// operation is O(1) (a dictionary and a doubly linked list threaded through an array).
///
/// The list knows nothing of a bound; its owner removes the oldest entries while
/// ``totalCost`` is over its capacity.
struct LeastRecentlyUsed<Key: Hashable, Value> {
    /// One entry, linked to its older and newer neighbours by slot (-1: none).
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var older: Int
        var newer: Int
    }

    /// The nodes; a freed slot is nil until it is reused.
    private var nodes: [Node?] = []
    /// Freed slots.
    private var freeSlots: [Int] = []
    /// The slot of each key.
    private var slots: [Key: Int] = [:]
    /// The least recently used slot, or -1 when empty.
    private var oldest = -1
    /// The most recently used slot, or -1 when empty.
    private var newest = -1
    /// The sum of the entries' costs.
    private(set) var totalCost = 0

    /// The number of entries.
    var count: Int { slots.count }

    /// The value and cost for `key`, without making it more recent.
    func peek(_ key: Key) -> (value: Value, cost: Int)? {
        guard let slot = slots[key], let node = nodes[slot] else { return nil }
        return (node.value, node.cost)
    }

    /// Makes `key` the most recently used entry; returns its value, or nil when it is not in.
    @discardableResult
    mutating func touch(_ key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        unlink(slot)
        linkNewest(slot)
        return nodes[slot]!.value
    }

    /// Inserts or replaces the entry for `key` as the most recently used one.
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        remove(key)
        let node = Node(key: key, value: value, cost: cost, older: -1, newer: -1)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        slots[key] = slot
        totalCost += cost
        linkNewest(slot)
    }

    /// Removes the entry for `key`; returns its value and cost, or nil when it was not in.
    @discardableResult
    mutating func remove(_ key: Key) -> (value: Value, cost: Int)? {
        guard let slot = slots.removeValue(forKey: key) else { return nil }
        unlink(slot)
        let node = nodes[slot]!
        nodes[slot] = nil
        freeSlots.append(slot)
        totalCost -= node.cost
        return (node.value, node.cost)
    }

    /// The least recently used entry, or nil when empty.
    var leastRecent: (key: Key, value: Value, cost: Int)? {
        guard oldest >= 0, let node = nodes[oldest] else { return nil }
        return (node.key, node.value, node.cost)
    }

    /// The keys, least recently used first.
    var keysOldestFirst: [Key] {
        var keys: [Key] = []
        var slot = oldest
        while slot >= 0, let node = nodes[slot] {
            keys.append(node.key)
            slot = node.newer
        }
        return keys
    }

    /// Removes every entry.
    mutating func removeAll() {
        self = LeastRecentlyUsed()
    }

    /// Takes `slot` out of the list (its node stays).
    private mutating func unlink(_ slot: Int) {
        let node = nodes[slot]!
        if node.older >= 0 { nodes[node.older]!.newer = node.newer } else { oldest = node.newer }
        if node.newer >= 0 { nodes[node.newer]!.older = node.older } else { newest = node.older }
        nodes[slot]!.older = -1
        nodes[slot]!.newer = -1
    }

    /// Puts `slot` at the newest end of the list.
    private mutating func linkNewest(_ slot: Int) {
        nodes[slot]!.older = newest
        nodes[slot]!.newer = -1
        if newest >= 0 { nodes[newest]!.newer = slot } else { oldest = slot }
        newest = slot
    }
}
