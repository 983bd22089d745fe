import Foundation

/// Decoded images (or any values) in memory, bounded by a cost in bytes that the caller gives per
/// entry, least recently used dropped first.
///
/// Generic over the stored value so that StoryMedia stays free of UIKit: the front-end keeps
/// `UIImage`s (or `CGImage`s) in a `MemoryImageCache<URL, UIImage>` and calls ``removeAll()`` on
/// a memory warning.
///
/// ```swift
/// let images = MemoryImageCache<String, [UInt8]>(capacity: 64 << 20)   // 64 MiB
/// images.insert(pixels, for: "https://example.com/a.jpg", cost: pixels.count)
/// let hit = images.value(for: "https://example.com/a.jpg")            // most recent now
/// images.removeAll()                                                   // on a memory warning
/// ```
///
/// **Why a lock, not an actor.** A cell being configured on the main thread asks for its image
/// synchronously and must get it in the same frame; an actor would force an `await` (a suspension
/// and a hop) on every lookup. Every call takes a lock for a few dictionary operations, so the
/// class is safe to share between threads and tasks (`Sendable`); values must be `Sendable`
/// because they leave the lock.
public final class MemoryImageCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    /// The most bytes kept, ≥ 0 (negative capacities are 0, which keeps nothing).
    public let capacity: Int

    /// Guards `entries`.
    private let lock = NSLock()
    /// The entries, cost in bytes.
    private var entries = LeastRecentlyUsed<Key, Value>()

    /// An empty cache holding at most `capacity` bytes.
    ///
    /// - Parameter capacity: In bytes; negative values are 0.
    public init(capacity: Int) {
        self.capacity = max(capacity, 0)
    }

    /// The value for `key`, which becomes the most recently used, or nil.
    public func value(for key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return entries.touch(key)
    }

    /// Keeps `value` for `key` as the most recently used entry, replacing an earlier value, then
    /// drops the least recently used entries until the total is within ``capacity``.
    ///
    /// - Parameters:
    ///   - cost: The value's size in bytes (for a bitmap, bytes per row × height); values below 1
    ///     count as 1, so that the number of entries is bounded too.
    /// - Returns: Whether the value was kept: false when `cost` alone exceeds ``capacity`` (an
    ///   earlier value for `key` is then removed too).
    @discardableResult
    public func insert(_ value: Value, for key: Key, cost: Int) -> Bool {
        let cost = max(cost, 1)
        lock.lock()
        defer { lock.unlock() }
        guard cost <= capacity else {
            entries.remove(key)
            return false
        }
        entries.insert(value, for: key, cost: cost)
        while entries.totalCost > capacity, let oldest = entries.leastRecent {
            entries.remove(oldest.key)
        }
        return true
    }

    /// Removes the value for `key`, if any.
    public func removeValue(for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        entries.remove(key)
    }

    /// Removes every value: what the front-end does on a memory warning.
    public func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
    }

    /// Removes every value whose key `keep` does not accept: what the Stories viewer does on a
    /// memory warning, keeping the current and next items' images (StoryKit's
    /// `MemoryWarningRule`).
    ///
    /// - Parameter keep: Whether the value for a key stays; called under the cache's lock, so it
    ///   must not call the cache.
    /// - Returns: How many values were removed and the sum of their costs, in bytes.
    @discardableResult
    public func removeAll(keeping keep: (Key) -> Bool) -> (count: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        var removed = (count: 0, bytes: 0)
        for key in entries.keysOldestFirst where !keep(key) {
            if let entry = entries.remove(key) {
                removed.count += 1
                removed.bytes += entry.cost
            }
        }
        return removed
    }

    /// Empties the cache every time `center` posts `name`, for as long as the returned
    /// observation is kept: the front-end passes UIKit's
    /// `UIApplication.didReceiveMemoryWarningNotification`.
    ///
    /// ```swift
    /// let warnings = cache.removesAll(on: UIApplication.didReceiveMemoryWarningNotification)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The notification that empties the cache.
    ///   - center: Where it is posted; the default centre unless told.
    /// - Returns: The observation; releasing it stops the emptying.
    public func removesAll(on name: Notification.Name, center: NotificationCenter = .default) -> NotificationObservation {
        let token = center.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in self?.removeAll() }
        return NotificationObservation(token: token, center: center)
    }

    /// Removes every value whose key `keep` does not accept (``removeAll(keeping:)``) every time
    /// `center` posts `name`, for as long as the returned observation is kept: the Stories
    /// viewer's images on `UIApplication.didReceiveMemoryWarningNotification`, keeping what a
    /// viewer on screen shows now and next.
    ///
    /// - Parameters:
    ///   - name: The notification that trims the cache.
    ///   - center: Where it is posted; the default centre unless told.
    ///   - keep: Whether the value for a key stays, asked at each notification, under the
    ///     cache's lock (it must not call the cache).
    /// - Returns: The observation; releasing it stops the trimming.
    public func removesAll(on name: Notification.Name, center: NotificationCenter = .default,
                           keeping keep: @escaping @Sendable (Key) -> Bool) -> NotificationObservation {
        let token = center.addObserver(forName: name, object: nil, queue: nil) { [weak self] _ in self?.removeAll(keeping: keep) }
        return NotificationObservation(token: token, center: center)
    }

    /// The sum of the kept values' costs, in bytes (at most ``capacity``).
    public var totalCost: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.totalCost
    }

    /// The number of kept values.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }

    /// The keys, least recently used first (for tests and diagnostics).
    public var keysLeastRecentFirst: [Key] {
        lock.lock()
        defer { lock.unlock() }
        return entries.keysOldestFirst
    }
}

// MARK: - NotificationObservation

/// An observer registered with a `NotificationCenter`, removed when this object goes away (see
/// ``MemoryImageCache/removesAll(on:center:)``).
public final class NotificationObservation: @unchecked Sendable {
    /// The centre's token (only handed back to the centre, never used otherwise).
    private let token: any NSObjectProtocol
    private let center: NotificationCenter

    init(token: any NSObjectProtocol, center: NotificationCenter) {
        self.token = token
        self.center = center
    }

    deinit { center.removeObserver(token) }
}
