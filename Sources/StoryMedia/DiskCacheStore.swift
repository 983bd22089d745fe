import Foundation
import StoryFiles

/// The disk cache's files and index, used on ``DiskCache``'s serial queue only (never on Swift's
/// cooperative pool): every call is synchronous, blocking its thread for its file I/O (a store
/// includes a sync, milliseconds on flash storage). See ``DiskCache`` for the behaviour.
final class DiskCacheStore {
    /// The folder the cache owns; created by the first call when missing.
    let folder: URL
    /// The most bytes the entry files hold together, 0…``DiskCache/maximumCapacity``; 0 stores
    /// nothing.
    let capacity: Int

    /// The file name of an entry's key.
    let fileName: @Sendable (String) -> String
    /// Called after each step of every write (tests stop the process there).
    let afterEachStage: (@Sendable (AtomicWriteStage) -> Void)?
    /// The entries by file name: the key, the file's size as cost; nil until the folder is read.
    var currentIndex: LeastRecentlyUsed<String, String>?
    /// The last modification time given to a file, in nanoseconds since 1970.
    private var lastStamp: Int64 = 0

    /// A store in `folder` holding at most `capacity` bytes (clamped by ``DiskCache``), naming
    /// entry files with `fileName`, calling `afterEachStage` after each step of every write.
    init(folder: URL, capacity: Int, fileName: @escaping @Sendable (String) -> String,
         afterEachStage: (@Sendable (AtomicWriteStage) -> Void)?) {
        self.folder = folder
        self.capacity = capacity
        self.fileName = fileName
        self.afterEachStage = afterEachStage
    }

    /// The cached bytes for `key`, which becomes the most recently used, or nil.
    ///
    /// The whole entry is read and checked (size, magic, version, key, both checksums); an entry
    /// that fails is deleted and the answer is nil.
    ///
    /// - Throws: ``DiskCacheError``: `invalidKey`; `unusableFolder` on the first call; `unreadable`
    ///   when the system refuses to read the file (it is then forgotten).
    func data(for key: String) throws -> [UInt8]? {
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
    func store(_ bytes: [UInt8], for key: String) throws -> Bool {
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
    func remove(_ key: String) throws {
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
    func removeAll() throws {
        try withIndex { index in
            var failure: Error?
            for name in try names() where DiskCache.isEntry(name) || DiskCache.isTemporary(name) {
                do { try AtomicFile.remove(path(name)) } catch { failure = failure ?? error }
                index.remove(name)
            }
            if let failure { throw DiskCacheError.unwritable(path: folder.path, reason: "\(failure)") }
            index.removeAll()
        }
    }

    /// The sum of the entry files' sizes in bytes, at most ``capacity``.
    func totalSize() throws -> Int { try withIndex { $0.totalCost } }

    /// The keys, least recently used first (for tests and diagnostics).
    func keysLeastRecentFirst() throws -> [String] {
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

}
