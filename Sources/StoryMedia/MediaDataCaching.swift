// MARK: - MediaDataCaching

/// Bytes by key kept across launches, as a ``MediaPipeline`` uses them (Nuke's `DataCaching`):
/// ``DiskCache``, or a test's or app's own.
///
/// The cache owns the order of its writes, so its users need not: a conforming type runs its
/// calls in the order they were made — a ``data(for:)`` sees every ``storeInBackground(_:for:)``
/// and ``remove(_:)`` made before it, and of two stores for one key the later wins — and does
/// its blocking I/O on a thread of its own, not on Swift's cooperative pool.
public protocol MediaDataCaching: AnyObject, Sendable {
    /// The bytes stored for `key`, or nil; sees every store and removal made before the call.
    ///
    /// - Throws: What the cache cannot read (the pipeline treats it as a miss).
    func data(for key: String) async throws -> [UInt8]?

    /// Queues a store of `bytes` for `key` and returns at once; it runs after every call made
    /// before it, and failures are the cache's to handle (the entry is then missing).
    func storeInBackground(_ bytes: [UInt8], for key: String)

    /// Removes the entry for `key`, after every call made before.
    ///
    /// - Throws: What the cache cannot remove.
    func remove(_ key: String) async throws

    /// Waits until every call made before it, queued stores included, is done.
    func flush() async
}
