/// The seen item ids in the order they were first seen, oldest first, at most `capacity` of them:
/// the model behind ``SeenStateStore``, free of I/O.
///
/// An ordered list keeps the age that the bound needs (the oldest ids go first) and a set answers
/// "is this id in?" in constant time. Seeing an id again does not make it younger: age is the
/// time it was first seen.
struct SeenIDs: Sendable, Hashable {
    /// The most ids kept, at least 1.
    let capacity: Int
    /// The ids, oldest first, without duplicates.
    private(set) var ordered: [String] = []
    /// The same ids, for lookup.
    private(set) var members: Set<String> = []

    /// An empty list, or `ordered` (oldest first, unique) without its oldest ids beyond `capacity`.
    init(capacity: Int, ordered: [String] = []) {
        self.capacity = max(capacity, 1)
        insert(contentsOf: ordered)
    }

    /// Appends the ids not yet in, in order, then drops the oldest beyond the capacity.
    ///
    /// - Returns: Whether the list changed.
    @discardableResult
    mutating func insert(contentsOf ids: some Sequence<String>) -> Bool {
        var changed = false
        for id in ids where members.insert(id).inserted {
            ordered.append(id)
            changed = true
        }
        dropOldest()
        return changed
    }

    /// Makes the list hold exactly `set` (its newest `capacity` ids): ids already in keep their
    /// age, the others are appended in ascending order, so the result does not depend on the
    /// set's iteration order.
    mutating func replace(with set: Set<String>) {
        let kept = ordered.filter { set.contains($0) }
        let added = set.subtracting(kept).sorted()
        ordered = kept + added
        members = Set(ordered)
        dropOldest()
    }

    /// Removes the oldest ids until at most `capacity` are left.
    private mutating func dropOldest() {
        let excess = ordered.count - capacity
        guard excess > 0 else { return }
        for id in ordered[..<excess] { members.remove(id) }
        ordered.removeFirst(excess)
    }

    /// What is wrong with `id` as a seen id, or nil when nothing is.
    ///
    /// An id is 1…``SeenStateStore/maximumIDLength`` bytes of UTF-8 (1 KiB) without control
    /// characters (U+0000…U+001F and U+007F), so that a file of the default 10,000 ids stays
    /// within about 20 MB even when every byte needs escaping.
    static func problem(with id: String) -> String? {
        if id.isEmpty { return "an empty id" }
        let length = id.utf8.count
        if length > SeenStateStore.maximumIDLength {
            return "an id of \(length) bytes (at most \(SeenStateStore.maximumIDLength))"
        }
        if let control = id.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            let hex = String(control.value, radix: 16, uppercase: true)
            return "an id with the control character U+\(String(repeating: "0", count: 4 - hex.count) + hex)"
        }
        return nil
    }
}
