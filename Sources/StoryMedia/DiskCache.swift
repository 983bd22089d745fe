import Foundation
import StoryFiles

/// Bytes by key (usually a URL) in files in one folder, bounded in bytes, least recently used
/// dropped first; crash-safe and checksummed, so a partial or corrupt file is never served.
///
/// ```swift
/// let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
/// let cache = DiskCache(folder: caches.appendingPathComponent("stories"), capacity: 200 << 20)
/// let key = "https://example.com/story-17.jpg"
/// if let bytes = try await cache.data(for: key) {
///     show(bytes)                                  // checked: length, CRC-32, key
/// } else {
///     let bytes = try await download(key)
///     try await cache.store(bytes, for: key)       // atomic; evicts the least recently used
///     show(bytes)
/// }
/// ```
///
/// **Never a partial or corrupt entry.** Each entry is one file: a header (magic, format version,
/// key, body length, CRC-32 of the body, CRC-32 of the header) and the body, written with an atomic
/// replacement (temporary file, sync, rename, folder sync). Every read checks all of it; an entry
/// that fails is deleted and the read is a miss (`nil`). The format is in <doc:DiskCacheFormat>.
///
/// **Bounded on every store.** The entry files (headers included) never hold more than
/// ``capacity`` bytes: before each write, the least recently used entries are removed until the
/// new file fits beside the others, the temporary file included. An entry larger than the
/// capacity is not stored (``store(_:for:)`` returns false).
///
/// **Survives restarts.** The first call reads the folder: each entry's header (not its body),
/// deleting unreadable entries and temporary files left by a killed write. The
/// least-recently-used order is kept in the files' modification times: each store and each hit
/// sets the file's time to a clock that never repeats (now, or 1 µs after the last stamp), so the
/// order survives a restart exactly where the file system keeps microseconds (APFS, ext4) and
/// approximately elsewhere (ties are ordered by file name).
///
/// **Keys.** Any string of 1…``maximumKeyLength`` bytes of UTF-8. The file name is a 64-bit
/// FNV-1a hash of the key; the key itself is in the header and is compared on every read, so two
/// keys with the same hash never see each other's bytes: they share one file and evict each other.
///
/// **Its own thread, in order.** Every call runs on the cache's own serial `DispatchQueue`, never
/// on Swift's cooperative thread pool, so its blocking file I/O (a store includes a sync,
/// milliseconds on flash storage) never holds a thread that tasks need (Nuke's `DataCache` works
/// the same way). The queue runs calls in the order they were made: a read sees every store and
/// removal asked for before it, and of two stores for one key the later wins, including the
/// ``storeInBackground(_:for:)`` stores a ``MediaPipeline`` makes (see ``MediaDataCaching``).
/// Any number of tasks can use one cache; two caches (or processes) on one folder are not
/// supported.
public final class DiskCache: MediaDataCaching {
    /// The largest capacity: 1 TiB. Larger capacities are lowered to it.
    public static let maximumCapacity = 1 << 40
    /// The longest key, in bytes of UTF-8: 8,192.
    public static let maximumKeyLength = 8_192

    /// The folder the cache owns; created by the first call when missing.
    public let folder: URL
    /// The most bytes the entry files hold together, 0…``maximumCapacity``; 0 stores nothing.
    public let capacity: Int

    /// The files and the index, on the serial queue every call runs on, in the order the calls
    /// were made.
    private let queue: FileQueue<DiskCacheStore>

    /// A cache in `folder` holding at most `capacity` bytes; nothing is read until the first call.
    ///
    /// - Parameters:
    ///   - folder: A file URL of a folder only this cache uses (entries are `*.entry` files).
    ///   - capacity: In bytes, clamped to 0…``maximumCapacity`` (1 TiB); 0 stores nothing.
    public convenience init(folder: URL, capacity: Int) {
        self.init(folder: folder, capacity: capacity, fileName: nil, afterEachStage: nil)
    }

