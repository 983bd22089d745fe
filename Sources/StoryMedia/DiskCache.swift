import Foundation

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
/// **One cache per folder.** The actor serialises its calls, so any number of tasks can use one
/// cache; two caches (or processes) on one folder are not supported. Calls block the actor's
/// thread for their file I/O (a store includes a sync, milliseconds on flash storage).
public actor DiskCache {
    /// The largest capacity: 1 TiB. Larger capacities are lowered to it.
    public static let maximumCapacity = 1 << 40
    /// The longest key, in bytes of UTF-8: 8,192.
    public static let maximumKeyLength = 8_192

    /// The folder the cache owns; created by the first call when missing.
    public nonisolated let folder: URL
    /// The most bytes the entry files hold together, 0…``maximumCapacity``; 0 stores nothing.
    public nonisolated let capacity: Int

    /// The file name of an entry's key.
    let fileName: @Sendable (String) -> String
    /// Called after each step of every write (tests stop the process there).
    private let afterEachStage: (@Sendable (AtomicWriteStage) -> Void)?
    /// The entries by file name: the key, the file's size as cost; nil until the folder is read.
    var currentIndex: LeastRecentlyUsed<String, String>?
    /// The last modification time given to a file, in nanoseconds since 1970.
    private var lastStamp: Int64 = 0

    /// A cache in `folder` holding at most `capacity` bytes; nothing is read until the first call.
    ///
    /// - Parameters:
    ///   - folder: A file URL of a folder only this cache uses (entries are `*.entry` files).
    ///   - capacity: In bytes, clamped to 0…``maximumCapacity`` (1 TiB); 0 stores nothing.
    public init(folder: URL, capacity: Int) {
        self.init(folder: folder, capacity: capacity, fileName: nil, afterEachStage: nil)
    }

    /// A cache with its own file names for keys (tests force collisions with it) and a hook after
    /// each step of every write (tests kill the process there).
    package init(folder: URL, capacity: Int, fileName: (@Sendable (String) -> String)?,
                 afterEachStage: (@Sendable (AtomicWriteStage) -> Void)?) {
        self.folder = folder
        self.capacity = min(max(capacity, 0), Self.maximumCapacity)
        self.fileName = fileName ?? Self.fileName(for:)
        self.afterEachStage = afterEachStage
    }

    /// The cached bytes for `key`, which becomes the most recently used, or nil.
    ///
    /// The whole entry is read and checked (size, magic, version, key, both checksums); an entry
    /// that fails is deleted and the answer is nil.
    ///
    /// - Throws: ``DiskCacheError``: `invalidKey`; `unusableFolder` on the first call; `unreadable`
    ///   when the system refuses to read the file (it is then forgotten).
    public func data(for key: String) throws -> [UInt8]? {
        try validate(key)
        return try withIndex { index in
            let name = fileName(key)
            guard let entry = index.peek(name), entry.value == key else { return nil }
            let path = self.path(name)
            let contents: [UInt8]?
            do {
                contents = try AtomicFile.contents(ofFile: path, limit: entry.cost)
            } catch {
                index.remove(name)
                throw DiskCacheError.unreadable(path: path, reason: "\(error)")
            }
            guard let contents, let body = DiskCacheEntry.body(of: contents, key: key) else {
                try? AtomicFile.remove(path)
                index.remove(name)
                return nil
            }
            index.touch(name)
            AtomicFile.setModificationTime(path, nanoseconds: nextStamp())
            return body
        }
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
    public func store(_ bytes: [UInt8], for key: String) throws -> Bool {
        try validate(key)
        let entry = DiskCacheEntry.encode(key: key, body: bytes)
        return try withIndex { index in
            let name = fileName(key)
            let path = self.path(name)
            guard entry.count <= capacity else {
                if index.peek(name) != nil { try evict(name, from: &index) }
                return false
            }
            while index.totalCost + entry.count > capacity, let oldest = index.leastRecent {
                try evict(oldest.key, from: &index)
            }
            do {
                try AtomicFile.replace(path, with: entry) { stage in afterEachStage?(stage) }
            } catch {
                throw DiskCacheError.unwritable(path: path, reason: "\(error)")
            }
            index.insert(key, for: name, cost: entry.count)
            AtomicFile.setModificationTime(path, nanoseconds: nextStamp())
            return true
        }
    }

    /// Removes the entry for `key`, if any.
    ///
    /// - Throws: ``DiskCacheError``: `invalidKey`; `unusableFolder`; `unwritable` when the file
    ///   cannot be removed.
    public func remove(_ key: String) throws {
        try validate(key)
        try withIndex { index in
            let name = fileName(key)
            if index.peek(name)?.value == key { try evict(name, from: &index) }
        }
    }

    /// Removes every entry, and every entry or temporary file in the folder the index does not know.
    ///
    /// - Throws: ``DiskCacheError``: `unusableFolder`; `unwritable` when a file cannot be removed
    ///   (the others are gone).
    public func removeAll() throws {
        try withIndex { index in
            var failure: Error?
            for name in try names() where Self.isEntry(name) || Self.isTemporary(name) {
                do { try AtomicFile.remove(path(name)) } catch { failure = failure ?? error }
                index.remove(name)
            }
            if let failure { throw DiskCacheError.unwritable(path: folder.path, reason: "\(failure)") }
            index.removeAll()
        }
    }

    /// The sum of the entry files' sizes in bytes, at most ``capacity``.
    public func totalSize() throws -> Int { try withIndex { $0.totalCost } }

    /// The keys, least recently used first (for tests and diagnostics).
    public func keysLeastRecentFirst() throws -> [String] {
        try withIndex { index in index.keysOldestFirst.compactMap { index.peek($0)?.value } }
    }

    /// A modification time for a file just stored or read: now, or 1 µs after the last one when
    /// the clock has not moved on (or went back), so that no two files share a time.
    func nextStamp() -> Int64 {
        lastStamp = max(AtomicFile.now(), lastStamp + 1_000)
        return lastStamp
    }

    /// Makes later stamps come after `time` (the newest file found in the folder).
    func stampAtLeast(_ time: Int64) {
        lastStamp = max(lastStamp, time)
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
