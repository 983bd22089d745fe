/// Values by key in least-recently-used order, each with a cost, for the caches' bounds: every
/// operation is O(1) (a dictionary and a doubly linked list threaded through an array).
///
/// The list knows nothing of a bound; its owner removes the oldest entries while
/// ``totalCost`` is over its capacity.
struct LeastRecentlyUsed<Key: Hashable, Value> {
    /// One entry's payload.
    private struct Entry {
        var key: Key
        var value: Value
        var cost: Int
    }

    /// The entries by slot; a freed slot is nil until it is reused.
    private var entries: [Entry?] = []
    /// The older neighbour of each slot's entry (-1: none).
    private var older: [Int] = []
    /// The newer neighbour of each slot's entry (-1: none).
    private var newer: [Int] = []
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
        guard let slot = slots[key], let entry = entries[slot] else { return nil }
        return (entry.value, entry.cost)
    }

    /// Makes `key` the most recently used entry; returns its value, or nil when it is not in.
    @discardableResult
    mutating func touch(_ key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        unlink(slot)
        linkNewest(slot)
        return entries[slot]?.value
    }

    /// Inserts or replaces the entry for `key` as the most recently used one.
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        remove(key)
        let entry = Entry(key: key, value: value, cost: cost)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            entries[slot] = entry
        } else {
            slot = entries.count
            entries.append(entry)
            older.append(-1)
            newer.append(-1)
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
        let entry = entries[slot]
        entries[slot] = nil
        freeSlots.append(slot)
        guard let entry else { return nil }
        totalCost -= entry.cost
        return (entry.value, entry.cost)
    }

    /// The least recently used entry, or nil when empty.
    var leastRecent: (key: Key, value: Value, cost: Int)? {
        guard oldest >= 0, let entry = entries[oldest] else { return nil }
        return (entry.key, entry.value, entry.cost)
    }

    /// The keys, least recently used first.
    var keysOldestFirst: [Key] {
        var keys: [Key] = []
        var slot = oldest
        while slot >= 0, let entry = entries[slot] {
            keys.append(entry.key)
            slot = newer[slot]
        }
        return keys
    }

    /// Removes every entry.
    mutating func removeAll() {
        self = LeastRecentlyUsed()
    }

    /// Takes `slot` out of the list (its entry stays).
    private mutating func unlink(_ slot: Int) {
        let before = older[slot], after = newer[slot]
        if before >= 0 { newer[before] = after } else { oldest = after }
        if after >= 0 { older[after] = before } else { newest = before }
        older[slot] = -1
        newer[slot] = -1
    }

    /// Puts `slot` at the newest end of the list.
    private mutating func linkNewest(_ slot: Int) {
        older[slot] = newest
        newer[slot] = -1
        if newest >= 0 { newer[newest] = slot } else { oldest = slot }
        newest = slot
    }
}