    /// A cache with its own file names for keys (tests force collisions with it) and a hook after
    /// each step of every write (tests kill the process there).
    package init(folder: URL, capacity: Int, fileName: (@Sendable (String) -> String)?,
                 afterEachStage: (@Sendable (AtomicWriteStage) -> Void)?) {
        self.folder = folder
        self.capacity = min(max(capacity, 0), Self.maximumCapacity)
        let store = DiskCacheStore(folder: folder, capacity: self.capacity, fileName: fileName ?? Self.fileName(for:),
                                   afterEachStage: afterEachStage)
        queue = FileQueue(label: "StoryMedia.DiskCache", state: store)
    }

    /// The cached bytes for `key`, which becomes the most recently used, or nil.
    ///
    /// The whole entry is read and checked (size, magic, version, key, both checksums); an entry
    /// that fails is deleted and the answer is nil.
    ///
    /// - Throws: ``DiskCacheError``: `invalidKey`; `unusableFolder` on the first call; `unreadable`
    ///   when the system refuses to read the file (it is then forgotten).
    public func data(for key: String) async throws -> [UInt8]? {
        try await perform { try $0.data(for: key) }
    }

    /// Stores `bytes` for `key` as the most recently used entry, replacing an earlier entry.
    ///
    /// First removes least recently used entries until the new file fits within ``capacity``
    /// beside the others, then writes it atomically.
    ///
    /// - Returns: Whether it was stored: false when the entry (28 bytes + the key + `bytes`) is
    ///   larger than ``capacity``; an earlier entry for `key` is then removed, so a stale entry is
    ///   not served either.
    /// - Throws: ``DiskCacheError``: `invalidKey`; `unusableFolder`; `unwritable` when the write or
    ///   an eviction fails, in which case the earlier entry for `key` is intact.
    @discardableResult
    public func store(_ bytes: [UInt8], for key: String) async throws -> Bool {
        try await perform { try $0.store(bytes, for: key) }
    }

    /// Queues a store of `bytes` for `key` and returns at once: it runs after every call made
    /// before it, and every later call sees it. A failure leaves the earlier entry (or none);
    /// ``store(_:for:)`` says what failed.
    public func storeInBackground(_ bytes: [UInt8], for key: String) {
        queue.submit { store in _ = try? store.store(bytes, for: key) }
    }

    /// Removes the entry for `key`, if any.
    ///
    /// - Throws: ``DiskCacheError``: `invalidKey`; `unusableFolder`; `unwritable` when the file
    ///   cannot be removed.
    public func remove(_ key: String) async throws {
        try await perform { try $0.remove(key) }
    }

    /// Removes every entry, and every entry or temporary file in the folder the index does not know.
    ///
    /// - Throws: ``DiskCacheError``: `unusableFolder`; `unwritable` when a file cannot be removed
    ///   (the others are gone).
    public func removeAll() async throws {
        try await perform { try $0.removeAll() }
    }

    /// Waits until every call made before it, ``storeInBackground(_:for:)`` stores included, is
    /// done.
    public func flush() async {
        _ = try? await perform { _ in () }
    }

    /// The sum of the entry files' sizes in bytes, at most ``capacity``.
    public func totalSize() async throws -> Int { try await perform { try $0.totalSize() } }

    /// The keys, least recently used first (for tests and diagnostics).
    public func keysLeastRecentFirst() async throws -> [String] {
        try await perform { try $0.keysLeastRecentFirst() }
    }

    /// Runs `work` on the cache's queue after every call made before, and returns its result.
    private func perform<Result: Sendable>(_ work: @escaping @Sendable (DiskCacheStore) throws -> Result) async throws
        -> Result {
        try await queue.perform(work)
    }

    /// The default file name of `key`: its 64-bit FNV-1a hash in 16 hexadecimal digits, `.entry`.
    package static func fileName(for key: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits + ".entry"
    }
}

/// Deterministic bytes for the cache's tests and their child process, which must agree on them.
package enum CacheBytes {
    /// `count` bytes that depend on `seed` and on their position.
    package static func make(count: Int, seed: UInt8) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8 &+ Int(seed)) }
    }
}
